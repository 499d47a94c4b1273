import { type SubmissionResult } from "@conform-to/react";
import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { checkCurrentPassword, hasPassword } from "~/models/accounts.server";
import { sendEmailChangeEmail } from "~/models/auth-mail.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { getUserByEmail } from "~/models/users.server";
import { createVerification } from "~/models/verifications.server";
import { changeEmailFreshSchema, changeEmailSchema, formConstraint, type ChangeEmailValues } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { googleConfigured, sentPageUrl } from "~/flows/auth.server";
import { requestMagicLink } from "~/http/auth.server";
import { consume } from "~/services/rate-limit.server";
import { currentSessionId, requireUser, signedInAt } from "~/services/session.server";
import { checkPermission } from "~/http/permissions.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { refuseWrongCurrentPassword } from "~/http/current-password.server";
import { readForm } from "~/services/form.server";

const HERE = "/settings/account/email";

/** An account without a password proves it is its owner by a sign-in this recent. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/** How this user proves it is them: the current password, a recent sign-in, or (neither) signing in again. */
async function proofNeeded(request: Request, userId: string): Promise<"password" | "fresh" | "sign-in-again"> {
  if (await hasPassword(userId)) return "password";
  const since = await signedInAt(request);
  return since !== null && Date.now() - since < FRESH_SIGN_IN_MS ? "fresh" : "sign-in-again";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const proof = await proofNeeded(request, user.id);
  return { email: user.email, proof, google: googleConfigured(), constraint: formConstraint(proof === "password" ? changeEmailSchema : changeEmailFreshSchema) };
}

const HIDE = { hideFields: ["currentPassword"] };

/** A refusal of the whole form (no field to attach it to). */
function formError(message: string, status: number) {
  const reply: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data(reply, { status });
}

/**
 * The new address takes effect once it is confirmed by the link sent to it.
 * Asking needs the current password (or a fresh sign-in for an account without
 * one), so a session left open somewhere cannot move the account away.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "account.change");
  const formData = await readForm(request);
  // Suspended: the reason (the address is not changed while suspended).
  if (refusal) return formError(refusal.message, refusal.status);
  const proof = await proofNeeded(request, user.id);

  if (proof === "sign-in-again") {
    if (formData.get("intent") !== "sign-in-again") {
      return formError(AUTH_MESSAGES["fresh-sign-in"], 403);
    }
    // A link to this account's own address brings a fresh session back here.
    const sent = await requestMagicLink(request, context.clientIp, { email: user.email, redirect: HERE });
    if (!sent.ok) return formError(AUTH_MESSAGES[sent.code], sent.code.endsWith("flood") ? 429 : 400);
    return redirect(sentPageUrl({ email: user.email, redirect: HERE }), { headers: { "Set-Cookie": sent.setCookie } });
  }

  const submission = parseWithSchema(formData, proof === "password" ? changeEmailSchema : changeEmailFreshSchema);
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const { email } = submission.value;
  const value: ChangeEmailValues = submission.value;
  const refuse = (code: keyof typeof AUTH_MESSAGES, status: number) =>
    data(submission.reply({ ...HIDE, fieldErrors: { email: [AUTH_MESSAGES[code]] } }), { status });
  if (proof === "password") {
    const refused = await refuseWrongCurrentPassword(submission, HIDE.hideFields, () => checkCurrentPassword(user, value.currentPassword ?? ""));
    if (refused) return refused;
  }
  if (email === user.email) return redirect("/settings/account");
  if (await isBannedEmail(email)) return refuse("banned", 403);
  if (await getUserByEmail(email)) return refuse("email-in-use", 409);
  if (!(await consume("emailIp", context.clientIp || "unknown")).ok) return refuse("ip-flood", 429);
  if (!(await consume("emailAddress", email)).ok) return refuse("email-flood", 429);
  // The session that asked stays signed in when the change takes effect; the others end.
  const session = await currentSessionId(request);
  const created = await createVerification({
    type: "change-email",
    target: email,
    userId: user.id,
    replace: true,
    payload: session ? { session } : {},
  });
  await sendEmailChangeEmail(email, { url: absoluteUrl(request, `/auth/email?${new URLSearchParams({ token: created.token })}`) });
  return redirectWithAlert(request, HERE, {
    type: "okay",
    message: `Check ${email} for the link that confirms it.`,
    long: true,
  });
}
