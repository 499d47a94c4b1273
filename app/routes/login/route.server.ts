// /login: with a password, or by an emailed link.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { authErrorCode } from "~/models/accounts.server";
import { campusForRequest } from "~/http/campus.server";
import { formConstraint, loginSchema, magicLinkSchema } from "~/schemas/index.server";
import type { Alert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { consume } from "~/services/rate-limit.server";
import { requireVisitor } from "~/services/session.server";
import { AUTH_MESSAGES, LONG_MESSAGES, type AuthErrorCode } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { loginMethodOf, type LoginMethod } from "~/utils/login-method";
import { safePath } from "~/utils/navigation";
import { sentPageUrl } from "~/flows/auth.server";
import { authenticateWithPassword, completeSignIn, requestMagicLink } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  const campus = await campusForRequest(request);
  return {
    method: loginMethodOf(url.searchParams.get("method")),
    email: url.searchParams.get("email") ?? "",
    redirectTo: safePath(url.searchParams.get("redirect"), ""),
    example: `e.g., yourname@${campus.emailDomain ?? "gmail.com"}`,
    constraint: { password: formConstraint(loginSchema), noPassword: formConstraint(magicLinkSchema) },
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

export async function action({ request, context }: ActionFunctionArgs) {
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
