// /verify: the emailed link, or its 6-digit code, confirms the address of a pending account.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sendSignupVerification } from "~/models/accounts.server";
import { checkToken, consumeCode, consumeToken, type CheckResult } from "~/models/verifications.server";
import { formConstraint, verifyCodeSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { consume } from "~/services/rate-limit.server";
import { createSessionCookie, destroySessionCookie, getSessionUser, loginRedirectUrl, requireSessionUser, returnPath } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { safePath } from "~/utils/navigation";
import { completeSignup } from "~/flows/auth.server";

const VERIFIED = "Your email is verified. Welcome!";

/** Verified (docs/product.md §3): the user is signed in on this browser and goes on to /home (or the page they came for). */
async function verified(request: Request, checked: CheckResult, redirectTo: string | null) {
  const user = checked.ok ? await completeSignup(checked.row) : null;
  if (!user) return null;
  const headers = new Headers();
  await destroySessionCookie(request);
  headers.append("Set-Cookie", await createSessionCookie(request, user.id));
  return redirectWithAlert(request, safePath(redirectTo, "/home"), { type: "success", message: VERIFIED }, { headers });
}

/**
 * The sign-up link verifies only in a session of the account it was sent for:
 * the browser that signed up, or one that has signed in with the account's
 * password. Anywhere else it asks to log in and verifies nothing, so whoever
 * registered someone else's address cannot have its owner confirm it for them.
 */
async function verifyByLink(request: Request, token: string, redirectTo: string | null) {
  const user = await getSessionUser(request);
  const checked = await checkToken("signup", token);
  if (checked.ok && user?.id === checked.row.userId) {
    const done = await verified(request, await consumeToken("signup", token), redirectTo);
    if (done) return done;
  } else if (checked.ok && !user) {
    return redirectWithAlert(request, loginRedirectUrl(returnPath(request)), { type: "okay", message: AUTH_MESSAGES["verify-log-in"] });
  } else if (checked.ok && user) {
    if (user.verified) return redirectWithAlert(request, "/home", { type: "danger", message: AUTH_MESSAGES["verify-other-account"] });
    return { email: user.email, linkError: AUTH_MESSAGES["verify-other-account"], constraint: formConstraint(verifyCodeSchema) };
  }
  if (!user) return redirectWithAlert(request, "/login", { type: "danger", message: AUTH_MESSAGES["link-invalid"] });
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  return { email: user.email, linkError: AUTH_MESSAGES["link-invalid"], constraint: formConstraint(verifyCodeSchema) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirect");
  const token = url.searchParams.get("token");
  if (token) return verifyByLink(request, token, redirectTo);
  // A pending session (signed up, not verified yet) is what this page is for.
  const user = await requireSessionUser(request);
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  return { email: user.email, linkError: null as string | null, constraint: formConstraint(verifyCodeSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirect");
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  const formData = await readForm(request);

  if (formData.get("intent") === "resend") {
    if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return data({ resend: AUTH_MESSAGES["ip-flood"], result: undefined }, { status: 429 });
    if (!(await consume("emailAddress", user.email)).ok) return data({ resend: AUTH_MESSAGES["email-flood"], result: undefined }, { status: 429 });
    await sendSignupVerification(siteOrigin(request), user, redirectTo);
    return redirectWithAlert(request, new URL(request.url).pathname + new URL(request.url).search, { type: "okay", message: "Email sent." });
  }

  const submission = parseWithSchema(formData, verifyCodeSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), resend: null }, { status: 400 });
  if (!(await consume("codeIp", context.clientIp || "unknown")).ok) {
    return data({ result: submission.reply({ formErrors: [AUTH_MESSAGES["ip-flood"]] }), resend: null }, { status: 429 });
  }
  const checked = await consumeCode("signup", user.email, submission.value.code);
  const done = await verified(request, checked, redirectTo);
  if (done) return done;
  const message = !checked.ok && (checked.reason === "expired" || checked.reason === "too-many") ? AUTH_MESSAGES["code-expired"] : AUTH_MESSAGES["code-invalid"];
  return data({ result: submission.reply({ fieldErrors: { code: [message] } }), resend: null }, { status: 400 });
}
