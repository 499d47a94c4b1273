import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { PASSWORD_MAX } from "~/utils/limits";
import { ErrorList } from "./field-errors";

type Errors = string[] | undefined;

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
/** A 6-digit code from an email (sign-up and school verification). */
export function CodeField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return (
    <Field
      label={label}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        inputMode: "numeric",
        autoComplete: "one-time-code",
        maxLength: 6,
        className: "code-input",
      }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
}

/** A new password and its re-entry (reset and change password). */
export function NewPasswordFields({ newPassword, confirmPassword }: { newPassword: FieldMetadata<string>; confirmPassword: FieldMetadata<string> }) {
  return (
    <>
      <Field
        label="New password"
        inputProps={{ ...getInputProps(newPassword, { type: "password" }), autoComplete: "new-password", maxLength: PASSWORD_MAX }}
        errors={newPassword.errors}
        errorId={newPassword.errorId}
        hint="8 to 30 characters."
      />
      <Field
        label="Re-enter new password"
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password", maxLength: PASSWORD_MAX }}
        errors={confirmPassword.errors}
        errorId={confirmPassword.errorId}
      />
    </>
  );
}
