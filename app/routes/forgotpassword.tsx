import { getInputProps } from "@conform-to/react";
import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { sendPasswordResetEmail } from "~/models/auth-mail.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { getUserByEmail } from "~/models/users.server";
import { createVerification } from "~/models/verifications.server";
import { forgotPasswordSchema } from "~/schemas/index.server";
import { consume } from "~/services/rate-limit.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Forgot password" };

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { sent: url.searchParams.get("sent") === "1", email: url.searchParams.get("email") ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithSchema(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const refuse = (code: keyof typeof AUTH_MESSAGES, status: number) =>
    data(submission.reply({ formErrors: [AUTH_MESSAGES[code]] }), { status });
  const user = await getUserByEmail(email);
  // §8: an inline message here (a browser alert in the original), so it also works without JS.
  if (!user) return refuse("reset-user-not-found", 404);
  if (await isBannedEmail(email)) return refuse("banned", 403);
  if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return refuse("ip-flood", 429);
  if (!(await consume("emailAddress", email)).ok) return refuse("email-flood", 429);
  const created = await createVerification({ type: "reset", target: email, userId: user.id, replace: true });
  await sendPasswordResetEmail(email, { url: absoluteUrl(request, `/reset-password?${new URLSearchParams({ token: created.token })}`) });
  return redirect("/forgotpassword?sent=1");
}

export default function ForgotPassword() {
  const { sent, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.forgotPasswordSchema), {
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  if (sent) {
    return (
      <section className="panel auth stack" aria-labelledby="forgot-title">
        <h2 id="forgot-title" className="panel__title">
          Check your inbox
        </h2>
        <p>Check your inbox for the link to reset your password.</p>
        <p>This may take 1-2 minutes.</p>
        <Link to="/login?method=password" className="button button--primary button--block">
          Go to login
        </Link>
      </section>
    );
  }
  return (
    <section className="panel auth stack" aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="panel__title">
        Forgot password
      </h2>
      <p className="auth__lead">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Form method="post" {...formProps} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <div className="button-row">
          <Link to="/login?method=password" className="button">
            Go back
          </Link>
          <SubmitButton className="button button--primary" busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
