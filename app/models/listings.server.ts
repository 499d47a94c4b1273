// Listings: posts with a price or Free. Their status (available, pending,
// sold), renewal (back to the top of the feed, at most once every 48 hours),
// and the reminder email with a one-click renew link 3 days before a listing
// expires (30 days without renewal or comment).
import crypto from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, lte, ne, or } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema, transaction } from "~/services/db.server";
import { enqueueListingAlerts } from "./listing-alert-queue.server";
import { campusOrigin, defaultOrigin } from "~/services/urls.server";
import {
  LISTING_LIFETIME_MS,
  RENEW_INTERVAL_MS,
  RENEW_REMINDER_BEFORE_MS,
  RENEW_TOO_SOON,
  type ListingStatus,
} from "~/utils/listings";
import { mailLayout, sendMail } from "./mail.server";
import { isExpired, PostError } from "./posts.server";
import { activeSuspension } from "./suspensions.server";

const { posts } = schema;

export const NOT_A_LISTING = "Only a post with a price or Free is a listing.";
export const SOLD_CANNOT_RENEW = "Mark it as available to renew it.";

/** How long a renew link from the reminder email works: past the expiry, for a week. */
export const RENEW_LINK_TTL_MS = RENEW_REMINDER_BEFORE_MS + 7 * 24 * 3600_000;

type ListingRow = typeof posts.$inferSelect;

/** A top-level, undeleted post, or a 404. */
async function topLevelPost(postId: string): Promise<ListingRow> {
  const [post] = await getDb().select().from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post || post.deletedAt || post.parentId || post.gameId || post.projectId) throw new PostError("Sorry, that post has been deleted.", 404);
  return post;
}

/** The author's own listing, or why not: 404 (no such post), 403 (someone else's), 400 (not a listing). */
async function ownListing(postId: string, userId: string): Promise<ListingRow> {
  const post = await topLevelPost(postId);
  // Only the signed-in author, whatever the request says.
  if (post.authorId !== userId) throw new PostError("Only the author can change this listing.", 403);
  if (!expiresLikeListing(post)) throw new PostError(NOT_A_LISTING, 400);
  return post;
}

/** A listing, or a Wanted post: both expire, renew and take a status ("Found it" is sold). */
export function expiresLikeListing(post: { priceCents: number | null; kind: "wanted" | null }): boolean {
  return post.priceCents !== null || post.kind === "wanted";
}

/**
 * Available → Pending → Sold and back, any way round: the author only. A sold
 * listing leaves the default feed (Hide sold); pending stays in it.
 */
export async function setListingStatus(opts: { postId: string; userId: string; status: ListingStatus; now?: number }): Promise<void> {
  await ownListing(opts.postId, opts.userId);
  await getDb()
    .update(posts)
    .set({ status: opts.status, updatedAt: opts.now ?? Date.now() })
    .where(eq(posts.id, opts.postId));
}

/** When the listing may next be renewed: 48 hours after it was posted or last renewed. */
export function nextRenewAt(post: { createdAt: number; renewedAt: number | null }): number {
  return Math.max(post.createdAt, post.renewedAt ?? 0) + RENEW_INTERVAL_MS;
}

export type ListingState = {
  /** A post with a price or Free. */
  isListing: boolean;
  status: ListingStatus;
  expired: boolean;
  /** The author may renew it now (not sold, 48 hours since it was posted or renewed). */
  renewable: boolean;
  nextRenewAt: number;
};

/** The columns a listing's state is made of (getPost reads them with the post: no second read on its page). */
export type ListingStateColumns = Pick<ListingRow, "priceCents" | "kind" | "status" | "lastActivityAt" | "createdAt" | "renewedAt">;

export function listingState(post: ListingStateColumns, now = Date.now()): ListingState {
  const next = nextRenewAt(post);
  return {
    isListing: expiresLikeListing(post),
    status: post.status,
    expired: isExpired(post, now),
    renewable: expiresLikeListing(post) && post.status !== "sold" && next <= now,
    nextRenewAt: next,
  };
}

/** The raw listing of a top-level post (the edit form and the author's buttons), or null. */
export async function getListingRow(postId: string): Promise<ListingRow | null> {
  try {
    return await topLevelPost(postId);
  } catch (error) {
    if (error instanceof PostError) return null;
    throw error;
  }
}

