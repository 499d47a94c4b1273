import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

type Errors = string[] | undefined;

export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** A labelled input with its errors, wired by id for screen readers (Conform sets aria-*). */
export function Field({
  label,
  inputProps,
  errors,
  errorId,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  errors: Errors;
  errorId: string;
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps;
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <input key={key} {...props} />
      {hint ? <p className="field__hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  errorId,
  hint,
}: {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string };
  errors: Errors;
  errorId: string;
  hint?: ReactNode;
}) {
  const { key, ...props } = textareaProps;
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <textarea key={key} {...props} />
      {hint ? <p className="field__hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Form-level errors (not tied to one field). */
export function FormErrors({ id, errors }: { id: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
