import { useSchemaForm } from "~/utils/form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { CodeField } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Verify your email" };

export default function Verify() {
  const { email, linkError, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.verifyCodeSchema), {
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
  });
  return (
    <section className="panel auth stack" aria-labelledby="verify-title">
      <h2 id="verify-title" className="panel__title">
        Check your email
      </h2>
      <p>
        We sent a link and a 6-digit code to <span className="auth__address">{email}</span>. Open the link, or type the
        code here. This may take 1-2 minutes.
      </p>
      <FormErrors id="link-error" errors={linkError ? [linkError] : undefined} />
      <Form method="post" {...formProps} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <CodeField field={fields.code} label="Verification code" />
        <SubmitButton name="intent" value="verify" busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <Form method="post" className="stack">
        <FormErrors id="resend-errors" errors={actionData?.resend ? [actionData.resend] : undefined} />
        <SubmitButton name="intent" value="resend" className="button button--block" busyLabel="Sending...">
          Resend Email
        </SubmitButton>
      </Form>
    </section>
  );
}