/**
 * Renews a listing, the author only: it goes back to the top of the feed (its
 * last activity is now) and counts as live for another 30 days. Once every 48
 * hours at most; a sold listing is marked available first.
 */
export async function renewListing(opts: { postId: string; userId: string; now?: number }): Promise<void> {
  const now = opts.now ?? Date.now();
  const post = await ownListing(opts.postId, opts.userId);
  if (post.status === "sold") throw new PostError(SOLD_CANNOT_RENEW, 409);
  if (nextRenewAt(post) > now) throw new PostError(RENEW_TOO_SOON, 409);
  // The same renewal twice at once: the second finds the first's renewedAt and changes nothing.
  const renewed = await transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ renewedAt: now, lastActivityAt: now, updatedAt: now })
      .where(and(eq(posts.id, post.id), post.renewedAt === null ? isNull(posts.renewedAt) : eq(posts.renewedAt, post.renewedAt)))
      .returning({ id: posts.id });
    // Back on top: saved searches that have not seen it yet hear of it.
    if (rows.length) await enqueueListingAlerts(tx, post.id, now);
    return rows;
  });
  if (renewed.length === 0) throw new PostError(RENEW_TOO_SOON, 409);
}

// ---------------------------------------------------------------------------
// The renew link: `<activity>.<expires>.<signature>` for one post. It is signed
// (HMAC with the session secret) over the post id, the listing's last activity
// when the email was written and the link's expiry. Renewing (or a comment)
// moves the last activity on, so a link works once: the second use finds the
// listing changed. It renews that one listing and signs no one in.

function renewSignature(postId: string, activityAt: number, expiresAt: number): string {
  return crypto.createHmac("sha256", config().sessionSecret).update(`renew-listing:${postId}:${activityAt}:${expiresAt}`).digest("base64url");
}

export function renewToken(postId: string, activityAt: number, expiresAt: number): string {
  return `${activityAt}.${expiresAt}.${renewSignature(postId, activityAt, expiresAt)}`;
}

export type RenewLinkCheck =
  | { ok: true; postId: string; activityAt: number }
  | { ok: false; reason: "invalid" | "expired" | "used" | "sold" | "suspended" };

export const RENEW_LINK_MESSAGES: Record<Exclude<RenewLinkCheck, { ok: true }>["reason"], string> = {
  invalid: "This renew link is not valid.",
  expired: "This renew link has expired. Log in to renew your listing from its page.",
  used: "This renew link was already used.",
  sold: "This listing is marked as sold. Log in and mark it as available to renew it.",
  suspended: "This listing can't be renewed while your account is suspended.",
};

/** Checks a renew link for one post without using it. */
export async function checkRenewToken(postId: string, token: string | null | undefined, now = Date.now()): Promise<RenewLinkCheck> {
  const match = /^(\d{1,16})\.(\d{1,16})\.([\w-]{43})$/.exec(token ?? "");
  if (!match) return { ok: false, reason: "invalid" };
  const activityAt = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(renewSignature(postId, activityAt, expiresAt));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  const post = await getListingRow(postId);
  if (!post || !expiresLikeListing(post)) return { ok: false, reason: "invalid" };
  if (post.lastActivityAt !== activityAt) return { ok: false, reason: "used" };
  if (post.status === "sold") return { ok: false, reason: "sold" };
  // A suspended author renews nothing, by link or by button.
  const [author] = await getDb()
    .select({ role: schema.users.role, suspendedAt: schema.users.suspendedAt, suspendedUntil: schema.users.suspendedUntil, suspensionReason: schema.users.suspensionReason })
    .from(schema.users)
    .where(eq(schema.users.id, post.authorId))
    .limit(1);
  if (!author || activeSuspension(author, now)) return { ok: false, reason: "suspended" };
  return { ok: true, postId, activityAt };
}

