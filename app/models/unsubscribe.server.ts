// Unsubscribe links for notification emails: a signed token names the user, so
// the link works without signing in. A token also carries when it was made
// (it works for UNSUBSCRIBE_LINK_DAYS) and the user's unsubscribe_version
// (raised when they turn the emails back on or change their address, which
// revokes every link sent before). Tokens of the first format (the user id
// alone, no time or version) are refused: they never expired.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema } from "~/services/db.server";
import { defaultOrigin } from "~/services/urls.server";

/** How long an unsubscribe link works after its email was made. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const LINK_TTL_MS = UNSUBSCRIBE_LINK_DAYS * 24 * 3600_000;

/**
 * `savedSearchId`: a link that turns off the alerts of that one saved search
 * rather than every notification email; signed with it, so it names no other.
 */
type TokenFields = { userId: string; version: number; issuedAt: number; savedSearchId?: string | null };

function signature(t: TokenFields): string {
  const scope = t.savedSearchId ? `:search:${t.savedSearchId}` : "";
  return crypto.createHmac("sha256", config().sessionSecret).update(`unsubscribe:${t.userId}:${t.version}:${t.issuedAt}${scope}`).digest("base64url");
}

/** `{user id}.{version}.{made at, base 36}.{signature}`. */
export function unsubscribeToken(userId: string, opts: { version?: number; now?: number; savedSearchId?: string | null } = {}): string {
  const t = { userId, version: opts.version ?? 0, issuedAt: opts.now ?? Date.now(), savedSearchId: opts.savedSearchId };
  return `${userId}.${t.version}.${t.issuedAt.toString(36)}.${signature(t)}`;
}

/** What a token says, when it is one of ours and has not expired (its version is checked against the user's row). */
function verifyToken(token: string | null | undefined, now: number, savedSearchId?: string | null): TokenFields | null {
  const parts = (token ?? "").split(".");
  if (parts.length !== 4) return null;
  const [userId, version, issuedAt, given] = parts as [string, string, string, string];
  if (!/^[\w-]{1,64}$/.test(userId) || !/^\d{1,9}$/.test(version) || !/^[\da-z]{1,12}$/.test(issuedAt)) return null;
  const t = { userId, version: Number(version), issuedAt: parseInt(issuedAt, 36), savedSearchId };
  const expected = Buffer.from(signature(t));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !crypto.timingSafeEqual(got, expected)) return null;
  return t.issuedAt <= now && now < t.issuedAt + LINK_TTL_MS ? t : null;
}

/** The user id a token was made for, or null when it is not one of ours or has expired. */
export function readUnsubscribeToken(token: string | null | undefined, now = Date.now()): string | null {
  return verifyToken(token, now)?.userId ?? null;
}

/**
 * The absolute link to put in an email (and in a List-Unsubscribe header): on
 * `origin` (an allowlisted one, from siteOrigin) or the default site, for the
 * user's current unsubscribe_version.
 */
export function unsubscribeUrl(user: { id: string; unsubscribeVersion: number }, origin: string = defaultOrigin(), now = Date.now(), savedSearchId?: string): string {
  const base = origin.replace(/\/$/, "");
  const token = encodeURIComponent(unsubscribeToken(user.id, { version: user.unsubscribeVersion, now, savedSearchId }));
  return `${base}/unsubscribe?token=${token}${savedSearchId ? `&search=${encodeURIComponent(savedSearchId)}` : ""}`;
}

/** "j•••@ou.edu": enough for the owner of the address to recognise it, not enough to learn it from a forwarded link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** Outbox `kind`s of notification emails (docs/product.md §16): the ones a user can turn off. */
export const NOTIFICATION_MAIL_KINDS: readonly string[] = ["message", "comment", "comment reply", "like", "price drop"];

/**
 * List-Unsubscribe headers (RFC 2369, one-click per RFC 8058) for a notification
 * email to one of our users. Needs PUBLIC_URL: a mail client must reach the link.
 */
export async function listUnsubscribeHeaders(to: string, kind: string): Promise<Record<string, string> | undefined> {
  if (!config().publicUrl || !NOTIFICATION_MAIL_KINDS.includes(kind)) return undefined;
  const [user] = await getDb()
    .select({ id: schema.users.id, unsubscribeVersion: schema.users.unsubscribeVersion })
    .from(schema.users)
    .where(eq(schema.users.email, to.toLowerCase()))
    .limit(1);
  if (!user) return undefined;
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(user)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Whom a valid link is for: the address only masked, since whoever holds the link sees it. */
export type Subscriber = { id: string; maskedEmail: string; emailNotifications: boolean; version: number; issuedAt: number };

/** The user a link is for, or null when it is forged, expired, or revoked by a newer unsubscribe_version. */
export async function subscriberForToken(token: string | null | undefined, now = Date.now(), savedSearchId?: string | null): Promise<Subscriber | null> {
  const t = verifyToken(token, now, savedSearchId);
  if (!t) return null;
  const { users } = schema;
  const [user] = await getDb()
    .select({ id: users.id, email: users.email, emailNotifications: users.emailNotifications, version: users.unsubscribeVersion })
    .from(users)
    .where(eq(users.id, t.userId))
    .limit(1);
  if (!user || user.version !== t.version) return null;
  return { id: user.id, maskedEmail: maskEmail(user.email), emailNotifications: user.emailNotifications, version: user.version, issuedAt: t.issuedAt };
}

/**
 * Turns notification emails on or off (users.email_notifications, docs/product.md §16). Turning
 * them back on raises unsubscribe_version, so every link sent before stops
 * working; the new version is returned (for a link that replaces the one used).
 */
export async function setEmailNotifications(userId: string, on: boolean): Promise<number> {
  const { users } = schema;
  const [row] = await getDb()
    .update(users)
    .set({ emailNotifications: on, updatedAt: Date.now(), ...(on ? { unsubscribeVersion: sql`${users.unsubscribeVersion} + 1` } : {}) })
    .where(eq(users.id, userId))
    .returning({ version: users.unsubscribeVersion });
  return row?.version ?? 0;
}
