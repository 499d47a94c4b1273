// The one way a form field is drawn: from Conform's metadata of the field.
// Its id, name, value, aria-invalid and aria-describedby, its errors and its
// constraints (required, minlength, maxlength…: the loader hands useForm the
// schema's, see formConstraint) all come from there, so a caller passes only
// the label and what the schema cannot know (autocomplete, a placeholder).
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { ErrorList } from "./field-errors";

/** A field of a form whose errors are lists of messages (every form here). */
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** What a caller may add to a control: everything Conform does not derive. */
type Extra<A> = Omit<A, "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "value" | "required" | "children">;

/** The label, the control, its hint and its errors, wired together by the field's ids. */
function FieldShell({ field, label, hint, children }: { field: Meta; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The hint, when there is one, describes the control too. */
const described = (field: Meta, hint: ReactNode) => ({ ariaDescribedBy: hint ? field.descriptionId : undefined });

export function Field({
  field,
  label,
  hint,
  type = "text",
  ...extra
}: { field: Meta; label: ReactNode; hint?: ReactNode; type?: "text" | "email" | "password" } & Extra<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <input {...getInputProps(field, { type, ...described(field, hint) })} {...extra} />
    </FieldShell>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  ...extra
}: { field: Meta; label: ReactNode; hint?: ReactNode } & Extra<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <textarea {...getTextareaProps(field, described(field, hint))} {...extra} />
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  hint,
  children,
  ...extra
}: { field: Meta; label: ReactNode; hint?: ReactNode; children: ReactNode } & Extra<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      <select {...getSelectProps(field, described(field, hint))} {...extra}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A box to tick, its label after it. */
export function CheckboxField({ field, label }: { field: Meta; label: ReactNode }) {
  return (
    <div className="field">
      <div className="checkbox">
        <input {...getInputProps(field, { type: "checkbox" })} />
        <label htmlFor={field.id}>{label}</label>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A 6-digit code from an email (sign-up and school verification). */
export function CodeField({ field, label }: { field: Meta; label: string }) {
  return <Field field={field} label={label} inputMode="numeric" autoComplete="one-time-code" className="code-input" />;
}

/** A new password and its re-entry (reset and change password). */
export function NewPasswordFields({ newPassword, confirmPassword }: { newPassword: Meta; confirmPassword: Meta }) {
  return (
    <>
      <Field field={newPassword} label="New password" type="password" autoComplete="new-password" hint="8 to 30 characters." />
      <Field field={confirmPassword} label="Re-enter new password" type="password" autoComplete="new-password" />
    </>
  );
}
