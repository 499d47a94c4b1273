// Unsubscribe links for notification emails: a signed token names the user, so
// the link works without signing in (and keeps working: it never expires).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema } from "~/services/db.server";
import { defaultOrigin } from "~/services/urls.server";

function signature(userId: string): string {
  return crypto.createHmac("sha256", config().sessionSecret).update(`unsubscribe:${userId}`).digest("base64url");
}

export function unsubscribeToken(userId: string): string {
  return `${userId}.${signature(userId)}`;
}

/** The user id a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(userId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The absolute link to put in an email (and in a List-Unsubscribe header): on
 * `origin` (an allowlisted one, from siteOrigin) or the default site.
 */
export function unsubscribeUrl(userId: string, origin: string = defaultOrigin()): string {
  const base = origin.replace(/\/$/, "");
  return `${base}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;
}

/** Outbox `kind`s of notification emails (spec §7): the ones a user can turn off. */
export const NOTIFICATION_MAIL_KINDS: readonly string[] = ["message", "comment", "comment reply", "like"];

/**
 * List-Unsubscribe headers (RFC 2369, one-click per RFC 8058) for a notification
 * email to one of our users. Needs PUBLIC_URL: a mail client must reach the link.
 */
export async function listUnsubscribeHeaders(to: string, kind: string): Promise<Record<string, string> | undefined> {
  if (!config().publicUrl || !NOTIFICATION_MAIL_KINDS.includes(kind)) return undefined;
  const [user] = await getDb()
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, to.toLowerCase()))
    .limit(1);
  if (!user) return undefined;
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(user.id)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export type Subscriber = { id: string; email: string; emailNotifications: boolean };

export async function subscriberForToken(token: string | null | undefined): Promise<Subscriber | null> {
  const userId = readUnsubscribeToken(token);
  if (!userId) return null;
  const [user] = await getDb()
    .select({ id: schema.users.id, email: schema.users.email, emailNotifications: schema.users.emailNotifications })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .limit(1);
  return user ?? null;
}

/** Turns notification emails on or off (spec §3 email_notifications). */
export async function setEmailNotifications(userId: string, on: boolean) {
  await getDb()
    .update(schema.users)
    .set({ emailNotifications: on, updatedAt: Date.now() })
    .where(eq(schema.users.id, userId));
}
