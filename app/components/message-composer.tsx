// The conversation's composer (docs/product.md §10): a plain form post. Its
// schema loads on the first focus or touch (useSchemaForm), like every other
// form; the page renders it through OnDemand, so the form library itself
// loads at the page's first interaction.
import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { loadMessageSchemas } from "~/schemas/lazy.client";
import { useSchemaForm } from "~/utils/form";
import { CHAT_MESSAGE_MAX } from "~/utils/limits";
import { CANT_MESSAGE, CHAT_PLACEHOLDER } from "~/utils/messages";
import { useOptionalUser } from "~/utils/user";
import { ErrorList, FormErrors } from "./field-errors";
import { SuspensionNotice } from "./suspension-notice";

/** The composer (a plain form post); a new page after sending starts it empty, a refused one keeps the draft. */
export function MessageComposer(props: { action: string; lastResult?: SubmissionResult<string[]> | null; canSend: boolean }) {
  return <ComposerForm key={useLocation().key} {...props} />;
}

function ComposerForm({ action, lastResult, canSend }: { action: string; lastResult?: SubmissionResult<string[]> | null; canSend: boolean }) {
  const viewer = useOptionalUser();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const { form, fields, formProps } = useSchemaForm(() => loadMessageSchemas().then((m) => m.messageSchema), {
    lastResult: busy ? null : lastResult,
    shouldValidate: "onSubmit",
  });
  if (!canSend) {
    return (
      <p className="panel composer-blocked" id="composer" role="status">
        {CANT_MESSAGE}
      </p>
    );
  }
  // A refused message keeps its draft, with the reason.
  if (viewer?.suspension && !lastResult) return <SuspensionNotice text={viewer.suspension} id="composer" />;
  return (
    // The form keeps Conform's id (the textarea names it); #composer is the anchor a sent message returns to.
    <div id="composer">
    <Form method="post" action={action} {...formProps} className="message-composer" preventScrollReset>
      <input type="hidden" name="intent" value="send" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.text.id} className="visually-hidden">
        Message
      </label>
      <textarea {...getTextareaProps(fields.text)} key={fields.text.key} placeholder={CHAT_PLACEHOLDER} rows={2} maxLength={CHAT_MESSAGE_MAX + 200} />
      <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        {busy ? "Sending…" : "Send"}
      </button>
    </Form>
    </div>
  );
}
