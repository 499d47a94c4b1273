// Private messages and blocking (docs/product.md §10, §11), against a real database: reuse of
// a conversation, members-only access, unread counts, email batching with a
// fixed clock, blocks both ways (messages, feed, search, threads,
// notifications) and the limits.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { blockUser, listBlocked, unblockUser } from "~/models/blocks.server";
import { toggleLike } from "~/models/likes.server";
import {
  countUnreadConversations,
  getConversation,
  getInboxPage,
  markConversationRead,
  MessageError,
  reportConversation,
  sendMessage,
  startConversation,
} from "~/models/messages.server";
import { getFeedPage, getThread, createPost } from "~/models/posts.server";
import { searchPosts } from "~/models/search.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { CANT_MESSAGE, OWN_POST, TOO_MANY_CONVERSATIONS, TOO_MANY_MESSAGES } from "~/utils/messages";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const tz = "America/Chicago";
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0);
const MINUTE = 60_000;
let n = 0;

async function user(first: string, opts: { emailNotifications?: boolean } = {}) {
  n++;
  return await insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "M.",
    username: `msg-${n}-${first.toLowerCase()}`,
    email: `msg${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    emailNotifications: opts.emailNotifications ?? true,
  });
}

const listing = async (authorId: string, text: string) =>
  (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, listing: { priceCents: 4000, isFree: false, priceTerms: "obo", condition: "good", pickupSpot: null } })).id;

const messageMail = async (email: string) =>
  await getDb().select().from(schema.mail).where(and(eq(schema.mail.to, email), eq(schema.mail.kind, "message")));

const messageNotifications = async (userId: string) =>
  await getDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.type, "message")));

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MessageError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("Expected a refusal");
}

beforeAll(async () => await seed({ demo: false }));
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(async () => vi.useRealTimers());

describe("starting a conversation", () => {
  it("Message seller twice opens the same conversation; not on your own post", async () => {
    const seller = await user("Sam");
    const buyer = await user("Bea");
    const postId = await listing(seller.id, "Road bike, 54 cm");
    const first = await startConversation({ userId: buyer.id, postId });
    const second = await startConversation({ userId: buyer.id, postId });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await refusal(startConversation({ userId: seller.id, postId }))).toEqual({ status: 400, message: OWN_POST });
    // Another buyer gets a conversation of their own.
    const other = await startConversation({ userId: (await user("Oli")).id, postId });
    expect(other.id).not.toBe(first.id);
  });

  it("the conversation carries the item; the seller's inbox shows it only once a message arrives", async () => {
    const seller = await user("Sid");
    const buyer = await user("Ben");
    const postId = await listing(seller.id, "Mini fridge, works great");
    const { id } = await startConversation({ userId: buyer.id, postId });
    const view = await getConversation({ chatId: id, userId: buyer.id, timeZone: tz });
    expect(view.item).toMatchObject({ id: postId, text: "Mini fridge, works great", price: "$40 OBO", status: "available" });
    expect(view.other.id).toBe(seller.id);
    expect((await getInboxPage({ userId: buyer.id, timeZone: tz })).items.map((i) => i.id)).toEqual([id]);
    expect((await getInboxPage({ userId: seller.id, timeZone: tz })).items).toEqual([]);
    await sendMessage({ chatId: id, senderId: buyer.id, text: "Is it still available?", origin });
    const inbox = await getInboxPage({ userId: seller.id, timeZone: tz });
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ id, unread: true, lastMessage: { text: "Is it still available?", mine: false } });
    expect(inbox.items[0]!.other.id).toBe(buyer.id);
  });
});

describe("members only", () => {
  it("anyone but the two members gets a 404 reading, sending or reporting", async () => {
    const seller = await user("Sue");
    const buyer = await user("Bob");
    const stranger = await user("Stu");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Desk") });
    expect((await refusal(getConversation({ chatId: id, userId: stranger.id, timeZone: tz }))).status).toBe(404);
    expect((await refusal(sendMessage({ chatId: id, senderId: stranger.id, text: "hi", origin }))).status).toBe(404);
    expect((await refusal(reportConversation(id, stranger.id, { reason: "spam" }))).status).toBe(404);
    expect((await refusal(getConversation({ chatId: "no-such-chat", userId: buyer.id, timeZone: tz }))).status).toBe(404);
    expect(await getDb().select().from(schema.messages).where(eq(schema.messages.chatId, id))).toHaveLength(0);
  });

  it("messages come oldest first with the sender's current name", async () => {
    const seller = await user("Sal");
    const buyer = await user("Bri");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Lamp") });
    await sendMessage({ chatId: id, senderId: buyer.id, text: "one", origin });
    await sendMessage({ chatId: id, senderId: seller.id, text: "two", origin });
    await sendMessage({ chatId: id, senderId: buyer.id, text: "three", origin });
    await getDb().update(schema.users).set({ firstName: "Brianna" }).where(eq(schema.users.id, buyer.id));
    const view = await getConversation({ chatId: id, userId: seller.id, timeZone: tz });
    expect(view.messages.map((m) => m.text)).toEqual(["one", "two", "three"]);
    expect(view.messages.map((m) => m.mine)).toEqual([false, true, false]);
    expect(view.messages[0]!.sender.displayName).toBe("Brianna M.");
  });
});

describe("unread counts", () => {
  it("count the conversations with unread messages, not the messages; reading clears one", async () => {
    const seller = await user("Sky");
    const [b1, b2] = [await user("Ann"), await user("Abe")];
    const c1 = (await startConversation({ userId: b1.id, postId: await listing(seller.id, "Chair") })).id;
    const c2 = (await startConversation({ userId: b2.id, postId: await listing(seller.id, "Table") })).id;
    expect(await countUnreadConversations(seller.id)).toBe(0);
    await sendMessage({ chatId: c1, senderId: b1.id, text: "hi", origin });
    await sendMessage({ chatId: c1, senderId: b1.id, text: "still there?", origin });
    await sendMessage({ chatId: c2, senderId: b2.id, text: "hello", origin });
    expect(await countUnreadConversations(seller.id)).toBe(2);
    expect(await countUnreadConversations(seller.id, c1)).toBe(1);
    // The sender has read their own side.
    expect(await countUnreadConversations(b1.id)).toBe(0);
    await markConversationRead(c1, seller.id);
    expect(await countUnreadConversations(seller.id)).toBe(1);
    await sendMessage({ chatId: c1, senderId: seller.id, text: "yes", origin });
    expect(await countUnreadConversations(b1.id)).toBe(1);
    // Most recent activity first.
    expect((await getInboxPage({ userId: seller.id, timeZone: tz })).items.map((i) => [i.id, i.unread])).toEqual([
      [c1, false],
      [c2, true],
    ]);
  });

  it("the inbox pages by most recent activity without repeating or skipping", async () => {
    const buyer = await user("Pat");
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      vi.setSystemTime(T0 + i * MINUTE);
      const seller = await user(`Seller${i}`);
      const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, `Item ${i}`) });
      ids.push(id);
    }
    const first = await getInboxPage({ userId: buyer.id, timeZone: tz });
    expect(first.items).toHaveLength(10);
    const second = await getInboxPage({ userId: buyer.id, timeZone: tz, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(ids.reverse());
  });
});

describe("notifications and email", () => {
  it("three quick messages make one notification and one email, which links to the conversation", async () => {
    const seller = await user("Sen");
    const buyer = await user("Bud");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Couch") });
    for (const text of ["hi", "is it available?", "I can pick up today"]) {
      await sendMessage({ chatId: id, senderId: buyer.id, text, origin });
      vi.setSystemTime(Date.now() + 20_000);
    }
    const mail = await messageMail(seller.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain(`${origin}/messages/${id}`);
    expect(mail[0]!.subject).toBe("Bud M. sent you a message");
    expect(await messageNotifications(seller.id)).toHaveLength(1);
    expect((await messageNotifications(seller.id))[0]!.chatId).toBe(id);
  });

  it("after reading, a new message notifies again, but email waits 15 minutes per conversation", async () => {
    const seller = await user("Sol");
    const buyer = await user("Bo");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Rug") });
    await sendMessage({ chatId: id, senderId: buyer.id, text: "first", origin });
    vi.setSystemTime(T0 + 2 * MINUTE);
    await markConversationRead(id, seller.id);
    vi.setSystemTime(T0 + 3 * MINUTE);
    await sendMessage({ chatId: id, senderId: buyer.id, text: "second", origin });
    expect(await messageNotifications(seller.id)).toHaveLength(2);
    expect(await messageMail(seller.email)).toHaveLength(1);
    vi.setSystemTime(T0 + 16 * MINUTE);
    await markConversationRead(id, seller.id);
    vi.setSystemTime(T0 + 17 * MINUTE);
    await sendMessage({ chatId: id, senderId: buyer.id, text: "third", origin });
    expect(await messageMail(seller.email)).toHaveLength(2);
  });

  it("no email to someone who turned them off; the notification still comes", async () => {
    const seller = await user("Syd", { emailNotifications: false });
    const buyer = await user("Bay");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Shelf") });
    await sendMessage({ chatId: id, senderId: buyer.id, text: "hi", origin });
    expect(await messageMail(seller.email)).toHaveLength(0);
    expect(await messageNotifications(seller.id)).toHaveLength(1);
  });
});

describe("blocking", () => {
  it("works both ways for messages; existing messages stay readable; unblocking restores", async () => {
    const seller = await user("Sia");
    const buyer = await user("Bex");
    const postId = await listing(seller.id, "Monitor");
    const { id } = await startConversation({ userId: buyer.id, postId });
    await sendMessage({ chatId: id, senderId: buyer.id, text: "hello", origin });
    await blockUser(seller.id, buyer.id);
    expect(await refusal(sendMessage({ chatId: id, senderId: buyer.id, text: "hey?", origin }))).toEqual({ status: 403, message: CANT_MESSAGE });
    expect(await refusal(sendMessage({ chatId: id, senderId: seller.id, text: "no", origin }))).toEqual({ status: 403, message: CANT_MESSAGE });
    expect((await refusal(startConversation({ userId: buyer.id, postId: await listing(seller.id, "Keyboard") }))).status).toBe(403);
    const view = await getConversation({ chatId: id, userId: seller.id, timeZone: tz });
    expect(view.messages.map((m) => m.text)).toEqual(["hello"]);
    expect(view).toMatchObject({ canSend: false, youBlocked: true });
    expect(await getConversation({ chatId: id, userId: buyer.id, timeZone: tz })).toMatchObject({ canSend: false, youBlocked: false });
    expect((await listBlocked(seller.id)).map((u) => u.id)).toEqual([buyer.id]);
    expect(await listBlocked(buyer.id)).toEqual([]);
    // Only the blocker lifts it.
    await unblockUser(buyer.id, seller.id);
    expect((await refusal(sendMessage({ chatId: id, senderId: buyer.id, text: "hey?", origin }))).status).toBe(403);
    await unblockUser(seller.id, buyer.id);
    await sendMessage({ chatId: id, senderId: buyer.id, text: "hey again", origin });
  });

  it("hides each other's posts in the feed and search, and comments in threads, both ways", async () => {
    const a = await user("Ada");
    const b = await user("Bram");
    const c = await user("Cy");
    const word = `zebrawood${n}`;
    const aPost = await listing(a.id, `${word} desk by Ada`);
    const cPost = await listing(c.id, `${word} shelf by Cy`);
    const bComment = (await createPost({ authorId: b.id, campusId: "ou", blocks: [{ text: "Bram asks" }], media: [], origin, parentId: cPost })).id;
    await blockUser(a.id, b.id);
    for (const [viewer, hidden] of [
      [b.id, aPost],
      [a.id, null],
    ] as const) {
      const feed = (await getFeedPage({ campusId: "ou", timeZone: tz, viewerId: viewer, limit: 50 })).posts.map((p) => p.id);
      const found = (await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: viewer })).posts.map((p) => p.id);
      expect(found).toContain(cPost);
      if (hidden) {
        expect(feed).not.toContain(hidden);
        expect(found).not.toContain(hidden);
      }
    }
    // The blocker does not see the blocked one's comment; a third person does.
    const threadFor = async (viewer: string) => (await getThread({ postId: cPost }, tz, viewer)).comments.map((node) => node.id);
    expect(await threadFor(a.id)).toEqual([]);
    expect(await threadFor(c.id)).toEqual([bComment]);
    // And both ways in the feed: A no longer sees B's posts either.
    const bPost = await listing(b.id, `${word} lamp by Bram`);
    expect((await getFeedPage({ campusId: "ou", timeZone: tz, viewerId: a.id, limit: 50 })).posts.map((p) => p.id)).not.toContain(bPost);
    expect((await getFeedPage({ campusId: "ou", timeZone: tz, viewerId: c.id, limit: 50 })).posts.map((p) => p.id)).toEqual(expect.arrayContaining([aPost, bPost]));
  });

  it("no comments, saves or notifications between them, in either direction", async () => {
    const a = await user("Ari");
    const b = await user("Bel");
    const aPost = await listing(a.id, "Bookcase");
    const bPost = await listing(b.id, "Speaker");
    await blockUser(b.id, a.id);
    await expect(createPost({ authorId: b.id, campusId: "ou", blocks: [{ text: "nice" }], media: [], origin, parentId: aPost })).rejects.toThrow("You can't interact with this person.");
    await expect(toggleLike({ userId: a.id, type: "post", id: bPost, origin })).rejects.toThrow("You can't interact with this person.");
    const of = async (userId: string) => await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
    expect(await of(a.id)).toEqual([]);
    expect(await of(b.id)).toEqual([]);
  });
});

describe("limits", () => {
  it("at most 20 new conversations a day; reopening one does not count", async () => {
    const buyer = await user("Max");
    const seller = await user("Sel");
    const first = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Item 0") });
    for (let i = 1; i < 20; i++) await startConversation({ userId: buyer.id, postId: await listing(seller.id, `Item ${i}`) });
    const postId = await listing(seller.id, "One too many");
    expect(await refusal(startConversation({ userId: buyer.id, postId }))).toEqual({ status: 429, message: TOO_MANY_CONVERSATIONS });
    expect((await startConversation({ userId: buyer.id, postId: (await getConversation({ chatId: first.id, userId: buyer.id, timeZone: tz })).item!.id })).id).toBe(first.id);
  });

  it("at most 60 messages a minute; the 61st is refused and not stored", async () => {
    const buyer = await user("Mia");
    const seller = await user("Sato");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Bike lock") });
    for (let i = 0; i < 60; i++) await sendMessage({ chatId: id, senderId: buyer.id, text: `m${i}`, origin });
    expect(await refusal(sendMessage({ chatId: id, senderId: buyer.id, text: "m60", origin }))).toEqual({ status: 429, message: TOO_MANY_MESSAGES });
    expect(await getDb().select().from(schema.messages).where(eq(schema.messages.chatId, id))).toHaveLength(60);
  });
});

describe("reports", () => {
  it("reporting a conversation records it with the conversation, once", async () => {
    const seller = await user("Rex");
    const buyer = await user("Rue");
    const { id } = await startConversation({ userId: buyer.id, postId: await listing(seller.id, "Tent") });
    expect(await reportConversation(id, seller.id, { reason: "harassment", note: "Rude" })).toEqual({ created: true, type: "chat" });
    expect(await reportConversation(id, seller.id, { reason: "spam" })).toEqual({ created: false, type: "chat" });
    const rows = await getDb().select().from(schema.reports).where(eq(schema.reports.chatId, id));
    expect(rows).toMatchObject([{ reporterId: seller.id, reportedUserId: buyer.id, chatId: id, targetType: "chat", targetId: id, reason: "harassment", note: "Rude" }]);
  });
});
