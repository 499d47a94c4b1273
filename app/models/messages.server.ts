// Private conversations between a buyer and a seller about a listing (issue
// 14): chats, their two members (each member's row is also their inbox entry)
// and messages. Names and photos are joined from users, never copied.
import { and, count, desc, eq, inArray, isNotNull, lt, ne, or, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { getDb, newId, prepared, schema, transaction, type Tx } from "~/services/db.server";
import { decodeKeysetCursor, encodeKeysetCursor } from "~/services/cursor.server";
import { consume } from "~/services/rate-limit.server";
import type { ConversationItemView, ConversationView, InboxEntryView, MessageView } from "~/types/views";
import { CANT_MESSAGE, OWN_POST, TOO_MANY_CONVERSATIONS, TOO_MANY_MESSAGES } from "~/utils/messages";
import { priceLabel } from "~/utils/price";
import { timeView } from "~/services/time.server";
import { isBlockedEitherWay } from "./blocks.server";
import { notify, unreadNotificationsCount } from "./notifications.server";
import { hiddenFrom, loadMedia } from "./posts.server";
import { hiddenFromViewer, reportUser, type ReportDetails, type ReportResult } from "./reports.server";
import { authorColumns, authorView } from "./users.server";

export const INBOX_PAGE_SIZE = 10;
/** A conversation page shows this many of the newest messages; "Earlier messages" pages back. */
export const MESSAGES_PAGE_SIZE = 50;
/** At most one email per conversation and recipient in this time (and one per unread streak). */
export const MESSAGE_EMAIL_INTERVAL_MS = 15 * 60_000;
/** The navigation shows at most this; more reads "99+". */
export const UNREAD_CHATS_CAP = 100;

/** A refused request: 404 for anyone but the two members (ids are not confirmed), 403 blocked, 429 limits. */
export class MessageError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 429,
  ) {
    super(message);
  }
}

const NOT_FOUND = "Not Found";

let lastTimestamp = 0;
/** Now, but never the same millisecond twice in this process: messages are ordered by creation time. */
function nextTimestamp(now = Date.now()): number {
  lastTimestamp = Math.max(now, lastTimestamp + 1);
  return lastTimestamp;
}

/**
 * Opens the conversation between `userId` and the author of `postId` about
 * that post, or reuses the one they have: returns its id. Refused for your
 * own post, a deleted one, one hidden from you by reports, a comment, when
 * either blocked the other, and past 20 new conversations a day.
 */
