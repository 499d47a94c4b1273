import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ComponentProps } from "react";
import { useSchemaForm } from "~/utils/form";
import { POST_MAX_CHARACTERS } from "~/utils/limits";
import type { SignUpReason } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { actionPromptHref } from "~/utils/url-state";
import { ErrorList, FormErrors } from "./field-errors";
import { useServerRender } from "./post-parts";
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
  const onServer = useServerRender();
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
  // An empty box is the same for every student: the server draws it without the form library's
  // state (docs/product.md §22). Its ids are the ones the library gives the same box in the
  // browser (one useId, at the same place in the tree), so the browser hydrates it as its own.
  return onServer && !lastResult ? <EmptyCommentForm action={action} /> : <SchemaCommentForm action={action} lastResult={lastResult} />;
}

function EmptyCommentForm({ action }: { action: string }) {
  const id = useId();
  const textId = `${id}-text`;
  return (
    <CommentFormView
      action={action}
      busy={false}
      formProps={{ id, noValidate: true }}
      formErrors={{ id: `${id}-error`, errors: undefined }}
      textProps={{ id: textId, name: "text", form: id }}
      textErrors={{ id: `${textId}-error`, errors: undefined }}
    />
  );
}

function SchemaCommentForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const { form, fields, formProps } = useSchemaForm(() => loadPostSchemas().then((m) => m.commentSchema), {
    lastResult: busy ? null : lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <CommentFormView
      action={action}
      busy={busy}
      formProps={formProps}
      formErrors={{ id: form.errorId, errors: form.errors }}
      textProps={getTextareaProps(fields.text)}
      textKey={fields.text.key}
      textErrors={{ id: fields.text.errorId, errors: fields.text.errors }}
    />
  );
}

type Errors = { id: string; errors: string[] | undefined };
type FormProps = Pick<ComponentProps<"form">, "noValidate" | "onSubmit" | "onFocus" | "onPointerDown" | "aria-invalid" | "aria-describedby"> & { id: string };

/** The box's markup, its form's and text's attributes as the form library derives them. */
function CommentFormView({
  action,
  busy,
  formProps,
  formErrors,
  textProps,
  textKey,
  textErrors,
}: {
  action: string;
  busy: boolean;
  formProps: FormProps;
  formErrors: Errors;
  textProps: ComponentProps<"textarea"> & { id: string };
  textKey?: string;
  textErrors: Errors;
}) {
  return (
    <Form method="post" action={action} {...formProps} className="comment-box" preventScrollReset>
      <input type="hidden" name="intent" value="comment" />
      <FormErrors id={formErrors.id} errors={formErrors.errors} />
      <label htmlFor={textProps.id} className="visually-hidden">
        Comment
      </label>
      <textarea {...textProps} key={textKey} placeholder="Write a comment..." rows={2} maxLength={POST_MAX_CHARACTERS + 200} />
      <ErrorList id={textErrors.id} errors={textErrors.errors} />
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        {busy ? "Sending…" : "Reply"}
      </button>
    </Form>
  );
}
