import { useSchemaForm } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Forgot password" };

export default function ForgotPassword() {
  const { sent, email, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.forgotPasswordSchema), {
    lastResult,
    constraint,
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
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
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
