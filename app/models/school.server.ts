// The school a user belongs to (docs/product.md §4): the school email that confirms a
// student (/add-code) and the campus they pick (/select-city).
import { eq, or } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { urlOnSite } from "~/services/urls.server";
import { AuthError, isSchoolEmail } from "./accounts.server";
import { sendSchoolEmailCode } from "./auth-mail.server";
import { isBannedEmail } from "./banned-emails.server";
import { getCampus, schoolDomains } from "./campuses.server";
import { getUserById, type User } from "./users.server";
import { createVerification, retireVerifications, type Verification } from "./verifications.server";

/** The school domains of a campus, for messages: "ou.edu", or all four for the general campus. */
export async function schoolDomainsOf(campusId: string): Promise<string[]> {
  const campus = await getCampus(campusId);
  return campus ? schoolDomains(campus) : [];
}

export type SchoolEmailRefusal = "not-school" | "email-in-use" | "banned";

/** Can `email` become this user's school email? Null when it can, else why not. */
export async function schoolEmailRefusal(user: Pick<User, "id" | "campusId">, email: string): Promise<SchoolEmailRefusal | null> {
  const address = email.trim().toLowerCase();
  if (await isBannedEmail(address)) return "banned";
  if (!(await isSchoolEmail(address, user.campusId))) return "not-school";
  const other = (
    await getDb()
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(or(eq(schema.users.email, address), eq(schema.users.schoolEmail, address)))
  ).find((u) => u.id !== user.id);
  return other ? "email-in-use" : null;
}

/** Sends the link and 6-digit code that confirm a school email (one live code per address); `origin` is the site's verified origin (siteOrigin). */
export async function sendSchoolEmailVerification(origin: string, user: Pick<User, "id" | "firstName">, email: string) {
  const created = await createVerification({ type: "school-email", target: email, userId: user.id, withCode: true, replace: true });
  await sendSchoolEmailCode(email, {
    url: urlOnSite(origin, `/add-code?${new URLSearchParams({ token: created.token })}`),
    code: created.code!,
    firstName: user.firstName,
  });
}

/**
 * A confirmed school email (link or code): it becomes the user's school email,
 * and the user is school-verified (it is on their campus's domain). Null when
 * the row belongs to nobody, or the address is no longer acceptable.
 */
export async function completeSchoolEmailVerification(row: Verification): Promise<User | null> {
  if (!row.userId || row.type !== "school-email") return null;
  const user = await getUserById(row.userId);
  if (!user || (await schoolEmailRefusal(user, row.target))) return null;
  await retireVerifications("school-email", row.target);
  const [updated] = await getDb()
    .update(schema.users)
    .set({ schoolEmail: row.target, schoolVerified: true, updatedAt: Date.now() })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated ?? null;
}

/**
 * Is the user a student of this campus (docs/product.md §4), so that they may
 * post, comment and save on its site? Their verified email or their confirmed
 * school email is on the campus's domain (the general Campus takes any of the
 * schools' domains); the owner posts everywhere. Every action asks it for the
 * campus of the site the request came to, so a student of one school cannot
 * act on another school's site by sending the request there.
 */
export async function isSchoolVerifiedOn(
  user: Pick<User, "verified" | "email" | "schoolEmail" | "schoolVerified" | "role">,
  campusId: string,
): Promise<boolean> {
  return (
    (user.verified && (await isSchoolEmail(user.email, campusId))) ||
    (!!user.schoolEmail && (await isSchoolEmail(user.schoolEmail, campusId))) ||
    // The owner posts everywhere (seeded as school-verified without a school email).
    (user.schoolVerified && user.role === "owner")
  );
}

/**
 * Moves a user to another campus (/select-city). School verification follows
 * the campus: it holds when the verified email or the confirmed school email
 * is on the new campus's domain (docs/product.md §4); the owner keeps it.
 */
export async function changeCampus(userId: string, campusId: string): Promise<User> {
  const campus = await getCampus(campusId);
  if (!campus) throw new AuthError("other");
  const user = await getUserById(userId);
  if (!user) throw new AuthError("user-not-found");
  const schoolVerified = await isSchoolVerifiedOn(user, campus.id);
  const [updated] = await getDb()
    .update(schema.users)
    .set({ campusId: campus.id, schoolVerified, updatedAt: Date.now() })
    .where(eq(schema.users.id, userId))
    .returning();
  return updated!;
}
