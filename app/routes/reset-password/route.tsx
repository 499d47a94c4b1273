import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { NewPasswordFields } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { resetPassword } from "~/models/accounts.server";
import { getUserById } from "~/models/users.server";
import { checkToken, consumeToken } from "~/models/verifications.server";
import { resetPasswordSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Reset password" };

const expired = (request: Request) => redirectWithAlert(request, "/forgotpassword", { type: "danger", message: AUTH_MESSAGES["link-invalid"] });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const checked = await checkToken("reset", token);
  if (!checked.ok) return expired(request);
  return { token, email: checked.row.target };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithSchema(await readForm(request), resetPasswordSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), { status: 400 });
  const used = await consumeToken("reset", submission.value.token);
  const user = used.ok && used.row.userId ? await getUserById(used.row.userId) : undefined;
  if (!used.ok || !user || user.email !== used.row.target) return expired(request);
  // Also ends every session: whoever knew the old password (or registered the address) is out.
  await resetPassword(user.id, submission.value.newPassword!);
  const params = new URLSearchParams({ method: "password", email: user.email });
  return redirectWithAlert(request, `/login?${params}`, { type: "success", message: "Your password has been reset. Log in with your new password." });
}

export default function ResetPassword() {
  const { token, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.resetPasswordSchema), {
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <section className="panel auth stack" aria-labelledby="reset-title">
      <h2 id="reset-title" className="panel__title">
        Choose a new password
      </h2>
      <p className="auth__lead">
        For <span className="auth__address">{email}</span>.
      </p>
      <Form method="post" {...formProps} className="stack">
        <input type="hidden" name="token" value={token} />
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <SubmitButton busyLabel="Saving...">Save new password</SubmitButton>
      </Form>
    </section>
  );
}
