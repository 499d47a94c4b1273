import { eq, sql } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, newId, schema } from "~/services/db.server";
import type { SessionUser } from "~/utils/user";
import type { AuthorView } from "./types";

export type User = typeof schema.users.$inferSelect;

/** "First L." — the first name plus the stored last initial (spec §3). */
export function displayName(user: Pick<User, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Where an avatar is served from: an uploaded file, or a provider's absolute URL. */
export function avatarUrl(img: string | null): string | null {
  if (!img) return null;
  return /^https?:\/\//.test(img) ? img : `/media/${img}`;
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

export function getUserByUsername(username: string): User | undefined {
  return getDb()
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, username.toLowerCase()))
    .get();
}

export function getUserByEmail(email: string): User | undefined {
  return getDb()
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()))
    .get();
}

export function getUserById(id: string): User | undefined {
  return getDb().select().from(schema.users).where(eq(schema.users.id, id)).get();
}

export type NewUser = Omit<typeof schema.users.$inferInsert, "id"> & { id?: string };

export function insertUser(values: NewUser): User {
  return getDb()
    .insert(schema.users)
    .values({ ...values, id: values.id ?? newId(), updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .returning()
    .get();
}

/** The signed-in user as pages see it (root loader `user`, `useOptionalUser()`). */
export function sessionUserView(user: User): SessionUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    displayName: displayName(user),
    avatarUrl: avatarUrl(user.img),
    verified: user.verified,
    schoolVerified: user.schoolVerified,
    profileSetUp: user.profileSetUp,
    isOwner: user.username === config().owner.username,
  };
}
