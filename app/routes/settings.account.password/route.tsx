import { getFormProps, useForm } from "@conform-to/react";
import { parseWithSchema, useValidation } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountUpdating, CurrentPasswordField } from "~/components/account-form";
import { SubmitButton } from "~/components/auth";
import { NewPasswordFields } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { changePassword, hasPassword } from "~/models/accounts.server";
import { changePasswordSchema, setPasswordSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { endOtherSessions, requireUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import { refuseWrongCurrentPassword } from "~/flows/current-password.server";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Change your password" };

const HIDE = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { hasPassword: await hasPassword(user.id), email: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const current = await hasPassword(user.id);
  const submission = parseWithSchema(await readForm(request), current ? changePasswordSchema : setPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const value = submission.value as { currentPassword?: string; newPassword?: string };
  const refused = await refuseWrongCurrentPassword(submission, HIDE.hideFields, () => changePassword(user.id, value.currentPassword ?? "", value.newPassword!));
  if (refused) return refused;
  // Anyone signed in elsewhere with the old password is signed out.
  await endOtherSessions(user.id, request);
  return redirectWithAlert(request, "/settings/account", { type: "success", message: AUTH_MESSAGES["account-updated"] });
}

export default function ChangePassword() {
  const { hasPassword, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const validation = useValidation(() => loadAuthSchemas().then((m) => (hasPassword ? m.changePasswordSchema : m.setPasswordSchema)));
  const [form, fields] = useForm<{ currentPassword?: string; newPassword?: string; confirmPassword?: string }>({
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="panel stack" aria-labelledby="password-title">
      <h2 id="password-title" className="panel__title">
        Change your password
      </h2>
      {hasPassword ? null : <p className="auth__lead">Your account has no password yet: choose one to log in with it too.</p>}
      <Form method="post" {...getFormProps(form)} {...validation.triggers} className="stack">
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <FormErrors id={form.errorId} errors={form.errors} />
        {hasPassword ? <CurrentPasswordField field={fields.currentPassword} /> : null}
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <div className="button-row">
          <SubmitButton className="button button--primary">Save</SubmitButton>
          <Link to="/forgotpassword" className="button button--ghost">
            Forgot password?
          </Link>
        </div>
      </Form>
      <AccountUpdating />
    </section>
  );
}
