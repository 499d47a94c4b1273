import { getInputProps } from "@conform-to/react";
import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton, SubmitButton } from "~/components/auth";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { getUserByEmail } from "~/models/users.server";
import { emailStepSchema } from "~/schemas/index.server";
import { requireVisitor } from "~/services/session.server";
import type { RouteHandle } from "~/utils/route-handle";
import { loadAuthSchemas } from "~/schemas/lazy.client";
import { safePath } from "~/utils/navigation";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Sign up" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  return { redirectTo: safePath(url.searchParams.get("redirect"), ""), email: url.searchParams.get("email") ?? "" };
}

/** The email step (docs/product.md §3): a known address goes to log in, a new one to sign up. */
export async function action({ request }: ActionFunctionArgs) {
  await requireVisitor(request);
  const submission = parseWithSchema(await readForm(request), emailStepSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const redirectTo = safePath(submission.value.redirect, "");
  const params = new URLSearchParams({ email });
  if (redirectTo) params.set("redirect", redirectTo);
  return redirect(`${await getUserByEmail(email) ? "/login" : "/register"}?${params}`);
}

export default function EmailStep() {
  const { redirectTo, email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadAuthSchemas().then((m) => m.emailStepSchema), {
    lastResult,
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
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
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
