// The sign-in rules that need no HTTP: who a magic link signs in, when a link
// or a reset may be sent, what a finished sign-in records and where it leads.
// The request-bound half (remix-auth's strategies, the `__auth` flow cookie,
// session cookies and redirects) is app/http/auth.server.ts.
import { AuthError, completeSignupVerification, createAccount, proveEmail, recordAccountEvent } from "~/models/accounts.server";
import { sendPasswordResetEmail } from "~/models/auth-mail.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { getUserByEmail, getUserById, getUserByUsername, type User } from "~/models/users.server";
import { consumeToken, createVerification, type Verification } from "~/models/verifications.server";
import { config } from "~/services/config.server";
import { consume } from "~/services/rate-limit.server";
import { verifyRedirectUrl } from "~/services/session.server";
import type { AuthErrorCode } from "~/utils/auth-messages";
import { capitalise } from "~/utils/names";
import { safePath } from "~/utils/navigation";
import type { MagicLinkValues } from "~/schemas/index.server";

/** What every strategy answers: who signed in, and whether the account is new. */
export type AuthResult = { userId: string; isNew: boolean; redirectTo: string | null };

export type Refused<Code extends string = AuthErrorCode> = { ok: false; code: Code };

export function googleConfigured(): boolean {
  return !!config().google;
}

/** Opening a magic link: single use (our own one-time id `vid.lid`), then sign in or register. Throws AuthError. */
export async function completeMagicLink(email: string, oneTimeId: string): Promise<AuthResult> {
  const used = await consumeToken("magic-link", oneTimeId);
  if (!used.ok || used.row.target !== email.toLowerCase()) throw new AuthError("wrong-email");
  const payload = used.row.payload ?? {};
  const redirectTo = payload.redirect || null;
  if (await isBannedEmail(email)) throw new AuthError("banned");
  const user = await getUserByEmail(email);
  if (user) {
    // Proving an unverified address ends what whoever registered it had (password, sessions).
    await proveEmail(user.id);
    return { userId: user.id, isNew: false, redirectTo };
  }
  if (!payload.first || !payload.last) throw new AuthError("wrong-email");
  const created = await createAccount({
    email,
    firstName: capitalise(payload.first),
    lastName: payload.last,
    campusId: payload.campusId ?? "ou",
    verified: true,
  });
  return { userId: created.id, isNew: true, redirectTo };
}

/**
 * May a magic link go to `email` now? Banned addresses, unknown ones (unless the
 * form names the new account) and floods from one address or IP are refused.
 */
export async function magicLinkRefusal(input: { email: string; registering: boolean; clientIp: string }): Promise<(Refused & { needsName?: boolean }) | null> {
  const email = input.email.toLowerCase();
  if (await isBannedEmail(email)) return { ok: false, code: "banned" };
  if (!input.registering && !(await getUserByEmail(email))) return { ok: false, code: "user-not-found", needsName: true };
  if (!(await consume("emailIp", input.clientIp || "unknown")).ok) return { ok: false, code: "ip-flood" };
  if (!(await consume("emailAddress", email)).ok) return { ok: false, code: "email-flood" };
  return null;
}

/** The address a claim link goes to: an unverified account's own, never one the visitor chooses. */
export async function claimableEmail(username: string): Promise<string | null> {
  const user = await getUserByUsername(username);
  return user && !user.verified ? user.email : null;
}

/** /login/sent for a claim: it names the account, never the address. */
export function claimSentUrl(username: string): string {
  return `/login/sent?${new URLSearchParams({ claim: username })}`;
}

/**
 * The address of an unverified account for a claim's sent page: first letter,
 * three bullets, the domain (j•••@ou.edu). Null for any other account.
 */
export async function claimAddress(username: string): Promise<string | null> {
  const email = await claimableEmail(username);
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Where /login/sent shows the address and offers Resend. */
export function sentPageUrl(input: MagicLinkValues): string {
  const params = new URLSearchParams({ email: input.email });
  if (input.first && input.last) {
    params.set("first", input.first);
    params.set("last", input.last);
  }
  if (input.redirect) params.set("redirect", input.redirect);
  return `/login/sent?${params}`;
}

/**
 * The end of any sign-in before the session starts: the analytics event and the
 * page to go to — /verify while the email is unverified, else the return path
 * (same-site only) or /home. Throws AuthError("user-not-found").
 */
export async function finishSignIn(result: AuthResult, redirectTo?: string | null): Promise<{ user: User; target: string }> {
  const user = await getUserById(result.userId);
  if (!user) throw new AuthError("user-not-found");
  await recordAccountEvent(result.isNew ? "Complete Registration" : "Login", user);
  const back = safePath(redirectTo ?? result.redirectTo, "/home");
  // Unverified: /verify first (or straight back to the sign-up link that asked for this sign-in).
  const target = user.verified || new URL(back, "http://site").pathname === "/verify" ? back : verifyRedirectUrl(back);
  return { user, target };
}

/** A sign-up's address proven by its link or code: the account is verified and counted. Null when the row no longer fits. */
export async function completeSignup(row: Verification): Promise<User | null> {
  const user = await completeSignupVerification(row);
  if (user) await recordAccountEvent("Complete Registration", user);
  return user;
}

export type PasswordResetRefusal = "reset-user-not-found" | "banned" | "ip-flood" | "email-flood";

/** Forgot password: the reset link by email, on the site at `origin`. */
export async function requestPasswordReset(input: { email: string; clientIp: string; origin: string }): Promise<{ ok: true } | Refused<PasswordResetRefusal>> {
  const { email } = input;
  const user = await getUserByEmail(email);
  if (!user) return { ok: false, code: "reset-user-not-found" };
  if (await isBannedEmail(email)) return { ok: false, code: "banned" };
  if (!(await consume("emailIp", input.clientIp || "unknown")).ok) return { ok: false, code: "ip-flood" };
  if (!(await consume("emailAddress", email)).ok) return { ok: false, code: "email-flood" };
  const created = await createVerification({ type: "reset", target: email, userId: user.id, replace: true });
  await sendPasswordResetEmail(email, { url: new URL(`/reset-password?${new URLSearchParams({ token: created.token })}`, `${input.origin}/`).toString() });
  return { ok: true };
}
