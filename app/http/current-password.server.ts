// The answer of an account form whose current password was refused.
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { checkCurrentPasswordStep } from "~/flows/current-password.server";

/**
 * Runs `check` (see checkCurrentPasswordStep). A wrong password is "Wrong
 * password!" on the currentPassword field (400); a locked account is refused
 * with the lockout message for the whole form (429). Null when the check passed.
 */
export async function refuseWrongCurrentPassword(submission: Pick<Submission<unknown>, "reply">, hideFields: string[], check: () => Promise<void>) {
  const checked = await checkCurrentPasswordStep(check);
  if (checked.ok) return null;
  const message = AUTH_MESSAGES[checked.code];
  if (checked.code === "wrong-password") return data(submission.reply({ hideFields, fieldErrors: { currentPassword: [message] } }), { status: 400 });
  return data(submission.reply({ hideFields, formErrors: [message] }), { status: 429 });
}
