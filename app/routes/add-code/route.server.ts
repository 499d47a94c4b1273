import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { completeSchoolEmailVerification, schoolDomainsOf, schoolEmailRefusal, sendSchoolEmailVerification, type SchoolEmailRefusal } from "~/models/school.server";
import { getCampus } from "~/models/campuses.server";
import { consumeCode, consumeToken } from "~/models/verifications.server";
import { formConstraint, schoolCodeSchema, schoolEmailSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { consume } from "~/services/rate-limit.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { readForm } from "~/services/form.server";

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
    constraint: { email: formConstraint(schoolEmailSchema), code: formConstraint(schoolCodeSchema) },
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
  await sendSchoolEmailVerification(siteOrigin(request), user, email);
  return redirectWithAlert(request, `/add-code?${new URLSearchParams({ email })}`, { type: "okay", message: "Email sent." });
}
