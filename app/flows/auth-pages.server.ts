// The loaders and actions of the sign-in pages, /login, /register, /verify
// and /forgotpassword (docs/product.md §3).
// Each route imports only this module, so the browser build gets a single
// empty stand-in for its server code.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { authErrorCode, completeSignupVerification, recordAccountEvent, registerWithPassword, sendSignupVerification } from "~/models/accounts.server";
import { sendPasswordResetEmail } from "~/models/auth-mail.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { campusForRequest } from "~/models/campuses.server";
import { getUserByEmail } from "~/models/users.server";
import { checkToken, consumeCode, consumeToken, createVerification, type CheckResult } from "~/models/verifications.server";
import { forgotPasswordSchema, loginSchema, magicLinkSchema, registerSchema, verifyCodeSchema } from "~/schemas/index.server";
import { redirectWithAlert, type Alert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { consume } from "~/services/rate-limit.server";
import {
  createSessionCookie,
  destroySessionCookie,
  getSessionUser,
  loginRedirectUrl,
  requireSessionUser,
  requireVisitor,
  returnPath,
  verifyRedirectUrl,
} from "~/services/session.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES, LONG_MESSAGES, type AuthErrorCode } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { loginMethodOf, type LoginMethod } from "~/utils/login-method";
import { safePath } from "~/utils/navigation";
import { authenticateWithPassword, completeSignIn, requestMagicLink, sentPageUrl } from "./auth.server";

// /login: with a password, or by an emailed link.

export async function loginPageLoader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  const campus = await campusForRequest(request);
  return {
    method: loginMethodOf(url.searchParams.get("method")),
    email: url.searchParams.get("email") ?? "",
    redirectTo: safePath(url.searchParams.get("redirect"), ""),
    example: `e.g., yourname@${campus.emailDomain ?? "gmail.com"}`,
  };
}

type LoginActionData = { method: LoginMethod; result: SubmissionResult<string[]>; alert?: Alert; needsName?: boolean };

function refuse(method: LoginMethod, submission: { reply: (o: object) => SubmissionResult<string[]> }, code: AuthErrorCode, status: number, extra: Partial<LoginActionData> = {}) {
  const field = code === "wrong-password" ? "password" : null;
  const result = submission.reply({
    ...(field ? { fieldErrors: { [field]: [AUTH_MESSAGES[code]] } } : { formErrors: [AUTH_MESSAGES[code]] }),
    hideFields: ["password"],
  });
  const alert: Alert | undefined = LONG_MESSAGES.has(code)
    ? { id: crypto.randomUUID(), type: "danger", message: AUTH_MESSAGES[code], long: true }
    : undefined;
  return data<LoginActionData>({ method, result, alert, ...extra }, { status });
}

