import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { commentSchema } from "~/schemas/post";
import { parseWithSchema } from "~/utils/form";
import { POST_MAX_CHARACTERS } from "~/utils/rich-text";
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
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    onValidate: ({ formData }) => parseWithSchema(formData, commentSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!viewer) {
    return (
      <Link to={signUpPromptHref(location.pathname + location.search, visitorReason)} className="comment-box comment-box--visitor" preventScrollReset>
        Write a comment...
      </Link>
    );
  }
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="comment-box" preventScrollReset>
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
