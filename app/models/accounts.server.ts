// Accounts: creating users (password, magic link, Google), signing in with a
// password (with the account lockout of docs/product.md §3), verifying the email, and
// the account settings (username, email, password).
import { and, eq, like, or, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, newId, schema, transaction, type Db, type Tx } from "~/services/db.server";
import { urlOnSite } from "~/services/urls.server";
import { consume, refund, resetLimit } from "~/services/rate-limit.server";
import { endAllSessions } from "~/services/session.server";
import { AUTH_MESSAGES, type AuthErrorCode } from "~/utils/auth-messages";
import { firstFreeUsername, lastInitial, parseFullName, usernameBase } from "~/utils/names";
import { safePath } from "~/utils/navigation";
import { isReservedUsername } from "~/utils/reserved-names";
import { isBannedEmail } from "./banned-emails.server";
import { getCampus, schoolDomains } from "./campuses.server";
import { recordEvent } from "./events.server";
import { sendSignupVerificationEmail } from "./auth-mail.server";
import { deletePasswordHash, getPasswordHash, hashPassword, storePasswordHash, verifyNoPassword, verifyPassword } from "./passwords.server";
import { getUserByEmail, getUserById, type User } from "./users.server";
import { createVerification, retireVerifications, type Verification } from "./verifications.server";

/** A refusal with one of the messages of docs/product.md §3. */
export class AuthError extends Error {
  override name = "AuthError";
  constructor(public code: AuthErrorCode) {
    super(AUTH_MESSAGES[code]);
  }
}

/** The message (docs/product.md §3) for anything thrown while signing in. */
export function authErrorCode(error: unknown): AuthErrorCode {
  if (error instanceof AuthError) return error.code;
  if (error instanceof Error && error.cause instanceof AuthError) return error.cause.code;
  return "other";
}

/** Analytics event (docs/product.md §20: "Complete Registration", "Login"); no personal data but the user id. */
export function recordAccountEvent(name: "Complete Registration" | "Login", user: Pick<User, "id" | "campusId">) {
  return recordEvent(name, { userId: user.id, campusId: user.campusId });
}

/** Is this address on the school domain of the campus (docs/product.md §4)? */
export async function isSchoolEmail(email: string | null | undefined, campusId: string): Promise<boolean> {
  if (!email) return false;
  const campus = await getCampus(campusId);
  if (!campus) return false;
  const domain = email.trim().toLowerCase().split("@")[1] ?? "";
  return schoolDomains(campus).some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** The first free username for a name: first+last, then -2, -3, … never a reserved name (docs/product.md §3). */
export async function uniqueUsername(firstName: string, lastName: string, tx: Tx | Db = getDb()): Promise<string> {
  const base = usernameBase(firstName, lastName);
  const taken = new Set(
    (
      await tx
        .select({ username: schema.users.username })
        .from(schema.users)
        .where(or(eq(schema.users.username, base), like(schema.users.username, `${base}-%`)))
    ).map((r) => r.username),
  );
  return firstFreeUsername(base, (n) => taken.has(n), isReservedUsername);
}

export type NewAccount = {
  email: string;
  firstName: string;
  middleName?: string | null;
  /** The full last name: stored as its initial, used whole for the username. */
  lastName: string;
  campusId: string;
  verified: boolean;
  img?: string | null;
  passwordHash?: string;
  google?: { sub: string };
};

/** Creates a user (and password or Google connection) in one transaction. */
export async function createAccount(input: NewAccount): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await isBannedEmail(email)) throw new AuthError("banned");
  const schoolEmail = await isSchoolEmail(email, input.campusId);
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(async (tx) => {
        const [existing] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)).limit(1);
        if (existing) throw new AuthError("email-in-use");
        const id = newId();
        const now = Date.now();
        const [user] = await tx
          .insert(schema.users)
          .values({
            id,
            campusId: input.campusId,
            firstName: input.firstName,
            middleName: input.middleName ?? null,
            lastName: lastInitial(input.lastName),
            username: await uniqueUsername(input.firstName, input.lastName, tx),
            email,
            img: input.img ?? null,
            verified: input.verified,
            schoolVerified: input.verified && schoolEmail,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (input.passwordHash) await storePasswordHash(id, input.passwordHash, tx);
        if (input.google) await tx.insert(schema.connections).values({ provider: "google", providerId: input.google.sub, userId: id });
        return user!;
      });
    } catch (error) {
      // Two sign-ups raced for the same username: pick again.
      if (attempt < 3 && isUniqueViolation(error, { table: "users", column: "username" })) continue;
      if (isUniqueViolation(error, { table: "users", column: "email" })) throw new AuthError("email-in-use");
      throw error;
    }
  }
}

