import { useSchemaForm } from "~/utils/form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { NewPasswordFields } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Reset password" };

export default function ResetPassword() {
  const { token, email, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.resetPasswordSchema), {
    lastResult,
    constraint,
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
