// The current-password step of the account forms (change password, change email).
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { authErrorCode } from "~/models/accounts.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";

/**
 * Runs `check`, a step that verifies the current password. A wrong one is
 * "Wrong password!" on the currentPassword field (400); a locked account is
 * refused with the lockout message for the whole form (429: the check counts
 * toward the sign-in lockout, docs/product.md §3). Null when the check passed; any other
 * error is thrown on.
 */
export async function refuseWrongCurrentPassword(submission: Pick<Submission<unknown>, "reply">, hideFields: string[], check: () => Promise<void>) {
  try {
    await check();
    return null;
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "wrong-password") return data(submission.reply({ hideFields, fieldErrors: { currentPassword: [AUTH_MESSAGES[code]] } }), { status: 400 });
    if (code === "too-many-requests") return data(submission.reply({ hideFields, formErrors: [AUTH_MESSAGES[code]] }), { status: 429 });
    throw error;
  }
}