/** Sign-up with email, full name and password (docs/product.md §3). The user still has to verify the email. */
export async function registerWithPassword(input: { email: string; fullName: string; password: string; campusId: string }): Promise<User> {
  const name = parseFullName(input.fullName);
  if (!name) throw new AuthError("other");
  if (await isBannedEmail(input.email)) throw new AuthError("banned");
  if (await getUserByEmail(input.email)) throw new AuthError("email-in-use");
  const passwordHash = await hashPassword(input.password);
  return createAccount({ ...name, email: input.email, campusId: input.campusId, verified: false, passwordHash });
}

/** The lockout key: the account, or for an unknown address the address (refused alike). */
function lockoutKey(user: Pick<User, "id"> | undefined, email: string): string {
  return user ? user.id : `unknown:${email.trim().toLowerCase()}`;
}

/**
 * Checks a password under the account lockout (docs/product.md §3). The attempt is
 * counted before the slow hash runs and given back when the password is right,
 * so however many arrive at once, at most five wrong passwords per account are
 * ever tried in 15 minutes; a locked account is refused without hashing. An
 * unknown address or an account without a password costs the same hash.
 */
async function checkPassword(user: User | undefined, email: string, password: string): Promise<void> {
  const key = lockoutKey(user, email);
  const attempt = await consume("loginFailures", key);
  if (!attempt.ok) throw new AuthError("too-many-requests");
  const hash = user ? await getPasswordHash(user.id) : null;
  const right = hash ? await verifyPassword(password, hash) : await verifyNoPassword(password);
  if (!user) throw new AuthError("user-not-found");
  if (!hash) throw new AuthError("invalid-login-credentials"); // a Google or magic-link account
  if (!right) throw new AuthError(attempt.remaining > 0 ? "wrong-password" : "too-many-requests");
  await refund("loginFailures", key);
}

/**
 * Email + password sign-in (messages of docs/product.md §3). Five wrong passwords within 15
 * minutes lock the account until a password reset or the window ends.
 */
export async function passwordSignIn(email: string, password: string): Promise<User> {
  if (await isBannedEmail(email)) throw new AuthError("banned");
  const user = await getUserByEmail(email);
  await checkPassword(user, email, password);
  return user!;
}

/** The current password of a signed-in user (change password, change email): the same lockout as signing in. */
export async function checkCurrentPassword(user: User, password: string): Promise<void> {
  await checkPassword(user, user.email, password);
}

/**
 * The sign-up verification email (docs/product.md §3): a link and the same code to type on /verify.
 * `origin` is the site's verified origin (siteOrigin), never a header's word.
 */
export async function sendSignupVerification(origin: string, user: Pick<User, "id" | "email" | "firstName">, redirectTo?: string | null) {
  const created = await createVerification({ type: "signup", target: user.email, userId: user.id, withCode: true, replace: true });
  const params = new URLSearchParams({ token: created.token });
  const back = safePath(redirectTo, "/home");
  if (back !== "/home") params.set("redirect", back);
  await sendSignupVerificationEmail(user.email, {
    url: urlOnSite(origin, `/verify?${params}`),
    code: created.code!,
    firstName: user.firstName,
  });
}

/** Completes sign-up verification from a link or a typed code; retires the other live codes. */
export async function completeSignupVerification(row: Verification): Promise<User | null> {
  if (!row.userId) return null;
  const user = await getUserById(row.userId);
  if (!user || user.email !== row.target) return null;
  await retireVerifications("signup", row.target);
  return markEmailVerified(user.id);
}

/** The email is proven (link, code, Google): verified, and school-verified on the campus domain (docs/product.md §4). */
export async function markEmailVerified(userId: string): Promise<User> {
  const user = await getUserById(userId);
  if (!user) throw new AuthError("user-not-found");
  const schoolVerified = user.schoolVerified || (await isSchoolEmail(user.email, user.campusId));
  const [updated] = await getDb()
    .update(schema.users)
    .set({ verified: true, schoolVerified, updatedAt: Date.now() })
    .where(eq(schema.users.id, userId))
    .returning();
  return updated!;
}

/**
 * The address was proven some other way than by the sign-up link or code: a
 * magic link, Google, a password reset. Whoever registered an unverified
 * account need not own its address, so the password set before the proof is
 * cleared and every session issued before it ends; the owner's own sign-in
 * starts after this.
 */
export async function proveEmail(userId: string): Promise<User> {
  const user = await getUserById(userId);
  if (!user) throw new AuthError("user-not-found");
  if (user.verified) return user;
  await deletePasswordHash(userId);
  await endAllSessions(userId);
  // The sign-up link and code were for whoever registered: they are of no use now.
  await retireVerifications("signup", user.email);
  return markEmailVerified(userId);
}

