import { eq } from "drizzle-orm";
import { getDb, newId, schema, transaction } from "~/services/db.server";
import { AVATAR_SIZES, type AvatarSize } from "~/utils/media-rules";
import { capitalise, lastInitial } from "~/utils/names";
import type { SessionUser } from "~/utils/user";
import type { AuthorView } from "~/types/views";
import { activeSuspension } from "./suspensions.server";

export type User = typeof schema.users.$inferSelect;
export type { UserRole } from "../../db/schema";

/** "First L." — the first name plus the stored last initial (docs/product.md §3). */
export function displayName(user: Pick<User, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Where an avatar is served from: an uploaded photo (a storage key with square
 * WebP variants, see storeAvatar) at the size asked for — small for cards,
 * large for the profile — or a provider's absolute URL.
 */
export function avatarUrl(img: string | null, size: AvatarSize = "small"): string | null {
  if (!img) return null;
  return /^https?:\/\//.test(img) ? img : `/media/${img}-${AVATAR_SIZES[size]}.webp`;
}

export function authorView(
  user: Pick<User, "id" | "username" | "firstName" | "lastName" | "img" | "verified">,
): AuthorView {
  return {
    id: user.id,
    username: user.username,
    displayName: displayName(user),
    firstName: user.firstName,
    avatarUrl: avatarUrl(user.img),
    verified: user.verified,
  };
}

/** The columns an author needs on a card, for joins. */
export const authorColumns = {
  id: schema.users.id,
  username: schema.users.username,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
  img: schema.users.img,
  verified: schema.users.verified,
};

export async function getUserByUsername(username: string): Promise<User | undefined> {
  const [user] = await getDb()
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, username.toLowerCase()))
    .limit(1);
  return user;
}

export async function getUserByEmail(email: string): Promise<User | undefined> {
  const [user] = await getDb()
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export async function getUserById(id: string): Promise<User | undefined> {
  const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, id)).limit(1);
  return user;
}

/** The portfolio owner: the account the seed created and marked, by id, whatever its username now is. */
export async function getOwner(): Promise<User | undefined> {
  const [owner] = await getDb().select().from(schema.users).where(eq(schema.users.role, "owner")).limit(1);
  return owner;
}

/** Marks the seed's owner account (only one can be: a unique index on the owner role). */
export async function markOwner(userId: string): Promise<void> {
  await getDb().update(schema.users).set({ role: "owner" }).where(eq(schema.users.id, userId));
}

export type NewUser = Omit<typeof schema.users.$inferInsert, "id"> & { id?: string };

export async function insertUser(values: NewUser): Promise<User> {
  const [user] = await getDb()
    .insert(schema.users)
    .values({ ...values, id: values.id ?? newId(), updatedAt: Date.now() })
    .returning();
  return user!;
}

/**
 * The signed-in user as pages see it (root loader `user`, `useOptionalUser()`);
 * `schoolVerified` is for the campus of the site being viewed (isSchoolVerifiedOn),
 * `suspension` what a suspended user is told (suspensionMessage).
 */
export function sessionUserView(user: User, schoolVerified: boolean, suspension: string | null = null): SessionUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    displayName: displayName(user),
    avatarUrl: avatarUrl(user.img),
    verified: user.verified,
    schoolVerified,
    profileSetUp: user.profileSetUp,
    isOwner: isOwner(user),
    isModerator: isModerator(user),
    suspension,
  };
}

/** The portfolio owner: the account the seed created, by id, whatever its username now is. */
export function isOwner(user: Pick<User, "role"> | null | undefined): boolean {
  return user?.role === "owner";
}

/**
 * Reviews reports at /moderation: the owner, and the users the owner made
 * moderators while they are not suspended (a suspended moderator has no
 * moderation powers until the suspension ends).
 */
export function isModerator(
  user: Pick<User, "role" | "suspendedAt" | "suspendedUntil" | "suspensionReason"> | null | undefined,
  now = Date.now(),
): boolean {
  return !!user && (user.role === "owner" || (user.role === "moderator" && !activeSuspension(user, now)));
}

// ---------------------------------------------------------------------------
// Profile (docs/product.md §5): name, bio, photo. Posts, comments, notifications and
// messages join the user, so a change here shows everywhere at once (docs/product.md §5).

/** The public profile: the user by username, case-insensitively. */
export function getProfile(username: string): Promise<User | undefined> {
  return getUserByUsername(username.trim());
}

/** Only http(s) links to external profiles are shown. */
export function profileLinks(user: Pick<User, "links">): { label: string; url: string }[] {
  return (user.links ?? []).filter((l) => typeof l?.url === "string" && /^https?:\/\//i.test(l.url) && typeof l.label === "string");
}

/** Display name (docs/product.md §3, §5): first name capitalised, last name stored as its initial plus period. */
export async function updateName(userId: string, name: { firstName: string; lastName: string }): Promise<User> {
  const [user] = await getDb()
    .update(schema.users)
    .set({ firstName: capitalise(name.firstName.trim()), lastName: lastInitial(name.lastName), updatedAt: Date.now() })
    .where(eq(schema.users.id, userId))
    .returning();
  return user!;
}

export async function updateBio(userId: string, bio: string, opts: { completeSetUp?: boolean } = {}): Promise<User> {
  const [user] = await getDb()
    .update(schema.users)
    .set({ bio, updatedAt: Date.now(), ...(opts.completeSetUp ? { profileSetUp: true } : {}) })
    .where(eq(schema.users.id, userId))
    .returning();
  return user!;
}

/**
 * Points the user at a newly stored photo and marks the profile set up (docs/product.md §5).
 * Returns the previous `img`, whose files the caller removes.
 */
export function setAvatar(userId: string, img: string): Promise<string | null> {
  return transaction(async (tx) => {
    const [before] = await tx.select({ img: schema.users.img }).from(schema.users).where(eq(schema.users.id, userId)).limit(1);
    await tx.update(schema.users).set({ img, profileSetUp: true, updatedAt: Date.now() }).where(eq(schema.users.id, userId));
    return before?.img ?? null;
  });
}
