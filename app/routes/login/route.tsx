import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton, InlineAlert, SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { NAME_PART_MAX, PASSWORD_MAX } from "~/utils/limits";
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
          />
        ) : (
          <MagicLinkForm
            key="noPassword"
            lastResult={actionData?.method === "noPassword" ? actionData.result : undefined}
            needsName={!!actionData?.needsName}
            email={loaderData.email}
            example={loaderData.example}
            redirectTo={loaderData.redirectTo}
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
}: {
  lastResult?: SubmissionResult<string[]>;
  email: string;
  example: string;
  redirectTo: string;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.loginSchema), {
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...formProps} className="stack">
      <input type="hidden" name="method" value="password" />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: example }}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      />
      <Field
        label="Password"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", maxLength: PASSWORD_MAX }}
        errors={fields.password.errors}
        errorId={fields.password.errorId}
      />
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
}: {
  lastResult?: SubmissionResult<string[]>;
  needsName: boolean;
  email: string;
  example: string;
  redirectTo: string;
}) {
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.magicLinkSchema), {
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...formProps} className="stack">
      <input type="hidden" name="method" value="noPassword" />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: example }}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      />
      {needsName ? (
        <>
          <p className="field__hint">No account uses this email yet. Add your name and the link will create one.</p>
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.first, { type: "text" }), autoComplete: "given-name", maxLength: NAME_PART_MAX }}
            errors={fields.first.errors}
            errorId={fields.first.errorId}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.last, { type: "text" }), autoComplete: "family-name", maxLength: NAME_PART_MAX }}
            errors={fields.last.errors}
            errorId={fields.last.errorId}
          />
        </>
      ) : null}
      <SubmitButton busyLabel="Sending...">Email me a link</SubmitButton>
    </Form>
  );
}
