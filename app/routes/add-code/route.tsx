import { getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { CodeField, Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import { loadSchoolSchemas } from "~/schemas/lazy.client";
import { useSchemaForm, type FormConstraint } from "~/utils/form";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader, action } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "School email" };

function EmailStep({
  email,
  domains,
  firstDomain,
  campusName,
  constraint,
}: {
  email: string;
  domains: string;
  firstDomain: string;
  campusName: string;
  constraint: FormConstraint;
}) {
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadSchoolSchemas().then((m) => m.schoolEmailSchema), {
    id: "school-email",
    lastResult: actionData?.intent === "send" ? actionData.result : undefined,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <p className="auth__lead">
        Posting on {campusName} BuySell is for students. Add your school email (ending in {domains}) and we will send it a
        6-digit code.
      </p>
      <Form method="post" action="/add-code" {...formProps} className="stack">
        <input type="hidden" name="intent" value="send" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.email} label="School email" type="email" autoComplete="email" placeholder={`e.g., you@${firstDomain}`} />
        <SubmitButton busyLabel="Sending...">Send code</SubmitButton>
      </Form>
      <p>
        Not at {campusName}? <Link to="/select-city">Choose your school</Link>
      </p>
    </>
  );
}

function CodeStep({ email, constraint }: { email: string; constraint: FormConstraint }) {
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadSchoolSchemas().then((m) => m.schoolCodeSchema), {
    id: "school-code",
    lastResult: actionData?.intent === "verify" ? actionData.result : undefined,
    constraint,
    defaultValue: { email },
    shouldValidate: "onSubmit",
  });
  // Refused forms come back to this step (the address stays in the URL).
  const here = `/add-code?${new URLSearchParams({ email })}`;
  const resendErrors = actionData?.intent === "send" ? Object.values(actionData.result.error ?? {})
          .flat()
          .filter((e): e is string => typeof e === "string")
      : undefined;
  return (
    <>
      <p>
        We sent a link and a 6-digit code to <span className="auth__address">{email}</span>. Open the link, or type the
        code here. This may take 1-2 minutes.
      </p>
      <Form method="post" action={here} {...formProps} className="stack">
        <input type="hidden" name="intent" value="verify" />
        <input {...getInputProps(fields.email, { type: "hidden" })} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <CodeField field={fields.code} label="Code" />
        <SubmitButton name="intent" value="verify" busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </Form>
      <Form method="post" action={here} className="stack">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="email" value={email} />
        <FormErrors id="resend-errors" errors={resendErrors?.length ? resendErrors : undefined} />
        <div className="button-row">
          <SubmitButton name="intent" value="send" className="button" busyLabel="Sending...">
            Resend Email
          </SubmitButton>
          <Link to="/add-code" className="button button--ghost">
            Use another email
          </Link>
        </div>
      </Form>
    </>
  );
}

export default function AddCode() {
  const { step, email, linkError, campusName, domains, firstDomain, schoolVerified, schoolEmail, constraint } = useLoaderData<typeof loader>();
  return (
    <section className="panel auth stack" aria-labelledby="add-code-title">
      <h2 id="add-code-title" className="panel__title">
        {step === "code" ? "Check your school email" : "Verify your school email"}
      </h2>
      <FormErrors id="link-error" errors={linkError ? [linkError] : undefined} />
      {schoolVerified ? (
        <p className="muted">
          Your account is already school-verified{schoolEmail ? ` with ${schoolEmail}` : ""}.{" "}
          <Link to="/create/post">Create a post</Link>
        </p>
      ) : null}
      {step === "code" ? (
        <CodeStep email={email} constraint={constraint.code} />
      ) : (
        <EmailStep email={email} domains={domains} firstDomain={firstDomain} campusName={campusName} constraint={constraint.email} />
      )}
    </section>
  );
}
