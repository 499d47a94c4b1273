import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { commentSchema } from "~/schemas/post";
import { POST_MAX_CHARACTERS } from "~/utils/rich-text";
import { inputAttributes, useSchemaForm } from "~/utils/schema-form";
import { signUpPromptHref, type SignUpReason } from "~/utils/signup-prompt";
import { useOptionalUser } from "~/utils/user";
import { ErrorList, FormErrors } from "./forms";

/** The inline comment box under a post, game or project (§2): "Write a comment...". */
export function CommentBox({
  action,
  lastResult,
  visitorReason = "comment",
}: {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** Which sign-up prompt a visitor gets (game-comment, project-comment). */
  visitorReason?: SignUpReason;
}) {
  const viewer = useOptionalUser();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const form = useSchemaForm(commentSchema, { lastResult, busy });
  if (!viewer) {
    return (
      <Link to={signUpPromptHref(location.pathname + location.search, visitorReason)} className="comment-box comment-box--visitor" preventScrollReset>
        Write a comment...
      </Link>
    );
  }
  const text = form.field("text");
  // The comment form has no file input: a files message belongs under the text.
  const files = form.field("files");
  const textErrors = [...(text.errors ?? []), ...(files.errors ?? [])];
  return (
    <Form method="post" action={action} {...form.props} className="comment-box" preventScrollReset>
      <input type="hidden" name="intent" value="comment" />
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      <label htmlFor={text.id} className="visually-hidden">
        Comment
      </label>
      <textarea
        {...inputAttributes(text)}
        aria-invalid={textErrors.length ? true : undefined}
        aria-describedby={textErrors.length ? text.errorId : undefined}
        placeholder="Write a comment..."
        rows={2}
        maxLength={POST_MAX_CHARACTERS + 200}
      />
      <ErrorList id={text.errorId} errors={textErrors} />
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        {busy ? "Sending…" : "Reply"}
      </button>
    </Form>
  );
}
