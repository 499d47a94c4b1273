import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm, type FormConstraint } from "~/utils/form";
import { Form, useLocation, useNavigation } from "@remix-run/react";
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
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: string;
  /** A signed-in user's address, filled in. */
  defaultEmail?: string;
  /** The schema's limits, from the page's loader (formConstraint). */
  constraint?: FormConstraint;
}) {
  const navigation = useNavigation();
  const { form, fields, formProps } = useSchemaForm(() => loadContactSchemas().then((m) => m.contactSchema), {
    lastResult,
    constraint,
    defaultValue: { email: defaultEmail },
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...formProps} className="stack">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label="Your email" type="email" autoComplete="email" />
      <TextareaField field={fields.message} label={label} rows={6} />
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        Send
      </button>
    </Form>
  );
}
