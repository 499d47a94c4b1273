import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithSchema } from "~/utils/form";
import { Form, useNavigation } from "@remix-run/react";
import { contactSchema, MESSAGE_MAX } from "~/schemas/contact";
import { Field, FormErrors, TextareaField } from "./forms";

/** Contact Me / Feedback: queues an email to the owner. */
export function ContactForm({
  lastResult,
  label,
  defaultEmail,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: string;
  /** The signed-in sender's address. */
  defaultEmail?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaultEmail ? { email: defaultEmail } : undefined,
    onValidate: ({ formData }) => parseWithSchema(formData, contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label="Your email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      />
      <TextareaField
        label={label}
        textareaProps={{ ...getTextareaProps(fields.message), rows: 6, maxLength: MESSAGE_MAX }}
        errors={fields.message.errors}
        errorId={fields.message.errorId}
      />
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        Send
      </button>
    </Form>
  );
}
