import { getFormProps, useForm } from "@conform-to/react";
import { useValidation } from "~/utils/form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountUpdating, CurrentPasswordField } from "~/components/account-form";
import { GoogleButton, SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAccountSchemas, type ChangeEmailForm } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Change email" };

const HERE = "/settings/account/email";

export default function ChangeEmail() {
  const { email, proof, google, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const validation = useValidation(() => loadAccountSchemas().then((m) => (proof === "password" ? m.changeEmailSchema : m.changeEmailFreshSchema)));
  const [form, fields] = useForm<ChangeEmailForm>({
    lastResult,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  void form.allErrors; // the fields read their errors in child components: re-render on any (see useSchemaForm)
  return (
    <section className="panel stack" aria-labelledby="email-title">
      <h2 id="email-title" className="panel__title">
        Change email
      </h2>
      {proof === "sign-in-again" ? (
        <>
          <p className="auth__lead">
            Your email is <span className="auth__address">{email}</span>. {AUTH_MESSAGES["fresh-sign-in"]}
          </p>
          <Form method="post" className="stack">
            <FormErrors id={form.errorId} errors={form.errors} />
            <SubmitButton name="intent" value="sign-in-again" className="button button--primary" busyLabel="Sending...">
              Email me a link to log in
            </SubmitButton>
          </Form>
          {google ? <GoogleButton redirectTo={HERE} /> : null}
        </>
      ) : (
        <>
          <p className="auth__lead">
            Your email is <span className="auth__address">{email}</span>. We will send a link to the new address; the change
            takes effect when you open it.
          </p>
          <Form method="post" {...getFormProps(form)} {...validation.triggers} className="stack">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field field={fields.email} label="New email" type="email" autoComplete="email" />
            {proof === "password" ? <CurrentPasswordField field={fields.currentPassword} /> : null}
            <SubmitButton className="button button--primary">Send confirmation link</SubmitButton>
          </Form>
          <AccountUpdating />
        </>
      )}
    </section>
  );
}
