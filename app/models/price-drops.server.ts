// Price drops (docs/product.md §8): when a listing's price goes down by a tenth
// or more, everyone who saved it hears of it, in the app and by email — at most
// once per listing per day, whichever change (an edit, a scheduled price) caused it.
import { and, eq, lte } from "drizzle-orm";
import { newId, schema, type Tx } from "~/services/db.server";
import { campusOrigin, defaultOrigin } from "~/services/urls.server";
import { formatPrice } from "~/utils/price";
import { notBlockedWith } from "./blocks.server";
import { sendMail } from "./mail.server";
import { notificationMail } from "./notifications.server";
import { unsubscribeUrl } from "./unsubscribe.server";
import { pushChoiceOf, queuePush } from "./push-subscriptions.server";

/** The outbox kind of a price-drop email (one a user can turn off). */
export const PRICE_DROP_MAIL_KIND = "price drop";

const DAY_MS = 24 * 3600_000;
/** How much of a listing's title a price-drop notice quotes. */
const EXCERPT_MAX = 60;

/** A drop of at least 10%, in whole cents (no rounding at the edge: 9.9% is not enough). */
export function isPriceDrop(oldCents: number, newCents: number): boolean {
  return oldCents > 0 && newCents < oldCents && newCents * 10 <= oldCents * 9;
}

/** "Price drop: Oak desk is now $45 (was $60)". */
export function priceDropMessage(excerpt: string, oldCents: number, newCents: number): string {
  return `Price drop: ${excerpt} is now ${formatPrice(newCents)} (was ${formatPrice(oldCents)})`;
}

function titleExcerpt(text: { text: string }[]): string {
  const line = (text[0]?.text ?? "").split("\n")[0]!.trim() || "A listing you saved";
  return line.length > EXCERPT_MAX ? `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : line;
}

/**
 * Claims the listing's one price-drop notice of the day: true when there was
 * none in the last 24 hours. A row of notification_emails keyed by the seller,
 * the listing and the kind, so of two drops at once only one goes out.
 */
async function claimDailyNotice(tx: Tx, sellerId: string, postId: string, now: number): Promise<boolean> {
  const t = schema.notificationEmails;
  const claimed = await tx
    .insert(t)
    .values({ actorId: sellerId, item: `post:${postId}`, kind: PRICE_DROP_MAIL_KIND, sentAt: now })
    .onConflictDoUpdate({ target: [t.actorId, t.item, t.kind], set: { sentAt: now }, setWhere: lte(t.sentAt, now - DAY_MS) })
    .returning({ sentAt: t.sentAt });
  return claimed.length > 0;
}

/**
 * Called inside the transaction that changed a listing's price from `oldCents`
 * to `newCents` (the edit form, the move-out price schedule). When that is a
 * drop of 10% or more on a listing that is visible (not deleted, hidden or
 * sold) and the listing had no price-drop notice in the last day, every saver
 * but the seller, and no one on either side of a block with the seller or who
 * reported the listing, gets an in-app notification and, if they take email,
 * one email. Returns how many were notified.
 */
export async function notifyPriceDrop(tx: Tx, change: { postId: string; oldCents: number | null; newCents: number | null; now?: number }): Promise<number> {
  const { postId, oldCents, newCents } = change;
  if (oldCents === null || newCents === null || !isPriceDrop(oldCents, newCents)) return 0;
  const now = change.now ?? Date.now();
  const { posts, likes, users, reports, campuses } = schema;
  const [post] = await tx
    .select({ authorId: posts.authorId, text: posts.text, status: posts.status, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt, campusId: posts.campusId, hostKey: campuses.hostKey })
    .from(posts)
    .innerJoin(campuses, eq(campuses.id, posts.campusId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post || post.deletedAt !== null || post.hiddenAt !== null || post.status === "sold") return 0;
  const savers = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, emailNotifications: users.emailNotifications, unsubscribeVersion: users.unsubscribeVersion, reported: reports.reporterId })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .leftJoin(reports, and(eq(reports.reporterId, likes.userId), eq(reports.targetType, "post"), eq(reports.targetId, postId)))
    .where(and(eq(likes.targetType, "post"), eq(likes.targetId, postId), notBlockedWith(post.authorId, likes.userId)));
  const recipients = savers.filter((s) => s.id !== post.authorId && s.reported === null);
  if (recipients.length === 0) return 0;
  if (!(await claimDailyNotice(tx, post.authorId, postId, now))) return 0;
  const message = priceDropMessage(titleExcerpt(post.text), oldCents, newCents);
  await tx.insert(schema.notifications).values(
    recipients.map((r) => ({ id: newId(), userId: r.id, actorId: post.authorId, type: "price drop" as const, postId, message, createdAt: now })),
  );
  const origin = campusOrigin({ id: post.campusId, hostKey: post.hostKey }, defaultOrigin());
  const url = `${origin}/post/${postId}`;
  for (const r of recipients) {
    // Pushed like every other notification, under "Everything else" (docs/product.md §26).
    await queuePush(tx, r.id, pushChoiceOf("price drop"), { title: message, body: "", url }, now);
    if (!r.emailNotifications) continue;
    await sendMail(notificationMail(r, { kind: PRICE_DROP_MAIL_KIND, message, url, unsubscribe: unsubscribeUrl(r, origin, now) }), tx);
  }
  return recipients.length;
}
