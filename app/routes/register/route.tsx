import type { SubmissionResult } from "@conform-to/react";
import { useSchemaForm, type FormConstraint } from "~/utils/form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GoogleButton, SubmitButton, useHydrated } from "~/components/auth";
import { CheckboxField, Field } from "~/components/forms";
import { RedirectInput } from "~/components/redirect-input";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Create your account" };

export default function Register() {
  const { email, redirectTo, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <RegisterForm lastResult={lastResult} email={email} redirectTo={redirectTo} constraint={constraint} />;
}

function RegisterForm({
  lastResult,
  email,
  redirectTo,
  constraint,
}: {
  lastResult?: SubmissionResult<string[]>;
  email: string;
  redirectTo: string;
  constraint: FormConstraint;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [complete, setComplete] = useState(false);
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.registerSchema), {
    lastResult,
    constraint,
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
          <RedirectInput to={redirectTo} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field field={fields.email} label="Email" type="email" autoComplete="email" />
          <Field field={fields.name} label="Name" autoComplete="name" placeholder="First and last name" />
          <Field field={fields.password} label="Password" type="password" autoComplete="new-password" hint="8 to 30 characters." />
          <CheckboxField field={fields.terms} label="I agree not to do anything crazy" />
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