export async function startConversation(input: { userId: string; postId: string; now?: number }): Promise<{ id: string; created: boolean }> {
  const { posts, chats, chatMembers } = schema;
  const db = getDb();
  const [post] = await db
    .select({ id: posts.id, authorId: posts.authorId, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt, parentId: posts.parentId, gameId: posts.gameId, projectId: posts.projectId })
    .from(posts)
    .where(eq(posts.id, input.postId))
    .limit(1);
  if (!post || post.deletedAt || post.parentId || post.gameId || post.projectId) throw new MessageError("Sorry, that post has been deleted.", 404);
  if (post.authorId === input.userId) throw new MessageError(OWN_POST, 400);
  // Hidden by reports: as if it were not there (its page is a 404 too).
  if (await hiddenFrom(post, input.userId)) throw new MessageError("Sorry, that post has been deleted.", 404);
  const existing = async () =>
    (await db.select({ id: chats.id }).from(chats).where(and(eq(chats.postId, post.id), eq(chats.starterId, input.userId))).limit(1))[0];
  const found = await existing();
  if (await isBlockedEitherWay(input.userId, post.authorId)) throw new MessageError(CANT_MESSAGE, 403);
  if (found) return { id: found.id, created: false };
  if (!(await consume("conversationsPerUser", input.userId)).ok) throw new MessageError(TOO_MANY_CONVERSATIONS, 429);
  const now = input.now ?? Date.now();
  const id = newId();
  const created = await transaction(async (tx) => {
    const inserted = await tx
      .insert(chats)
      .values({ id, postId: post.id, starterId: input.userId, sellerId: post.authorId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    if (inserted.length === 0) return false; // opened at the same moment by another request
    // The starter sees it in their inbox at once; the seller when the first message arrives.
    await tx.insert(chatMembers).values([
      { chatId: id, userId: input.userId, lastActivityAt: now, lastReadAt: now },
      { chatId: id, userId: post.authorId, lastActivityAt: null, lastReadAt: null },
    ]);
    return true;
  });
  if (created) return { id, created: true };
  const again = await existing();
  if (!again) throw new Error("The conversation was neither created nor found");
  return { id: again.id, created: false };
}

/** The other member of a conversation `userId` belongs to; a MessageError 404 for anyone else. */
async function membersOf(db: Tx | ReturnType<typeof getDb>, chatId: string, userId: string) {
  const rows = await db
    .select({ userId: schema.chatMembers.userId, lastReadAt: schema.chatMembers.lastReadAt, lastActivityAt: schema.chatMembers.lastActivityAt })
    .from(schema.chatMembers)
    .where(eq(schema.chatMembers.chatId, chatId));
  const me = rows.find((r) => r.userId === userId);
  const other = rows.find((r) => r.userId !== userId);
  if (!me || !other) throw new MessageError(NOT_FOUND, 404);
  return { me, other };
}

/**
 * Sends a message: the two members only (404 for anyone else), never between
 * people when either blocked the other (403), at most 60 a minute (429).
 * The recipient is notified in the app and by email on the first message of
 * an unread streak — several messages before they read the conversation make
 * one — and by email at most once per conversation every 15 minutes.
 */
export async function sendMessage(input: { chatId: string; senderId: string; text: string; origin: string; now?: number }): Promise<{ id: string }> {
  const { me, other } = await membersOf(getDb(), input.chatId, input.senderId);
  if (await isBlockedEitherWay(me.userId, other.userId)) throw new MessageError(CANT_MESSAGE, 403);
  if (!(await consume("messagesPerUser", input.senderId)).ok) throw new MessageError(TOO_MANY_MESSAGES, 429);
  const id = await transaction((tx) => appendMessage(tx, { ...input, recipientId: other.userId }));
  return { id };
}

/**
 * Writes a message inside the caller's transaction, with what every message
 * does: the conversation's last message and both inbox rows, and the
 * recipient notified on the first message of an unread streak (email at most
 * once per conversation every 15 minutes). `offerId` marks an offer event.
 * The caller has checked the sender may write here.
 */
export async function appendMessage(
  tx: Tx,
  input: { chatId: string; senderId: string; recipientId: string; text: string; origin: string; offerId?: string | null; now?: number },
): Promise<string> {
  const { chats, chatMembers, messages } = schema;
  const id = newId();
  const now = nextTimestamp(input.now);
  const [recipient] = await tx
    .select({ lastReadAt: chatMembers.lastReadAt, lastActivityAt: chatMembers.lastActivityAt })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, input.chatId), eq(chatMembers.userId, input.recipientId)))
    .limit(1);
  const alreadyUnread = !!recipient?.lastActivityAt && recipient.lastActivityAt > (recipient.lastReadAt ?? 0);
  await tx.insert(messages).values({ id, chatId: input.chatId, senderId: input.senderId, text: input.text, offerId: input.offerId ?? null, createdAt: now });
  // The buyer's first message and the seller's first reply after it time the seller card's "Usually replies within …".
  const at = sql`cast(${now} as bigint)`;
  await tx.update(chats)
    .set({
      lastMessageId: id,
      lastMessageAt: now,
      updatedAt: now,
      firstMessageAt: sql`case when ${chats.firstMessageAt} is null and ${chats.starterId} = ${input.senderId} then ${at} else ${chats.firstMessageAt} end`,
      firstReplyAt: sql`case when ${chats.firstReplyAt} is null and ${chats.firstMessageAt} is not null and ${chats.sellerId} = ${input.senderId} then ${at} else ${chats.firstReplyAt} end`,
    })
    .where(eq(chats.id, input.chatId));
  // Sending reads the conversation on your side.
  await tx.update(chatMembers)
    .set({ lastActivityAt: now, lastReadAt: now })
    .where(and(eq(chatMembers.chatId, input.chatId), eq(chatMembers.userId, input.senderId)));
  await tx.update(chatMembers)
    .set({ lastActivityAt: now })
    .where(and(eq(chatMembers.chatId, input.chatId), eq(chatMembers.userId, input.recipientId)));
  if (!alreadyUnread) {
    await notify(tx, {
      userId: input.recipientId,
      actorId: input.senderId,
      type: "message",
      chatId: input.chatId,
      about: { type: "chat", id: input.chatId },
      link: { origin: input.origin, path: `/messages/${input.chatId}` },
      excerpt: input.text,
      emailIntervalMs: MESSAGE_EMAIL_INTERVAL_MS,
    });
  }
  return id;
}

/** Marks the conversation read for `userId` up to now (opening it). */
export async function markConversationRead(chatId: string, userId: string, now = Date.now()): Promise<void> {
  const m = schema.chatMembers;
  await getDb()
    .update(m)
    // Never behind the newest message: a message stamped a moment ahead still counts as read.
    .set({ lastReadAt: sql`case when ${m.lastActivityAt} > ${now} then ${m.lastActivityAt} else ${now} end` })
    .where(and(eq(m.chatId, chatId), eq(m.userId, userId)));
}

export type ConversationItem = ConversationItemView;
export type { ConversationView, MessageView };

const EXCERPT_MAX = 140;

