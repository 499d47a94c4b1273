import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { CodeField, Field } from "~/components/forms";
import { FormErrors } from "~/components/field-errors";
import {
  completeSchoolEmailVerification,
  schoolDomainsOf,
  schoolEmailRefusal,
  sendSchoolEmailVerification,
  type SchoolEmailRefusal,
} from "~/models/school.server";
import { getCampus } from "~/models/campuses.server";
import { consumeCode, consumeToken } from "~/models/verifications.server";
import { schoolCodeSchema, schoolEmailSchema } from "~/schemas/index.server";
import { loadSchoolSchemas } from "~/schemas/lazy.client";
import { redirectWithAlert } from "~/services/alerts.server";
import { consume } from "~/services/rate-limit.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { parseWithSchema, useSchemaForm } from "~/utils/form";
import type { RouteHandle } from "~/utils/route-handle";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "School email" };

/** Where a confirmed school email leads: posting, which it unlocks (docs/product.md §4). */
function done(request: Request) {
  return redirectWithAlert(request, "/create/post", { type: "success", message: AUTH_MESSAGES["account-updated"] });
}

/** "@ou.edu", or "@ou.edu, @utexas.edu, @smu.edu or @ufl.edu". */
function domainList(domains: string[]): string {
  const at = domains.map((d) => `@${d}`);
  return at.length > 1 ? `${at.slice(0, -1).join(", ")} or ${at[at.length - 1]}` : (at[0] ?? "");
}

async function refusalMessage(refusal: SchoolEmailRefusal, campusId: string): Promise<string> {
  if (refusal === "banned") return AUTH_MESSAGES.banned;
  if (refusal === "email-in-use") return AUTH_MESSAGES["email-in-use"];
  return `Use your school email: an address ending in ${domainList(await schoolDomainsOf(campusId))}.`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  let linkError: string | null = null;
  if (token) {
    // The link works in any browser: the row names the user who asked for it.
    const checked = await consumeToken("school-email", token);
    if (checked.ok && await completeSchoolEmailVerification(checked.row)) return done(request);
    if (!(await getOptionalUser(request))) {
      return redirectWithAlert(request, "/login?redirect=%2Fadd-code", { type: "danger", message: AUTH_MESSAGES["link-invalid"] });
    }
    linkError = AUTH_MESSAGES["link-invalid"];
  }
  const user = await requireUser(request);
  const sentTo = parseWithSchema(new URLSearchParams({ email: url.searchParams.get("email") ?? "" }), schoolEmailSchema);
  const email = sentTo.status === "success" ? sentTo.value.email : "";
  return {
    step: email && !linkError ? ("code" as const) : ("email" as const),
    email,
    linkError,
    campusName: (await getCampus(user.campusId))?.name ?? "your campus",
    domains: domainList(await schoolDomainsOf(user.campusId)),
    firstDomain: (await schoolDomainsOf(user.campusId))[0] ?? "ou.edu",
    schoolVerified: user.schoolVerified,
    schoolEmail: user.schoolEmail,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const ip = context.clientIp || "unknown";

  if (formData.get("intent") === "verify") {
    const submission = parseWithSchema(formData, schoolCodeSchema);
    if (submission.status !== "success") return data({ intent: "verify" as const, result: submission.reply() }, { status: 400 });
    if (!(await consume("codeIp", ip)).ok) {
      return data({ intent: "verify" as const, result: submission.reply({ formErrors: [AUTH_MESSAGES["ip-flood"]] }) }, { status: 429 });
    }
    const { email, code } = submission.value;
    const checked = await consumeCode("school-email", email, code);
    // Only the code this user asked for counts.
    const verified = checked.ok && checked.row.userId === user.id ? await completeSchoolEmailVerification(checked.row) : null;
    if (verified) return done(request);
    const refusal = await schoolEmailRefusal(user, email);
    const message = refusal
      ? await refusalMessage(refusal, user.campusId)
      : !checked.ok && (checked.reason === "expired" || checked.reason === "too-many")
        ? AUTH_MESSAGES["code-expired"]
        : AUTH_MESSAGES["code-invalid"];
    return data({ intent: "verify" as const, result: submission.reply({ fieldErrors: { code: [message] } }) }, { status: 400 });
  }

  // Send (or send again) the code to a school email.
  const submission = parseWithSchema(formData, schoolEmailSchema);
  if (submission.status !== "success") return data({ intent: "send" as const, result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const refuse = (message: string, status: number) =>
    data({ intent: "send" as const, result: submission.reply({ fieldErrors: { email: [message] } }) }, { status });
  const refusal = await schoolEmailRefusal(user, email);
  if (refusal) return refuse(await refusalMessage(refusal, user.campusId), refusal === "email-in-use" ? 409 : refusal === "banned" ? 403 : 400);
  if (!(await consume("emailIp", ip)).ok) return refuse(AUTH_MESSAGES["ip-flood"], 429);
  if (!(await consume("emailAddress", email)).ok) return refuse(AUTH_MESSAGES["email-flood"], 429);
  await sendSchoolEmailVerification(request, user, email);
  return redirectWithAlert(request, `/add-code?${new URLSearchParams({ email })}`, { type: "okay", message: "Email sent." });
}

function EmailStep({ email, domains, firstDomain, campusName }: { email: string; domains: string; firstDomain: string; campusName: string }) {
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadSchoolSchemas().then((m) => m.schoolEmailSchema), {
    id: "school-email",
    lastResult: actionData?.intent === "send" ? actionData.result : undefined,
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
        <Field
          label="School email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: `e.g., you@${firstDomain}` }}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <SubmitButton busyLabel="Sending...">Send code</SubmitButton>
      </Form>
      <p>
        Not at {campusName}? <Link to="/select-city">Choose your school</Link>
      </p>
    </>
  );
}

function CodeStep({ email }: { email: string }) {
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm(() => loadSchoolSchemas().then((m) => m.schoolCodeSchema), {
    id: "school-code",
    lastResult: actionData?.intent === "verify" ? actionData.result : undefined,
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
  const { step, email, linkError, campusName, domains, firstDomain, schoolVerified, schoolEmail } = useLoaderData<typeof loader>();
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
      {step === "code" ? <CodeStep email={email} /> : <EmailStep email={email} domains={domains} firstDomain={firstDomain} campusName={campusName} />}
    </section>
  );
}
