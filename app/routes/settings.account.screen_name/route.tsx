import { useSchemaForm } from "~/utils/form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AccountUpdating } from "~/components/account-form";
import { SubmitButton, useHydrated } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAccountSchemas } from "~/schemas/lazy.client";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Change username" };

export default function ChangeUsername() {
  const { username, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [value, setValue] = useState(username);
  const { form, fields, formProps } = useSchemaForm(() => loadAccountSchemas().then((m) => m.usernameSchema), {
    lastResult,
    constraint,
    defaultValue: { username },
    shouldValidate: "onSubmit",
  });
  // Save stays off while the name is unchanged (docs/product.md §3); without JS the server just keeps it.
  const unchanged = value.trim().toLowerCase() === username;
  return (
    <section className="panel stack" aria-labelledby="username-title">
      <h2 id="username-title" className="panel__title">
        Change username
      </h2>
      <p className="auth__lead">Your profile lives at /{username}. Letters, numbers and hyphens.</p>
      <Form method="post" {...formProps} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          field={fields.username}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
        <SubmitButton className="button button--primary" disabled={hydrated && unchanged}>
          Save
        </SubmitButton>
      </Form>
      <AccountUpdating />
    </section>
  );
}
