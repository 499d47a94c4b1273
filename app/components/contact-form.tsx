import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { contactSchema, MESSAGE_MAX } from "~/schemas/contact";
import { inputAttributes, useSchemaForm } from "~/utils/schema-form";
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
  const form = useSchemaForm(contactSchema, { lastResult, defaultValue: { email: defaultEmail } });
  const email = form.field("email");
  const message = form.field("message");
  return (
    <Form method="post" {...form.props} className="stack">
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      <Field label="Your email" inputProps={{ ...inputAttributes(email), type: "email", autoComplete: "email" }} errors={email.errors} errorId={email.errorId} />
      <TextareaField
        label={label}
        textareaProps={{ ...inputAttributes(message), rows: 6, maxLength: MESSAGE_MAX }}
        errors={message.errors}
        errorId={message.errorId}
      />
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        Send
      </button>
    </Form>
  );
}
