import { useSchemaForm } from "~/utils/form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Log in" };

export default function ConfirmMagicLink() {
  const { token, id, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.confirmEmailSchema), {
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
  });
  return (
    <section className="panel auth stack" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="panel__title">
        Confirm your email
      </h2>
      <p>This link was opened in a different browser from the one that asked for it. Enter your email to finish logging in.</p>
      <Form method="post" {...formProps} className="stack">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="id" value={id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton busyLabel="Logging in...">Continue</SubmitButton>
      </Form>
    </section>
  );
}
