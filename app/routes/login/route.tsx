import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm, type FormConstraint } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton, InlineAlert, SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { RedirectInput } from "~/components/redirect-input";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import type { LoginMethod } from "~/utils/login-method";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Log in" };

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The method of the form the server answered, else the one in the URL.
  const method = actionData?.method ?? loaderData.method;
  const other = method === "password" ? "noPassword" : "password";
  const query = (m: LoginMethod) => {
    const params = new URLSearchParams({ method: m });
    if (loaderData.email) params.set("email", loaderData.email);
    if (loaderData.redirectTo) params.set("redirect", loaderData.redirectTo);
    return `/login?${params}`;
  };
  const registerQuery = new URLSearchParams();
  if (loaderData.redirectTo) registerQuery.set("redirect", loaderData.redirectTo);
  return (
    <div className="auth stack">
      <section className="panel stack" aria-labelledby="login-title">
        <h2 id="login-title" className="panel__title">
          Log in
        </h2>
        <p className="auth__lead">Log in or create a new account to continue</p>
        {method === "password" ? (
          <PasswordForm
            key="password"
            lastResult={actionData?.method === "password" ? actionData.result : undefined}
            email={loaderData.email}
            example={loaderData.example}
            redirectTo={loaderData.redirectTo}
            constraint={loaderData.constraint.password}
          />
        ) : (
          <MagicLinkForm
            key="noPassword"
            lastResult={actionData?.method === "noPassword" ? actionData.result : undefined}
            needsName={!!actionData?.needsName}
            email={loaderData.email}
            example={loaderData.example}
            redirectTo={loaderData.redirectTo}
            constraint={loaderData.constraint.noPassword}
          />
        )}
        <div className="auth__links">
          <Link to={query(other)} replace>
            {other === "password" ? "Use a password instead" : "Email me a link to log in instead"}
          </Link>
          {method === "password" ? <Link to="/forgotpassword">Forgot password?</Link> : null}
        </div>
        <p className="auth__or">or</p>
        <GoogleButton redirectTo={loaderData.redirectTo} />
      </section>
      <p className="auth__links">
        <span>
          No account yet? <Link to={`/register${registerQuery.size ? `?${registerQuery}` : ""}`}>Sign Up</Link>
        </span>
        <Link to="/settings/help">Contact Me</Link>
      </p>
      <InlineAlert alert={actionData?.alert} />
    </div>
  );
}

function PasswordForm({
  lastResult,
  email,
  example,
  redirectTo,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  email: string;
  example: string;
  redirectTo: string;
  constraint: FormConstraint;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.loginSchema), {
    lastResult,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...formProps} className="stack">
      <input type="hidden" name="method" value="password" />
      <RedirectInput to={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label="Email" type="email" autoComplete="email" placeholder={example} />
      <Field field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busyLabel="Logging in...">Log in</SubmitButton>
    </Form>
  );
}

function MagicLinkForm({
  lastResult,
  needsName,
  email,
  example,
  redirectTo,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  needsName: boolean;
  email: string;
  example: string;
  redirectTo: string;
  constraint: FormConstraint;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.magicLinkSchema), {
    lastResult,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...formProps} className="stack">
      <input type="hidden" name="method" value="noPassword" />
      <RedirectInput to={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label="Email" type="email" autoComplete="email" placeholder={example} />
      {needsName ? (
        <>
          <p className="field__hint">No account uses this email yet. Add your name and the link will create one.</p>
          <Field field={fields.first} label="First name" autoComplete="given-name" />
          <Field field={fields.last} label="Last name" autoComplete="family-name" />
        </>
      ) : null}
      <SubmitButton busyLabel="Sending...">Email me a link</SubmitButton>
    </Form>
  );
}