/** Renews the listing a link names, once: no sign-in, and nothing else. */
export async function renewWithToken(postId: string, token: string | null | undefined, now = Date.now()): Promise<RenewLinkCheck> {
  const checked = await checkRenewToken(postId, token, now);
  if (!checked.ok) return checked;
  const renewed = await transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ renewedAt: now, lastActivityAt: now, updatedAt: now })
      .where(and(eq(posts.id, postId), eq(posts.lastActivityAt, checked.activityAt), ne(posts.status, "sold")))
      .returning({ id: posts.id });
    if (rows.length) await enqueueListingAlerts(tx, postId, now);
    return rows;
  });
  return renewed.length === 1 ? checked : { ok: false, reason: "used" };
}

// ---------------------------------------------------------------------------
// The reminder: one email per listing and expiry, 3 days before it.

const REMINDER_BATCH = 50;

/**
 * Emails the author of every listing that expires within 3 days (and has not
 * expired, is not sold, and was not reminded since its last activity). Each
 * listing is claimed and its email queued in one transaction, so two
 * processes running this at once send one email. Returns how many were sent.
 */
export async function sendRenewalReminders(now = Date.now()): Promise<number> {
  const db = getDb();
  let sent = 0;
  for (;;) {
    const due = await db
      .select({
        id: posts.id,
        text: posts.text,
        kind: posts.kind,
        lastActivityAt: posts.lastActivityAt,
        campusId: posts.campusId,
        email: schema.users.email,
        firstName: schema.users.firstName,
        hostKey: schema.campuses.hostKey,
      })
      .from(posts)
      .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
      .innerJoin(schema.campuses, eq(schema.campuses.id, posts.campusId))
      .where(
        and(
          isNull(posts.parentId),
          isNull(posts.gameId),
          isNull(posts.projectId),
          isNull(posts.deletedAt),
          // Listings and Wanted posts (docs/product.md §7).
          or(isNotNull(posts.priceCents), eq(posts.kind, "wanted")),
          gt(posts.lastActivityAt, now - LISTING_LIFETIME_MS),
          lte(posts.lastActivityAt, now - LISTING_LIFETIME_MS + RENEW_REMINDER_BEFORE_MS),
          ne(posts.status, "sold"),
          or(isNull(posts.renewalRemindedAt), lt(posts.renewalRemindedAt, posts.lastActivityAt)),
          // No reminder to renew what a suspended author may not renew (activeSuspension, as a condition).
          or(isNull(schema.users.suspendedAt), lte(schema.users.suspendedUntil, now), eq(schema.users.role, "owner")),
        ),
      )
      .limit(REMINDER_BATCH);
    let claimedHere = 0;
    for (const listing of due) {
      const origin = campusOrigin({ id: listing.campusId, hostKey: listing.hostKey }, defaultOrigin());
      const link = `${origin}/post/${listing.id}/renew?token=${renewToken(listing.id, listing.lastActivityAt, now + RENEW_LINK_TTL_MS)}`;
      const title = (listing.text[0]?.text ?? "").slice(0, 80) || (listing.kind === "wanted" ? "Your Wanted post" : "Your listing");
      const what = listing.kind === "wanted" ? "Wanted post" : "listing";
      const claimed = await transaction(async (tx) => {
        const rows = await tx
          .update(posts)
          .set({ renewalRemindedAt: now })
          .where(
            and(
              eq(posts.id, listing.id),
              eq(posts.lastActivityAt, listing.lastActivityAt),
              or(isNull(posts.renewalRemindedAt), lt(posts.renewalRemindedAt, posts.lastActivityAt)),
            ),
          )
          .returning({ id: posts.id });
        if (rows.length === 0) return false;
        await sendMail(
          {
            to: listing.email,
            kind: "listing-renewal",
            subject: `Your ${what} expires in 3 days: ${title}`,
            ...mailLayout({
              title: `Keep your ${what} up`,
              intro: `Hi ${listing.firstName}, your ${what} "${title}" leaves the feed and search in 3 days. Renew it to move it back to the top of the feed for another 30 days.`,
              action: { label: `Renew my ${what}`, url: link },
              outro: "The link renews this one listing once, without logging in. Sold it already? Mark it as sold on its page.",
            }),
          },
          tx,
        );
        return true;
      });
      if (claimed) claimedHere++;
    }
    sent += claimedHere;
    // A full batch that another process took over entirely: it is on them now.
    if (due.length < REMINDER_BATCH || claimedHere === 0) return sent;
  }
}