/**
 * Sets a new password after a reset link: proves the email, lifts the lockout
 * (docs/product.md §3) and ends every session, so whoever knew the old password is out.
 */
export async function resetPassword(userId: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await proveEmail(userId);
  await storePasswordHash(userId, hash);
  await resetLimit("loginFailures", userId);
  await endAllSessions(userId);
}

/** Change password (docs/product.md §3): the current one must be right, and counts toward the lockout. */
export async function changePassword(userId: string, current: string, next: string): Promise<void> {
  const user = await getUserById(userId);
  if (!user) throw new AuthError("user-not-found");
  if (await getPasswordHash(userId)) await checkCurrentPassword(user, current);
  await storePasswordHash(userId, await hashPassword(next));
}

/** Whether the user has a password at all (Google and magic-link accounts may not). */
export async function hasPassword(userId: string): Promise<boolean> {
  return (await getPasswordHash(userId)) !== null;
}

/** Change username: unique, not reserved (docs/product.md §3). */
export async function changeUsername(userId: string, username: string): Promise<User> {
  const name = username.trim().toLowerCase();
  if (isReservedUsername(name)) throw new AuthError("username-taken");
  try {
    return await transaction(async (tx) => {
      const [other] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, name)).limit(1);
      if (other && other.id !== userId) throw new AuthError("username-taken");
      const [user] = await tx.update(schema.users).set({ username: name, updatedAt: Date.now() }).where(eq(schema.users.id, userId)).returning();
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error, { table: "users", column: "username" })) throw new AuthError("username-taken");
    throw error;
  }
}

/** Makes a confirmed new address the account's email (A5 recomputed). */
export async function applyEmailChange(userId: string, newEmail: string): Promise<User> {
  const email = newEmail.trim().toLowerCase();
  if (await isBannedEmail(email)) throw new AuthError("banned");
  const user = await getUserById(userId);
  if (!user) throw new AuthError("user-not-found");
  const schoolVerified =
    (await isSchoolEmail(email, user.campusId)) ||
    (!!user.schoolEmail && user.schoolVerified && (await isSchoolEmail(user.schoolEmail, user.campusId)));
  try {
    return await transaction(async (tx) => {
      const [other] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)).limit(1);
      if (other && other.id !== userId) throw new AuthError("email-in-use");
      const [updated] = await tx
        .update(schema.users)
        // A new address revokes the unsubscribe links sent to the old one.
        .set({ email, verified: true, schoolVerified, unsubscribeVersion: sql`${schema.users.unsubscribeVersion} + 1`, updatedAt: Date.now() })
        .where(eq(schema.users.id, userId))
        .returning();
      if (!updated) throw new AuthError("user-not-found");
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error, { table: "users", column: "email" })) throw new AuthError("email-in-use");
    throw error;
  }
}

export type GoogleProfile = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string | null;
  picture?: string | null;
};

/**
 * Google sign-in: the account connected to this Google id, else the account
 * with this (Google-verified) email, else a new account named by the name rules of docs/product.md §3 (the
 * Google ones) with the Google photo.
 */
export async function googleSignIn(profile: GoogleProfile, campusId: string, googleName: { firstName: string; lastName: string }): Promise<{ user: User; isNew: boolean }> {
  const email = profile.email.trim().toLowerCase();
  if (!profile.emailVerified || !email) throw new AuthError("google");
  if (await isBannedEmail(email)) throw new AuthError("banned");
  const db = getDb();
  const [connection] = await db
    .select({ userId: schema.connections.userId })
    .from(schema.connections)
    .where(and(eq(schema.connections.provider, "google"), eq(schema.connections.providerId, profile.sub)))
    .limit(1);
  const connected = connection ? await getUserById(connection.userId) : undefined;
  if (connected) {
    if (await isBannedEmail(connected.email)) throw new AuthError("banned");
    return { user: await proveEmail(connected.id), isNew: false };
  }
  const existing = await getUserByEmail(email);
  if (existing) {
    await db.insert(schema.connections).values({ provider: "google", providerId: profile.sub, userId: existing.id }).onConflictDoNothing();
    const user = existing.img || !profile.picture ? existing : (await db.update(schema.users).set({ img: profile.picture }).where(eq(schema.users.id, existing.id)).returning())[0]!;
    return { user: await proveEmail(user.id), isNew: false };
  }
  const user = await createAccount({
    email,
    ...googleName,
    campusId,
    verified: true,
    img: profile.picture ?? null,
    google: { sub: profile.sub },
  });
  return { user, isNew: true };
}