function excerpt(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function postExcerpt(blocks: { text: string }[] | null): string {
  return excerpt((blocks ?? []).map((b) => b.text).join(" "), 100);
}

/**
 * The listings of some conversations with their first photo, as `viewerId`
 * may see them: two queries whatever their number (and one lookup of the
 * viewer's moderator flag when a listing is hidden by reports). A deleted
 * listing, or one hidden from the viewer, is only "no longer available": no
 * text, price or photo.
 */
async function itemsOf(postIds: string[], viewerId: string): Promise<Map<string, ConversationItem>> {
  const { posts } = schema;
  const out = new Map<string, ConversationItem>();
  if (postIds.length === 0) return out;
  const rows = await getDb()
    .select({ id: posts.id, text: posts.text, priceCents: posts.priceCents, isFree: posts.isFree, priceTerms: posts.priceTerms, status: posts.status, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt, authorId: posts.authorId, imgCount: posts.imgCount, firstName: schema.users.firstName })
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(inArray(posts.id, postIds));
  const hidden = await hiddenFromViewer(rows, viewerId);
  const shown = rows.filter((r) => !r.deletedAt && !hidden.has(r.id));
  const media = await loadMedia(shown.filter((r) => r.imgCount > 0).map((r) => ({ id: r.id, firstName: r.firstName })));
  for (const r of rows) {
    const available = shown.includes(r);
    out.set(r.id, {
      id: r.id,
      text: available ? postExcerpt(r.text) : "",
      price: available ? priceLabel(r) : null,
      status: r.status,
      unavailable: !available,
      thumbnail: available ? (media.get(r.id)?.find((m) => m.kind === "image") ?? null) : null,
    });
  }
  return out;
}

/**
 * A conversation as its page shows it, for one of its two members (a
 * MessageError 404 for anyone else): the other person, the item, and the
 * newest messages oldest first (or, with `before`, the ones before that).
 */
export async function getConversation(opts: { chatId: string; userId: string; timeZone: string; before?: string | null; now?: number }): Promise<ConversationView> {
  const db = getDb();
  const { chats, messages, users } = schema;
  const [chat] = await db.select({ id: chats.id, postId: chats.postId }).from(chats).where(eq(chats.id, opts.chatId)).limit(1);
  if (!chat) throw new MessageError(NOT_FOUND, 404);
  const { other } = await membersOf(db, chat.id, opts.userId);
  const [otherUser] = await db.select(authorColumns).from(users).where(eq(users.id, other.userId)).limit(1);
  if (!otherUser) throw new MessageError(NOT_FOUND, 404);
  const cursor = decodeKeysetCursor(opts.before);
  const rows = await db
    .select({ id: messages.id, text: messages.text, createdAt: messages.createdAt, sender: authorColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.chatId, chat.id), cursor ? or(lt(messages.createdAt, cursor.at), and(eq(messages.createdAt, cursor.at), lt(messages.id, cursor.id))) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const oldest = page[0];
  const blocks = schema.blocks;
  const blockRows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, opts.userId), eq(blocks.blockedId, other.userId)), and(eq(blocks.blockerId, other.userId), eq(blocks.blockedId, opts.userId))));
  const items = chat.postId ? await itemsOf([chat.postId], opts.userId) : new Map<string, ConversationItem>();
  const now = opts.now ?? Date.now();
  return {
    id: chat.id,
    other: authorView(otherUser),
    item: chat.postId ? (items.get(chat.postId) ?? null) : null,
    messages: page.map((m) => ({ id: m.id, text: m.text, sender: authorView(m.sender), mine: m.sender.id === opts.userId, time: timeView(m.createdAt, opts.timeZone, now) })),
    earlierCursor: rows.length > MESSAGES_PAGE_SIZE && oldest ? encodeKeysetCursor({ at: oldest.createdAt, id: oldest.id }) : null,
    youBlocked: blockRows.some((b) => b.blockerId === opts.userId),
    canSend: blockRows.length === 0,
  };
}

/** The other member of a conversation `userId` belongs to (404 for anyone else). */
export async function otherMemberOf(chatId: string, userId: string): Promise<string> {
  return (await membersOf(getDb(), chatId, userId)).other.userId;
}

export type InboxEntry = InboxEntryView;

export type InboxPage = { items: InboxEntry[]; nextCursor: string | null };

/**
 * One page of a user's conversations, most recent activity first: one query
 * for the page (the user's inbox rows on chat_members_inbox_idx, the other
 * member, the newest message) and two for the listings and their first photos,
 * whatever the number of conversations. Keyset paged like the feed.
 */
