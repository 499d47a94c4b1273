import { type FieldMetadata, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { Alert } from "~/types/views";
import { BIO_MAX } from "~/utils/limits";
import { isProfilePhotoName, NOT_PHOTO, PROFILE_PHOTO_ACCEPT } from "~/utils/media-rules";
import { AlertToast } from "./alert";
import { UploadProgress, useUpload } from "./upload-progress";
import { loadProfileSchemas } from "~/schemas/lazy.client";
import { useSchemaForm } from "~/utils/form";
import { ErrorList, FormErrors } from "./field-errors";
import { Avatar } from "./post-parts";
import { safePath } from "~/utils/navigation";

/** "n / 160" while typing (JS); the action enforces the limit either way. */
export function BioField({ field, label = "Bio" }: { field: FieldMetadata<string>; label?: string }) {
  const [count, setCount] = useState(() => normalised(String(field.initialValue ?? "")).length);
  const over = count > BIO_MAX;
  const counterId = `${field.id}-count`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={4}
        aria-describedby={[field.errors ? field.errorId : null, counterId].filter(Boolean).join(" ")}
        onInput={(e) => setCount(normalised(e.currentTarget.value).length)}
      />
      <p id={counterId} className={`field__hint bio-count js-only${over ? " bio-count--over" : ""}`} aria-live="polite">
        {count} / {BIO_MAX}
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** As the server counts it: one character per line break, no surrounding space. */
function normalised(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}


/**
 * Choose and send a profile photo. Without JS a plain multipart form post to
 * `action`; with JS the name is checked at once ("Only photos are allowed!")
 * and the file goes to /profile/photo with "Uploading Photos..." and a
 * progress bar, then the page moves on to `next`.
 */
/** The bio form of Edit Profile and of set-up step two; only their buttons differ. */
export function BioForm({
  action,
  bio,
  lastResult,
  children,
}: {
  action: string;
  bio: string;
  lastResult?: SubmissionResult<string[]>;
  /** The buttons. */
  children: ReactNode;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadProfileSchemas().then((m) => m.bioSchema), {
    lastResult,
    defaultValue: { bio },
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" action={action} {...formProps} className="stack" preventScrollReset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <BioField field={fields.bio} />
      <div className="button-row">{children}</div>
    </Form>
  );
}

export function PhotoForm({
  action,
  next,
  alertOnSuccess,
  avatarUrl,
  name,
  submitLabel,
  error,
  requireFile = true,
  label = "Change photo",
  children,
}: {
  action: string;
  next: string;
  alertOnSuccess: boolean;
  avatarUrl: string | null;
  name: string;
  submitLabel: string;
  error?: string | null;
  /** Set-up's Next goes on without a photo; Edit's Save asks for one. */
  requireFile?: boolean;
  label?: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [message, setMessage] = useState(error ?? null);
  // The photo upload's refusal (docs/product.md §5) is an alert too (the server's answer included, without JS).
  const [alert, setAlert] = useState<Alert | null>(() => (error ? { id: "server", type: "danger", message: error } : null));
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUpload<{ ok: true; redirectTo: string } | { ok: false; error: string }>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => setMessage(error ?? null), [error]);
  // A new photo came back from the server: it replaces the preview.
  useEffect(() => {
    setPreview(null);
    if (inputRef.current) inputRef.current.value = "";
  }, [avatarUrl]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function refuse(text: string) {
    setPreview(null);
    setMessage(text);
    setAlert({ id: `${Date.now()}`, type: "danger", message: text });
  }

  function onChange(event: FormEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    if (!file) return;
    if (!isProfilePhotoName(file.name)) return refuse(NOT_PHOTO);
    setMessage(null);
    setPreview(URL.createObjectURL(file));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const file = inputRef.current?.files?.[0];
    if (!file) {
      if (!requireFile) return; // an ordinary submission: the server moves on
      event.preventDefault();
      return refuse("Choose a photo first.");
    }
    event.preventDefault();
    if (!isProfilePhotoName(file.name)) return refuse(NOT_PHOTO);
    const data = new FormData(event.currentTarget);
    void upload.send("/profile/photo", data).then((body) => {
      if (body?.ok) navigate(safePath(body.redirectTo, "/profile/edit"), { replace: true });
      else refuse(body?.error ?? "Something went wrong.");
    });
  }

  const busy = upload.progress !== null || (navigation.state === "submitting" && navigation.formAction?.startsWith(action.split("?")[0]!) === true);
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="photo-form" onSubmit={onSubmit} noValidate>
      <Avatar author={{ displayName: name, avatarUrl: preview ?? avatarUrl }} size={120} lazy={false} />
      <div className="field">
        <label htmlFor="photo">{label}</label>
        <input
          ref={inputRef}
          id="photo"
          name="photo"
          type="file"
          accept={PROFILE_PHOTO_ACCEPT}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "photo-error" : "photo-hint"}
          onChange={onChange}
        />
        <p id="photo-hint" className="field__hint">
          A JPEG, PNG or GIF.
        </p>
        <ErrorList id="photo-error" errors={message ? [message] : undefined} />
      </div>
      <input type="hidden" name="next" value={next} />
      {alertOnSuccess ? <input type="hidden" name="alert" value="1" /> : null}
      <div className="button-row">
        <button type="submit" name="intent" value="photo" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </div>
      <UploadProgress title="Uploading Photos..." progress={upload.progress} />
      <div className="alerts">{alert ? <AlertToast key={alert.id} alert={alert} /> : null}</div>
    </Form>
  );
}
