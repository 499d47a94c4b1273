import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/utils/form";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { MESSAGE_MAX } from "~/utils/limits";
import { Field, TextareaField } from "./forms";
import { FormErrors } from "./field-errors";
import { loadContactSchemas } from "~/schemas/lazy.client";

/** Contact Me / Feedback: queues an email to the owner. */
/** A new page (as after a sent message) starts a fresh form; a refused one keeps its draft. */
export function ContactForm(props: Parameters<typeof ContactFormFields>[0]) {
  return <ContactFormFields key={useLocation().key} {...props} />;
}

function ContactFormFields({
  lastResult,
  label,
  defaultEmail,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: string;
  /** A signed-in user's address, filled in. */
  defaultEmail?: string;
}) {
  const navigation = useNavigation();
  const { form, fields, formProps } = useSchemaForm(() => loadContactSchemas().then((m) => m.contactSchema), {
    lastResult,
    defaultValue: { email: defaultEmail },
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...formProps} className="stack">
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