export async function getInboxPage(opts: { userId: string; timeZone: string; cursor?: string | null; limit?: number; now?: number }): Promise<InboxPage> {
  const { chats, chatMembers, messages, users } = schema;
  const limit = opts.limit ?? INBOX_PAGE_SIZE;
  const cursor = decodeKeysetCursor(opts.cursor);
  const mine = chatMembers;
  // The other member, from the conversation's own row (no second membership join).
  const otherId = sql`case when ${chats.starterId} = ${mine.userId} then ${chats.sellerId} else ${chats.starterId} end`;
  const filters: (SQL | undefined)[] = [eq(mine.userId, opts.userId), isNotNull(mine.lastActivityAt)];
  if (cursor) filters.push(or(lt(mine.lastActivityAt, cursor.at), and(eq(mine.lastActivityAt, cursor.at), lt(mine.chatId, cursor.id))));
  const rows = await getDb()
    .select({
      chatId: mine.chatId,
      lastActivityAt: mine.lastActivityAt,
      lastReadAt: mine.lastReadAt,
      postId: chats.postId,
      other: authorColumns,
      lastText: messages.text,
      lastSenderId: messages.senderId,
    })
    .from(mine)
    .innerJoin(chats, eq(chats.id, mine.chatId))
    .innerJoin(users, sql`${users.id} = ${otherId}`)
    .leftJoin(messages, eq(messages.id, chats.lastMessageId))
    .where(and(...filters))
    .orderBy(desc(mine.lastActivityAt), desc(mine.chatId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = await itemsOf([...new Set(page.map((r) => r.postId).filter((id): id is string => !!id))], opts.userId);
  const now = opts.now ?? Date.now();
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.chatId,
      other: authorView(r.other),
      item: r.postId ? (items.get(r.postId) ?? null) : null,
      lastMessage: r.lastText === null ? null : { text: excerpt(r.lastText), mine: r.lastSenderId === opts.userId },
      time: timeView(r.lastActivityAt!, opts.timeZone, now),
      unread: r.lastActivityAt! > (r.lastReadAt ?? 0),
    })),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.lastActivityAt!, id: last.chatId }) : null,
  };
}

/**
 * How many of the user's conversations have a message they have not read, up
 * to UNREAD_CHATS_CAP (on the partial index of unread inbox rows), leaving out
 * `exceptChatId` (the one the page is showing, which its loader marks read).
 */
export async function countUnreadConversations(userId: string, exceptChatId?: string | null): Promise<number> {
  const [row] = await unreadConversationsCount(userId, exceptChatId ?? NO_CHAT);
  return row?.n ?? 0;
}

// Chat ids are never empty: "except this one" with nothing to leave out.
const NO_CHAT = "";

function unreadConversationsCount(userId: string | Placeholder | Column, exceptChatId: string | Placeholder) {
  const m = schema.chatMembers;
  const db = getDb();
  const unread = db
    .select({ one: sql`1`.as("one") })
    .from(m)
    .where(and(eq(m.userId, userId), sql`last_activity_at > coalesce(last_read_at, 0)`, ne(m.chatId, exceptChatId)))
    .limit(UNREAD_CHATS_CAP)
    .as("unread");
  return db.select({ n: count() }).from(unread);
}

/**
 * The navigation's counts of every signed-in page as columns of a statement
 * about `userId` (a user id column: app/http/navigation.server reads them with
 * the session), leaving out the conversation of the `exceptChatId` placeholder.
 */
export function unreadCountColumns(userId: Placeholder | Column) {
  return {
    notifications: sql<number>`(${unreadNotificationsCount(userId)})`.mapWith(Number),
    conversations: sql<number>`(${unreadConversationsCount(userId, sql.placeholder("exceptChatId"))})`.mapWith(Number),
  };
}

/** The values of unreadCountColumns' placeholders. */
export function unreadCountValues(exceptChatId?: string | null): { exceptChatId: string } {
  return { exceptChatId: exceptChatId ?? NO_CHAT };
}

// The counts alone (when the session was read without them), in one prepared statement.
const unreadCountsQuery = prepared(() => {
  const userId = sql.placeholder("userId");
  return getDb().select(unreadCountColumns(userId)).from(schema.users).where(eq(schema.users.id, userId));
});

/**
 * The navigation's unread counts in one statement: notifications (countUnread)
 * and conversations (countUnreadConversations, leaving out `exceptChatId`).
 */
export async function unreadCounts(userId: string, exceptChatId?: string | null): Promise<{ notifications: number; conversations: number }> {
  const [row] = await unreadCountsQuery().execute({ userId, ...unreadCountValues(exceptChatId) });
  return { notifications: row?.notifications ?? 0, conversations: row?.conversations ?? 0 };
}

/** Report in a conversation: recorded with the conversation, against the other member, for the owner's review. */
export async function reportConversation(chatId: string, userId: string, details: ReportDetails): Promise<ReportResult> {
  const otherId = await otherMemberOf(chatId, userId);
  return reportUser({ reporterId: userId, reportedUserId: otherId, chatId, ...details });
}
