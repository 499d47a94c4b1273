import { and, count, desc, eq, gte, isNotNull, isNull, lt, lte, or, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { getDb, newId, schema, transaction, type Tx } from "~/services/db.server";
import { cursorId, cursorInt, cursorParts, encodeCursor } from "~/services/cursor.server";
import { timeView } from "~/services/time.server";
import { escapeHtml, sendMail } from "./mail.server";
import type { AuthorView, TextBlock, TimeView } from "~/types/views";
import { unsubscribeUrl } from "./unsubscribe.server";
import { authorColumns, authorView, displayName } from "./users.server";
import { isBlockedEitherWay } from "./blocks.server";
import { pushChoiceOf, queuePush } from "./push-subscriptions.server";
import { hiddenFromViewer } from "./reports.server";
import { COMMENT_UNAVAILABLE, LISTING_UNAVAILABLE } from "~/utils/messages";
import { reviewInvitation } from "~/utils/reviews";

const PAGE_SIZE = 10;

export type NotificationType = (typeof schema.notifications.$inferInsert)["type"];

/** The outbox kind of each notification's email (the ones a user can turn off). */
const MAIL_KIND: Record<NotificationType, string> = {
  comment: "comment",
  "comment reply": "comment reply",
  "comment interaction": "like",
  "post interaction": "like",
  message: "message",
  moderation: "moderation",
  video: "video",
  review: "review",
  "saved search": "saved search",
  "price drop": "price drop",
};

const VERB: Record<NotificationType, string> = {
  comment: "commented on your post",
  "comment reply": "replied to your comment",
  "comment interaction": "saved your comment",
  "post interaction": "saved your post",
  message: "sent you a message",
  moderation: "removed your post",
  video: "could not process your video",
  review: "sold or bought with you",
  "saved search": "posted a listing you searched for",
  "price drop": "lowered the price of a listing you saved",
};

/** The recipient's post, comment, game or project a notification is about, or the conversation of a message. */
export type NotifiedItem = { type: "post" | "game" | "project" | "chat"; id: string };

const EMAIL_INTERVAL_MS = 24 * 3600_000;

/**
 * Claims the one email an actor may cause about an item per interval (a day,
 * unless the caller says otherwise), per kind of email (notifications must not
 * be a spam cannon): true when the last such email is older than that or there
 * was none. Atomic: of two concurrent claims one wins.
 */
async function claimEmail(tx: Tx, key: { actorId: string; item: NotifiedItem; kind: string }, now: number, intervalMs: number): Promise<boolean> {
  const { notificationEmails: t } = schema;
  const claimed = await tx
    .insert(t)
    .values({ actorId: key.actorId, item: `${key.item.type}:${key.item.id}`, kind: key.kind, sentAt: now })
    .onConflictDoUpdate({ target: [t.actorId, t.item, t.kind], set: { sentAt: now }, setWhere: lte(t.sentAt, now - intervalMs) })
    .returning({ sentAt: t.sentAt });
  return claimed.length > 0;
}

/**
 * Records a notification for `userId` about `actorId`'s action and, when the
 * recipient wants email, queues one with a link to the item (docs/product.md §16). Never
 * for a user's own actions. With `once`, an actor causes it only the first
 * time for the item (saves). Email: at most one a day per actor, item and
 * kind (or per `emailIntervalMs`). Nothing between two people when either
 * blocked the other. Runs inside the caller's transaction.
 */
export async function notify(
  tx: Tx,
  n: {
    userId: string;
    actorId: string;
    type: NotificationType;
    link: { path: string; origin: string };
    /** The recipient's item the action was on. */
    about: NotifiedItem;
    once?: boolean;
    postId?: string;
    gameId?: string;
    projectId?: string;
    /** A message's conversation. */
    chatId?: string;
    excerpt?: string;
    /** The least time between two emails about the item (default a day). */
    emailIntervalMs?: number;
  },
) {
  if (n.userId === n.actorId) return;
  if (await isBlockedEitherWay(n.userId, n.actorId, tx)) return;
  const [recipient] = await tx.select().from(schema.users).where(eq(schema.users.id, n.userId)).limit(1);
  const [actor] = await tx.select().from(schema.users).where(eq(schema.users.id, n.actorId)).limit(1);
  if (!recipient || !actor) return;
  const now = Date.now();
  // On a game or project the item is named instead of "post".
  const item = n.postId === undefined || n.type === "comment" ? (n.gameId ? "game" : n.projectId ? "project" : null) : null;
  const verb = item ? VERB[n.type].replace(/post$/, item) : VERB[n.type];
  const message = `${displayName(actor)} ${verb}`;
  const inserted = await tx
    .insert(schema.notifications)
    .values({
      id: newId(),
      userId: n.userId,
      actorId: n.actorId,
      type: n.type,
      postId: n.postId,
      gameId: n.gameId,
      projectId: n.projectId,
      chatId: n.chatId,
      message,
      onceKey: n.once ? `${n.type}:${n.about.type}:${n.about.id}` : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.notifications.id });
  if (inserted.length === 0) return; // notified before (once)
  // Push (docs/product.md §26): queued in this transaction, sent by the push worker.
  await queuePush(tx, n.userId, pushChoiceOf(n.type), { title: message, body: (n.excerpt ?? "").slice(0, 140), url: `${n.link.origin}${n.link.path}` }, now);
  if (!recipient.emailNotifications) return;
  if (!(await claimEmail(tx, { actorId: n.actorId, item: n.about, kind: MAIL_KIND[n.type] }, now, n.emailIntervalMs ?? EMAIL_INTERVAL_MS))) return;
  const url = `${n.link.origin}${n.link.path}`;
  const unsubscribe = unsubscribeUrl(recipient, n.link.origin, now);
  const quote = n.excerpt ? n.excerpt.slice(0, 280) : "";
  await sendMail(notificationMail(recipient, { kind: MAIL_KIND[n.type], message, url, unsubscribe, quote }), tx);
}

/** A notification's email: the greeting, what happened (and a quote of it), a link to it and one to turn these emails off. */
export function notificationMail(
  recipient: { email: string; firstName: string },
  m: { kind: string; message: string; url: string; unsubscribe: string; quote?: string },
) {
  const { message, url, unsubscribe, quote } = m;
  return {
    to: recipient.email,
    kind: m.kind,
    subject: message,
    text: [
      `Hi ${recipient.firstName},`,
      "",
      `${message}.`,
      quote ? `\n"${quote}"\n` : "",
      `See it here: ${url}`,
      "",
      `Turn off these emails: ${unsubscribe}`,
    ].join("\n"),
    html: [
      `<p>Hi ${escapeHtml(recipient.firstName)},</p>`,
      `<p>${escapeHtml(message)}.</p>`,
      quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : "",
      `<p><a href="${escapeHtml(url)}">See it on Campus BuySell</a></p>`,
      `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribe)}">Turn off these emails</a></p>`,
    ].join(""),
  };
}

/**
 * A notice from the moderators (a post or comment removed for breaking the
 * rules): the words as given, shown as they are in the app, never emailed —
 * it is about the recipient's own account, and they see it on their next visit.
 * Not tied to the removed item, so deleting it does not take the notice along.
 * It records no actor: which moderator acted is never shown to the author.
 */
export async function notifyModeration(tx: Tx, n: { userId: string; message: string; now?: number }): Promise<void> {
  await tx.insert(schema.notifications).values({
    id: newId(),
    userId: n.userId,
    actorId: null,
    type: "moderation",
    message: n.message,
    createdAt: n.now ?? Date.now(),
  });
}

/**
 * A video that could not be processed was taken off the author's post: the
 * words as given ("We couldn't process your video: …"), leading to the post,
 * never emailed (the author is told on their next visit), with no actor.
 */
export async function notifyVideoFailed(tx: Tx, n: { userId: string; postId: string; message: string; now?: number }): Promise<void> {
  await tx.insert(schema.notifications).values({
    id: newId(),
    userId: n.userId,
    actorId: null,
    type: "video",
    postId: n.postId,
    message: n.message,
    createdAt: n.now ?? Date.now(),
  });
}

/**
 * A listing matched a saved search: "New listing for "{the search}"", leading
 * to the post, in its own words (the alert is about the search, not the
 * seller). Once per search and post (`once_key`, with the seller as actor);
 * emails go in batches (app/models/saved-searches.server.ts), not from here.
 */
export async function notifySavedSearch(
  tx: Tx,
  n: { userId: string; actorId: string; postId: string; savedSearchId: string; description: string; now: number; /** A Wanted post's own words and once-key (one per wanted post and listing). */ notice?: string; onceKey?: string },
): Promise<void> {
  const notice = n.notice ?? savedSearchNotice(n.description);
  const inserted = await tx
    .insert(schema.notifications)
    .values({
      id: newId(),
      userId: n.userId,
      actorId: n.actorId,
      type: "saved search",
      postId: n.postId,
      message: notice,
      onceKey: `${n.onceKey ?? `saved search:${n.savedSearchId}`}:${n.postId}`,
      createdAt: n.now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.notifications.id });
  if (inserted.length === 0) return;
  // Push under the "Saved-search alerts" choice (docs/product.md §26); the worker resolves the relative URL on the site.
  await queuePush(tx, n.userId, "alerts", { title: notice, body: "", url: `/post/${n.postId}` }, n.now);
}

export function savedSearchNotice(description: string): string {
  return `New listing for "${description}"`;
}

/** Notices shown in their own words, with no one's name: the moderators', the video processor's, saved-search alerts and price drops. */
function isNotice(type: NotificationType): boolean {
  return type === "moderation" || type === "video" || type === "saved search" || type === "price drop";
}

/**
 * Who acted, as a notification shows them: never on a moderators' notice
 * (which names no moderator, even on a row written before it stopped
 * recording one), nor when the account is gone.
 */
function actorOf(r: { type: NotificationType; actor: Parameters<typeof authorView>[0] | null }): AuthorView | null {
  return isNotice(r.type) || !r.actor ? null : authorView(r.actor);
}

/** Where a moderation notice leads: the rules it was about. */
export const MODERATION_NOTICE_HREF = "/more/rules";

export type NotificationView = {
  id: string;
  type: NotificationType;
  /** Who acted, joined at read time: their current name, username and photo; null on a moderators' notice. */
  actor: AuthorView | null;
  /** "Avery L. commented on your post", from the actor's current name; a moderators' notice as it was given. */
  text: string;
  postId: string | null;
  gameId: string | null;
  projectId: string | null;
  read: boolean;
  time: TimeView;
};

/**
 * A user's notifications, newest first, with the actor joined (docs/product.md §5): a
 * new name, username or photo shows here at once. The stored `message` is only
 * the subject the email went out with.
 */
export async function listNotifications(userId: string, timeZone: string, limit = 30): Promise<NotificationView[]> {
  const { notifications } = schema;
  const rows = await getDb()
    .select({
      id: notifications.id,
      type: notifications.type,
      postId: notifications.postId,
      gameId: notifications.gameId,
      projectId: notifications.projectId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      message: notifications.message,
      actor: authorColumns,
    })
    .from(notifications)
    .leftJoin(schema.users, eq(schema.users.id, notifications.actorId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((r) => {
    const actor = actorOf(r);
    return {
      id: r.id,
      type: r.type,
      actor,
      text: actor ? `${actor.displayName} ${VERB[r.type]}` : r.message,
      postId: r.postId,
      gameId: r.gameId,
      projectId: r.projectId,
      read: r.readAt !== null,
      time: timeView(r.createdAt, timeZone, now),
    };
  });
}

// ---------------------------------------------------------------------------
// The notifications page (/notifications) and the unread count in the navigation

/** What a notification says, after the actor's name. */
export function notificationVerb(n: { type: NotificationType; gameId?: string | null; projectId?: string | null }): string {
  if (n.type === "comment" && n.gameId) return "commented on your game";
  if (n.type === "comment" && n.projectId) return "commented on your project";
  return VERB[n.type];
}

/** Where a notification leads: the game or project comments, else the post or comment itself. */
export function notificationHref(
  n: { gameId: string | null; projectId: string | null; postId: string | null; chatId?: string | null },
  actorUsername: string,
): string {
  if (n.chatId) return `/messages/${n.chatId}`;
  if (n.gameId) return `/game/${n.gameId}?show=comments`;
  if (n.projectId) return `/project/${n.projectId}?show=comments`;
  if (n.postId) return `/post/${n.postId}`;
  return `/${actorUsername}`;
}

export type NotificationItem = {
  id: string;
  /** Who: joined from users at read time, so a new name or photo shows at once; null on a moderators' notice. */
  actor: AuthorView | null;
  /** What, after the name: "commented on your post". */
  verb: string;
  /** The start of the comment or post it is about; null when there is none to show. */
  excerpt: string | null;
  /** In place of the excerpt: the comment or post was deleted, or reports hide it from the recipient ("This comment is no longer available"). */
  unavailable: string | null;
  href: string;
  time: TimeView;
  /** Not seen before this visit to the page. */
  unread: boolean;
  /** A moderators' notice, shown as it is in place of the actor and verb ("Your post was removed for breaking the rules: Spam"). */
  notice: string | null;
};

export type NotificationsPage = { items: NotificationItem[]; nextCursor: string | null };

type NotificationsCursor = { at: number; id: string; seenAt: number };

function encodeNotificationsCursor(c: NotificationsCursor): string {
  return encodeCursor([c.at, c.seenAt, c.id]);
}

function decodeNotificationsCursor(value: string | null | undefined): NotificationsCursor | null {
  const parts = cursorParts(value, 3);
  const c = { at: cursorInt(parts?.[0]), seenAt: cursorInt(parts?.[1]), id: cursorId(parts?.[2]) };
  return c.at !== null && c.seenAt !== null && c.id !== null ? { at: c.at, seenAt: c.seenAt, id: c.id } : null;
}

const EXCERPT_MAX = 140;

function excerptOf(blocks: TextBlock[]): string | null {
  const text = blocks
    .map((b) => b.text.trim())
    .filter(Boolean)
    .join(" ");
  if (!text) return null;
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;
}

/**
 * One page of a user's notifications, newest first (keyset paged like the
 * feed: one query for the page, actor and item joined in). With `markRead`
 * (the first page, when the person opens it) every unread notification is
 * marked read in the same transaction; the page still shows which were new,
 * and so do later pages, through the time of that visit carried in the cursor.
 */
export async function getNotificationsPage(opts: {
  userId: string;
  timeZone: string;
  cursor?: string | null;
  markRead?: boolean;
  limit?: number;
  now?: number;
}): Promise<NotificationsPage> {
  const { notifications: n, users, posts } = schema;
  const limit = opts.limit ?? PAGE_SIZE;
  const cursor = decodeNotificationsCursor(opts.cursor);
  const now = opts.now ?? Date.now();
  const seenAt = cursor?.seenAt ?? now;
  const filters: (SQL | undefined)[] = [eq(n.userId, opts.userId)];
  if (cursor) filters.push(or(lt(n.createdAt, cursor.at), and(eq(n.createdAt, cursor.at), lt(n.id, cursor.id))));
  const rows = await transaction(async (tx) => {
    const found = await tx
      .select({
        id: n.id,
        type: n.type,
        postId: n.postId,
        gameId: n.gameId,
        projectId: n.projectId,
        chatId: n.chatId,
        readAt: n.readAt,
        createdAt: n.createdAt,
        actor: authorColumns,
        post: { id: posts.id, text: posts.text, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt, authorId: posts.authorId },
        message: n.message,
      })
      .from(n)
      .leftJoin(users, eq(users.id, n.actorId))
      .leftJoin(posts, eq(posts.id, n.postId))
      .where(and(...filters))
      .orderBy(desc(n.createdAt), desc(n.id))
      .limit(limit + 1);
    if (opts.markRead && !cursor) {
      await tx.update(n)
        .set({ readAt: seenAt })
        .where(and(eq(n.userId, opts.userId), isNull(n.readAt)));
    }
    return found;
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const hidden = await hiddenFromViewer(page.flatMap((r) => (r.post ? [r.post] : [])), opts.userId);
  return {
    items: page.map((r) => {
      const actor = actorOf(r);
      // A post the notification names that is gone, or hidden from the recipient by reports: no words of it.
      const gone = r.postId !== null && (!r.post || r.post.deletedAt !== null || hidden.has(r.post.id));
      return {
        id: r.id,
        actor,
        verb: notificationVerb(r),
        excerpt: r.post && !gone ? excerptOf(r.post.text) : null,
        unavailable: gone ? (r.type === "post interaction" || r.type === "saved search" || r.type === "price drop" ? LISTING_UNAVAILABLE : COMMENT_UNAVAILABLE) : null,
        href: (r.type === "video" || r.type === "saved search" || r.type === "price drop") && r.postId ? `/post/${r.postId}` : r.type === "moderation" || !actor ? MODERATION_NOTICE_HREF : notificationHref(r, actor.username),
        time: timeView(r.createdAt, opts.timeZone, now),
        unread: r.readAt === null || r.readAt >= seenAt,
        // The invitation to review names the other person by their current first name.
        // A price drop quotes the listing: gone or hidden from the recipient, it says only that.
        notice: r.type === "review" && actor ? reviewInvitation(actor.firstName) : r.type === "price drop" && gone ? LISTING_UNAVAILABLE : isNotice(r.type) ? r.message : null,
      };
    }),
    nextCursor: rows.length > limit && last ? encodeNotificationsCursor({ at: last.createdAt, id: last.id, seenAt }) : null,
  };
}

/** The navigation shows at most this; more reads "99+". */
export const UNREAD_CAP = 100;

/**
 * How many notifications the user has not seen, up to UNREAD_CAP. Opening the
 * page marks every unread one read, so the unread ones are those newer than
 * the newest read one: both parts walk the (user_id, created_at) index from
 * the top and stop early, whatever the length of the history.
 */
export async function countUnread(userId: string): Promise<number> {
  const [row] = await unreadNotificationsCount(userId);
  return row?.n ?? 0;
}

/** The query of countUnread, for a user id, a placeholder or a column (the navigation's counts, models/messages). */
export function unreadNotificationsCount(userId: string | Placeholder | Column) {
  const { notifications: n } = schema;
  const db = getDb();
  const lastRead = db
    .select({ createdAt: n.createdAt })
    .from(n)
    .where(and(eq(n.userId, userId), isNotNull(n.readAt)))
    .orderBy(desc(n.createdAt))
    .limit(1);
  const unread = db
    .select({ one: sql`1`.as("one") })
    .from(n)
    .where(and(eq(n.userId, userId), isNull(n.readAt), gte(n.createdAt, sql`coalesce((${lastRead}), 0)`)))
    .limit(UNREAD_CAP)
    .as("unread");
  return db.select({ n: count() }).from(unread);
}

/** Marks every notification of the user read (e.g. a "Mark all as read" control). */
export async function markAllRead(userId: string, now = Date.now()): Promise<void> {
  await getDb()
    .update(schema.notifications)
    .set({ readAt: now })
    .where(and(eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)));
}
