import { getFormProps, useForm } from "@conform-to/react";
import { useValidation } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountUpdating, CurrentPasswordField } from "~/components/account-form";
import { SubmitButton } from "~/components/auth";
import { NewPasswordFields } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas, type ChangePasswordForm } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Change your password" };

export default function ChangePassword() {
  const { hasPassword, email, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const validation = useValidation(() => loadAuthSchemas().then((m) => (hasPassword ? m.changePasswordSchema : m.setPasswordSchema)));
  const [form, fields] = useForm<ChangePasswordForm>({
    lastResult,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  void form.allErrors; // the fields read their errors in child components: re-render on any (see useSchemaForm)
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
