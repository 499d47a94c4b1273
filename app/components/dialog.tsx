import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "./icons";

/**
 * The one modal dialog. Most are URL state (`?confirm=…`, `?signup=…`): the
 * server renders them, and closing is a link back to the page without them
 * (`closeHref`), so they work without JS. A dialog a component opened itself
 * (with JS: the composer's modal, Discard Post?) closes through `onClose`
 * instead; one with neither (uploading, busy) cannot be closed. With JS,
 * focus moves into it, Escape closes it and focus returns where it was.
 */
export function Dialog({
  title,
  id = "dialog",
  closeHref,
  onClose,
  description,
  alert = false,
  wide = false,
  closeButton = false,
  hideTitle = false,
  className,
  children,
}: {
  title: ReactNode;
  /** Prefix of the title's and description's ids (one dialog per page at a time). */
  id?: string;
  closeHref?: string;
  onClose?: () => void;
  /** The sentence that says what the dialog asks (aria-describedby). */
  description?: ReactNode;
  /** An alertdialog: it asks before something happens, or says what is happening. */
  alert?: boolean;
  wide?: boolean;
  /** A × in the corner (prompts); confirmations have their own Cancel. */
  closeButton?: boolean;
  /** The title is for screen readers only (the content has its own heading row). */
  hideTitle?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const closable = closeHref !== undefined || onClose !== undefined;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = ref.current;
    (panel?.querySelector<HTMLElement>("[data-autofocus], button:not(.modal__close), a[href]:not(.modal__close), input, textarea, select") ?? panel)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !closable) return;
      if (onClose) onClose();
      else if (closeHref !== undefined) navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
    // Runs once per opening: a new closeHref or callback is the same dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-text` : undefined;
  return (
    <div className="modal">
      {closeHref !== undefined ? (
        <Link to={closeHref} className="modal__backdrop" aria-hidden="true" tabIndex={-1} preventScrollReset replace onClick={onClose} />
      ) : (
        <div className="modal__backdrop" aria-hidden="true" onClick={onClose} />
      )}
      <div
        ref={ref}
        className={["modal__panel", wide ? "modal__panel--wide" : "", className ?? ""].filter(Boolean).join(" ")}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
      >
        {closeButton && closeHref !== undefined ? (
          <Link to={closeHref} className="icon-button modal__close" aria-label="Close" replace preventScrollReset onClick={onClose}>
            <Icon name="close" />
          </Link>
        ) : closeButton && onClose ? (
          <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        ) : null}
        <h2 id={titleId} className={hideTitle ? "visually-hidden" : "modal__title"}>
          {title}
        </h2>
        {description ? <p id={descriptionId}>{description}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** "Updating account data..." (docs/product.md §19) and the like: a dialog that waits, with a spinner. */
export function BusyDialog({ title, text }: { title: string; text: string }) {
  return (
    <Dialog title={title} id="busy" description={text} alert className="modal__panel--busy">
      <div className="spinner" aria-hidden="true" />
    </Dialog>
  );
}

/**
 * A confirmation's buttons: a form posting `fields` (hidden) to `action`, its
 * confirm button, and Cancel back to `cancelHref` (the page without the modal).
 */
export function ConfirmActions({
  action,
  fields,
  label,
  tone,
  cancelHref,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  tone: "primary" | "danger";
  cancelHref: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} className="button-row" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`button button--${tone}`} disabled={busy} data-autofocus>
        {label}
      </button>
      <Link to={cancelHref} className="button" preventScrollReset replace>
        Cancel
      </Link>
    </Form>
  );
}
