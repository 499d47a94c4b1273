import { useSchemaForm } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton, SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { RedirectInput } from "~/components/redirect-input";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Sign up" };

export default function EmailStep() {
  const { redirectTo, email, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.emailStepSchema), {
    lastResult,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <div className="auth stack">
      <section className="panel stack" aria-labelledby="step-title">
        <h2 id="step-title" className="panel__title">
          Join your campus
        </h2>
        <p className="auth__lead">Enter your email to log in or create an account.</p>
        <Form method="post" {...formProps} className="stack">
          <RedirectInput to={redirectTo} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field field={fields.email} label="Email" type="email" autoComplete="email" />
          <SubmitButton busyLabel="Checking...">Continue</SubmitButton>
        </Form>
        <p className="auth__or">or</p>
        <GoogleButton redirectTo={redirectTo} />
      </section>
      <p className="auth__links">
        <span>
          Have an account? <Link to={`/login${redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ""}`}>Log in</Link>
        </span>
        <Link to="/settings/help">Contact Me</Link>
      </p>
    </div>
  );
}
