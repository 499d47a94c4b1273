import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CheckboxField, GoogleButton, SubmitButton, useHydrated } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { FULL_NAME_MAX, PASSWORD_MAX } from "~/utils/limits";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Create your account" };

export default function Register() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <RegisterForm lastResult={lastResult} email={email} redirectTo={redirectTo} />;
}

function RegisterForm({ lastResult, email, redirectTo }: { lastResult?: SubmissionResult<string[]>; email: string; redirectTo: string }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [complete, setComplete] = useState(false);
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.registerSchema), {
    lastResult,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  // With JS, Create account waits until every field is filled and the box ticked (docs/product.md §3).
  const check = () => {
    const f = formRef.current;
    if (!f) return;
    const d = new FormData(f);
    setComplete(["email", "name", "password"].every((k) => String(d.get(k) ?? "").trim() !== "") && d.get("terms") === "on");
  };
  useEffect(check, [lastResult]);
  const query = redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : "";
  const loginHref = `/login${query}`;
  return (
    <div className="auth stack">
      <section className="panel stack" aria-labelledby="register-title">
        <h2 id="register-title" className="panel__title">
          Create your account
        </h2>
        <Form method="post" {...formProps} ref={formRef} onInput={check} onChange={check} className="stack">
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", maxLength: FULL_NAME_MAX, placeholder: "First and last name" }}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <Field
            label="Password"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", maxLength: PASSWORD_MAX }}
            errors={fields.password.errors}
            errorId={fields.password.errorId}
            hint="8 to 30 characters."
          />
          <CheckboxField
            label="I agree not to do anything crazy"
            inputProps={getInputProps(fields.terms, { type: "checkbox" })}
            errors={fields.terms.errors}
            errorId={fields.terms.errorId}
          />
          <div className="button-row">
            <Link to={`/user_registration${query}`} className="button">
              Go Back
            </Link>
            <SubmitButton className="button button--primary" busyLabel="Creating..." disabled={hydrated && !complete}>
              Create account
            </SubmitButton>
          </div>
        </Form>
        <p className="auth__or">or</p>
        <GoogleButton redirectTo={redirectTo} />
      </section>
      <p className="auth__links">
        <span>
          Have an account? <Link to={loginHref}>Log in</Link>
        </span>
        <Link to="/settings/help">Contact Me</Link>
      </p>
    </div>
  );
}
