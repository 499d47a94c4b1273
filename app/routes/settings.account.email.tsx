import { getInputProps } from "@conform-to/react";
import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountUpdating } from "~/components/account-form";
import { SubmitButton } from "~/components/auth";
import { Field, FormErrors } from "~/components/forms";
import { sendEmailChangeEmail } from "~/models/auth-mail.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { getUserByEmail } from "~/models/users.server";
import { createVerification } from "~/models/verifications.server";
import { changeEmailSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { consume } from "~/services/rate-limit.server";
import { requireUser } from "~/services/session.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAccountSchemas } from "~/schemas/lazy.client";

export const handle: RouteHandle = { title: "Change email" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email };
}

/** The new address takes effect once it is confirmed by the link sent to it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithSchema(await request.formData(), changeEmailSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  if (email === user.email) return redirect("/settings/account");
  const refuse = (code: keyof typeof AUTH_MESSAGES, status: number) =>
    data(submission.reply({ fieldErrors: { email: [AUTH_MESSAGES[code]] } }), { status });
  if (await isBannedEmail(email)) return refuse("banned", 403);
  if (await getUserByEmail(email)) return refuse("email-in-use", 409);
  if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return refuse("ip-flood", 429);
  if (!(await consume("emailAddress", email)).ok) return refuse("email-flood", 429);
  const created = await createVerification({ type: "change-email", target: email, userId: user.id, replace: true });
  await sendEmailChangeEmail(email, { url: absoluteUrl(request, `/auth/email?${new URLSearchParams({ token: created.token })}`) });
  return redirectWithAlert("/settings/account/email", {
    type: "okay",
    message: `Check ${email} for the link that confirms it.`,
    long: true,
  });
}

export default function ChangeEmail() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAccountSchemas().then((m) => m.changeEmailSchema), {
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <section className="panel stack" aria-labelledby="email-title">
      <h2 id="email-title" className="panel__title">
        Change email
      </h2>
      <p className="auth__lead">
        Your email is <span className="auth__address">{email}</span>. We will send a link to the new address; the change
        takes effect when you open it.
      </p>
      <Form method="post" {...formProps} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="New email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <SubmitButton className="button button--primary">Send confirmation link</SubmitButton>
      </Form>
      <AccountUpdating />
    </section>
  );
}
