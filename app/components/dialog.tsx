import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal rendered by the server from URL state. Closing is a link back to the
 * page without it; with JS, focus moves into it and Escape closes it.
 */
export function Dialog({ title, closeHref, children, id = "dialog" }: { title: string; closeHref: string; children: ReactNode; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>("[data-autofocus], button, a[href], input, textarea")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [closeHref, navigate]);
  return (
    <div className="modal">
      <Link to={closeHref} className="modal__backdrop" aria-hidden="true" tabIndex={-1} preventScrollReset replace />
      <div className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} ref={ref}>
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
