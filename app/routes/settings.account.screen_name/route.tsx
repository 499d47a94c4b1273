import { getInputProps } from "@conform-to/react";
import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AccountUpdating } from "~/components/account-form";
import { SubmitButton, useHydrated } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { AuthError, changeUsername } from "~/models/accounts.server";
import { usernameSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { requireUser } from "~/services/session.server";
import { checkPermission } from "~/flows/permissions.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { USERNAME_MAX } from "~/utils/limits";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAccountSchemas } from "~/schemas/lazy.client";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Change username" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { username: user.username };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "account.change");
  const submission = parseWithSchema(await readForm(request), usernameSchema);
  // Suspended: the reason, and the draft back.
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.username === user.username) return redirect("/settings/account");
  try {
    await changeUsername(user.id, submission.value.username);
  } catch (error) {
    if (error instanceof AuthError && error.code === "username-taken") {
      return data(submission.reply({ fieldErrors: { username: [AUTH_MESSAGES["username-taken"]] } }), { status: 409 });
    }
    throw error;
  }
  return redirectWithAlert(request, "/settings/account", { type: "success", message: AUTH_MESSAGES["account-updated"] });
}

export default function ChangeUsername() {
  const { username } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [value, setValue] = useState(username);
  const { form, fields, formProps } = useSchemaForm(() => loadAccountSchemas().then((m) => m.usernameSchema), {
    lastResult,
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
          label="Username"
          inputProps={{
            ...getInputProps(fields.username, { type: "text" }),
            autoComplete: "username",
            autoCapitalize: "none",
            spellCheck: false,
            maxLength: USERNAME_MAX,
            onInput: (e) => setValue(e.currentTarget.value),
          }}
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        />
        <SubmitButton className="button button--primary" disabled={hydrated && unchanged}>
          Save
        </SubmitButton>
      </Form>
      <AccountUpdating />
    </section>
  );
}
