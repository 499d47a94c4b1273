// The current-password step of the account forms (change password, change email).
import { authErrorCode } from "~/models/accounts.server";

export type CurrentPasswordCheck = { ok: true } | { ok: false; code: "wrong-password" | "too-many-requests" };

/**
 * Runs `check`, a step that verifies the current password: a wrong one, or an
 * account locked by too many of them (the check counts toward the sign-in
 * lockout), is answered as a refusal. Any other error is thrown on.
 */
export async function checkCurrentPasswordStep(check: () => Promise<void>): Promise<CurrentPasswordCheck> {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "wrong-password" || code === "too-many-requests") return { ok: false, code };
    throw error;
  }
}
