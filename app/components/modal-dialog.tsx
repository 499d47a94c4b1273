import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "./icons";

/**
 * A modal dialog that is URL state: the server renders it, `closeTo` is the
 * same page without it. With JS it takes focus and Escape closes it.
 */
export function ModalDialog({
  titleId,
  closeTo,
  children,
  onClose,
}: {
  titleId: string;
  closeTo: string;
  children: ReactNode;
  onClose?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeRef.current?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Link ref={closeRef} to={closeTo} className="icon-button modal__close" aria-label="Close" replace onClick={onClose} preventScrollReset>
          <Icon name="close" />
        </Link>
        {children}
      </div>
    </div>
  );
}

/** "Updating account data..." (spec §2) while a slow form is on its way. */
export function BusyDialog({ title, text }: { title: string; text: string }) {
  return (
    <div className="modal-backdrop">
      <div className="modal modal--busy" role="alertdialog" aria-modal="true" aria-labelledby="busy-title" aria-describedby="busy-text">
        <div className="spinner" aria-hidden="true" />
        <h2 id="busy-title">{title}</h2>
        <p id="busy-text">{text}</p>
      </div>
    </div>
  );
}
