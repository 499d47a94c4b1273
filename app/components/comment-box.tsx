import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useSchemaForm } from "~/utils/form";
import { POST_MAX_CHARACTERS } from "~/utils/limits";
import type { SignUpReason } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";
import { ErrorList, FormErrors } from "./field-errors";
import { SuspensionNotice } from "./suspension-notice";
import { loadPostSchemas } from "~/schemas/lazy.client";

/** The inline comment box under a post (docs/product.md §6): "Write a comment...". */
/** A new page (as after a sent comment) starts a fresh form; a refused one keeps its draft. */
export function CommentBox(props: Parameters<typeof CommentForm>[0]) {
  return <CommentForm key={useLocation().key} {...props} />;
}

function CommentForm({
  action,
  lastResult,
  visitorReason = "comment",
}: {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The sign-up prompt a visitor gets (comments on games and projects have their own). */
  visitorReason?: SignUpReason;
}) {
  const viewer = useOptionalUser();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const { form, fields, formProps } = useSchemaForm(() => loadPostSchemas().then((m) => m.commentSchema), {
    lastResult: busy ? null : lastResult,
    shouldValidate: "onSubmit",
  });
  // A suspended user is told why, where the box would be (a refused comment keeps its draft, with the reason).
  if (viewer?.suspension && !lastResult) return <SuspensionNotice text={viewer.suspension} />;
  // A visitor gets the sign-up prompt, a signed-in user who is not a student here the verify-school prompt.
  const prompt = actionPromptHref(viewer, location.pathname + location.search, visitorReason);
  if (prompt) {
    return (
      <Link to={prompt} className="comment-box comment-box--visitor" preventScrollReset>
        Write a comment...
      </Link>
    );
  }
  return (
    <Form method="post" action={action} {...formProps} className="comment-box" preventScrollReset>
      <input type="hidden" name="intent" value="comment" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.text.id} className="visually-hidden">
        Comment
      </label>
      <textarea
        {...getTextareaProps(fields.text)}
        key={fields.text.key}
        placeholder="Write a comment..."
        rows={2}
        maxLength={POST_MAX_CHARACTERS + 200}
      />
      <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        {busy ? "Sending…" : "Reply"}
      </button>
    </Form>
  );
}