export async function loginPageAction({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const formData = await readForm(request);
  const method = loginMethodOf(formData.get("method"));

  if (method === "password") {
    const submission = parseWithSchema(formData, loginSchema);
    if (submission.status !== "success") {
      return data<LoginActionData>({ method, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    if (!(await consume("loginIp", context.clientIp || "unknown")).ok) return refuse(method, submission, "ip-flood", 429);
    try {
      const result = await authenticateWithPassword(request, submission.value, context);
      return await completeSignIn(request, result, { redirectTo: submission.value.redirect });
    } catch (error) {
      const code = authErrorCode(error);
      const status = code === "too-many-requests" ? 429 : code === "internal-error" ? 500 : code === "banned" ? 403 : 400;
      return refuse(method, submission, code, status);
    }
  }

  const submission = parseWithSchema(formData, magicLinkSchema);
  if (submission.status !== "success") {
    const needsName = formData.has("first") || formData.has("last");
    return data<LoginActionData>({ method, result: submission.reply(), needsName }, { status: 400 });
  }
  const sent = await requestMagicLink(request, context.clientIp, submission.value);
  if (!sent.ok) {
    const status = sent.code === "ip-flood" || sent.code === "email-flood" ? 429 : sent.code === "send-failed" ? 500 : 400;
    return refuse(method, submission, sent.code, status, { needsName: sent.needsName });
  }
  throw redirect(sentPageUrl(submission.value), { headers: { "Set-Cookie": sent.setCookie } });
}

// /register: an account with a password; the session stays pending until the email is verified.

export async function registerPageLoader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "", redirectTo: safePath(url.searchParams.get("redirect"), "") };
}

export async function registerPageAction({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const submission = parseWithSchema(await readForm(request), registerSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const reply = (code: keyof typeof AUTH_MESSAGES, status: number) => {
    const message = AUTH_MESSAGES[code];
    const onEmail = code === "email-in-use" || code === "banned";
    return data(
      submission.reply({ ...(onEmail ? { fieldErrors: { email: [message] } } : { formErrors: [message] }), hideFields: ["password"] }),
      { status },
    );
  };
  if (!(await consume("signupIp", context.clientIp || "unknown")).ok) return reply("ip-flood", 429);

  const { email, name, password, redirect: redirectTo } = submission.value;
  try {
    const user = await registerWithPassword({ email, fullName: name, password, campusId: (await campusForRequest(request)).id });
    await sendSignupVerification(request, user, redirectTo);
    // A pending session: it can open /verify and sign out, nothing more until the email is verified.
    return redirect(verifyRedirectUrl(safePath(redirectTo, "/home")), {
      headers: { "Set-Cookie": await createSessionCookie(request, user.id) },
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "other") console.error(error);
    return reply(code === "email-in-use" || code === "banned" ? code : "other", code === "other" ? 500 : 400);
  }
}

// /verify: the emailed link, or its 6-digit code, confirms the address of a pending account.

const VERIFIED = "Your email is verified. Welcome!";

/** Verified (docs/product.md §3): the user is signed in on this browser and goes on to /home (or the page they came for). */
async function verified(request: Request, checked: CheckResult, redirectTo: string | null) {
  const user = checked.ok ? await completeSignupVerification(checked.row) : null;
  if (!user) return null;
  await recordAccountEvent("Complete Registration", user);
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
    return { email: user.email, linkError: AUTH_MESSAGES["verify-other-account"] };
  }
  if (!user) return redirectWithAlert(request, "/login", { type: "danger", message: AUTH_MESSAGES["link-invalid"] });
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  return { email: user.email, linkError: AUTH_MESSAGES["link-invalid"] };
}

export async function verifyPageLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirect");
  const token = url.searchParams.get("token");
  if (token) return verifyByLink(request, token, redirectTo);
  // A pending session (signed up, not verified yet) is what this page is for.
  const user = await requireSessionUser(request);
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  return { email: user.email, linkError: null as string | null };
}

export async function verifyPageAction({ request, context }: ActionFunctionArgs) {
  const user = await requireSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirect");
  if (user.verified) return redirect(safePath(redirectTo, "/home"));
  const formData = await readForm(request);

  if (formData.get("intent") === "resend") {
    if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return data({ resend: AUTH_MESSAGES["ip-flood"], result: undefined }, { status: 429 });
    if (!(await consume("emailAddress", user.email)).ok) return data({ resend: AUTH_MESSAGES["email-flood"], result: undefined }, { status: 429 });
    await sendSignupVerification(request, user, redirectTo);
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

// /forgotpassword: the reset link by email.

export async function forgotPasswordPageAction({ request, context }: ActionFunctionArgs) {
  const submission = parseWithSchema(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const refuse = (code: keyof typeof AUTH_MESSAGES, status: number) =>
    data(submission.reply({ formErrors: [AUTH_MESSAGES[code]] }), { status });
  const user = await getUserByEmail(email);
  // An inline message here, not a browser alert, so it also works without JS (docs/product.md §3).
  if (!user) return refuse("reset-user-not-found", 404);
  if (await isBannedEmail(email)) return refuse("banned", 403);
  if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return refuse("ip-flood", 429);
  if (!(await consume("emailAddress", email)).ok) return refuse("email-flood", 429);
  const created = await createVerification({ type: "reset", target: email, userId: user.id, replace: true });
  await sendPasswordResetEmail(email, { url: absoluteUrl(request, `/reset-password?${new URLSearchParams({ token: created.token })}`) });
  return redirect("/forgotpassword?sent=1");
}
