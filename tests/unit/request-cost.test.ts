// What a signed-in page costs in statements: the counter the bench reads
// (COUNT_STATEMENTS=1), the session looked up once per request, and the
// navigation's counts in one statement.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countUnreadConversations, sendMessage, startConversation, unreadCounts } from "~/models/messages.server";
import { countUnread, notifyModeration } from "~/models/notifications.server";
import { createPost, getFeedPage, getThread } from "~/models/posts.server";
import { encodeKeysetCursor } from "~/services/cursor.server";
import { toggleLike } from "~/models/likes.server";
import { blockUser, unblockUser } from "~/models/blocks.server";
import { listingOf } from "~/flows/post-submission.server";
import { postPage } from "~/flows/post-page.server";
import { insertUser } from "~/models/users.server";
import { loader as rootLoader } from "~/root.server";
import { getDb, schema, transaction } from "~/services/db.server";
import { withRequestScope } from "~/services/request-scope.server";
import { createSessionCookie, destroySessionCookie, getOptionalUser, getUserId } from "~/services/session.server";
import { countStatements } from "~/services/statement-count.server";
import { seed } from "~/flows/seed.server";
import { DEFAULT_FILTERS } from "~/utils/feed-filters";

const BASE = "http://localhost";
let userId: string;
let cookie: string;

const requestAs = (path = "/home") => new Request(`${BASE}${path}`, { headers: { Cookie: cookie } });
const context = { cspNonce: "", clientIp: "127.0.0.1", fromThisMachine: true, regionBlocked: false };

beforeAll(async () => {
  await seed({ demo: false });
  userId = (await insertUser({ campusId: "ou", firstName: "Cost", lastName: "U.", username: "costu", email: "costu@ou.edu", verified: true })).id;
  cookie = (await createSessionCookie(new Request(BASE), userId)).split(";")[0]!;
});

describe("the statement counter", () => {
  it("counts the statements of its own callback, not those of work running beside it", async () => {
    const one = () => getDb().select().from(schema.campuses);
    const [a, b] = await Promise.all([
      countStatements(async () => {
        await one();
        await one();
        return "a";
      }),
      countStatements(async () => {
        await one();
        return "b";
      }),
    ]);
    expect(a).toEqual({ result: "a", statements: 2 });
    expect(b).toEqual({ result: "b", statements: 1 });
    expect((await countStatements(async () => "none")).statements).toBe(0);
  });
});

describe("one request's session", () => {
  it("is looked up once for all its loaders, each with a Request of its own", async () => {
    const { result, statements } = await countStatements(() =>
      withRequestScope(async () => [await getUserId(requestAs()), (await getOptionalUser(requestAs("/home?index")))?.id]),
    );
    expect(result).toEqual([userId, userId]);
    expect(statements).toBe(1);
  });

  it("is never shared between requests, and is gone once the request logs out", async () => {
    expect((await countStatements(() => withRequestScope(() => getUserId(requestAs())))).statements).toBe(1);
    expect((await countStatements(() => withRequestScope(() => getUserId(requestAs())))).statements).toBe(1);
    const other = await createSessionCookie(new Request(BASE), userId);
    await withRequestScope(async () => {
      expect(await getUserId(requestAs())).toBe(userId);
      await destroySessionCookie(new Request(BASE, { headers: { Cookie: other.split(";")[0]! } }));
      expect(await getUserId(new Request(BASE, { headers: { Cookie: other.split(";")[0]! } }))).toBeNull();
      expect(await getUserId(requestAs())).toBe(userId);
    });
  });
});

describe("a signed-in /home", () => {
  it("costs the layout one statement (the session with the navigation's counts) and the feed one more", async () => {
    // The campuses are read once per process (the first request).
    await withRequestScope(() => rootLoader({ request: requestAs(), params: {}, context }));
    const { result, statements } = await countStatements(() =>
      withRequestScope(async () => {
        const layout = await rootLoader({ request: requestAs(), params: {}, context });
        const feed = await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", viewerId: await getUserId(requestAs()) });
        return { layout, feed };
      }),
    );
    expect((result.layout as unknown as { data: { user: { username: string } } }).data.user.username).toBe("costu");
    expect(statements).toBe(2);
  });

  it("opens the feed from a prepared statement that shows what the built query shows, for each reader", async () => {
    const author = (await insertUser({ campusId: "ou", firstName: "Feed", lastName: "A.", username: "feeda", email: "feeda@ou.edu", verified: true, schoolVerified: true })).id;
    const blocker = (await insertUser({ campusId: "ou", firstName: "Feed", lastName: "B.", username: "feedb", email: "feedb@ou.edu", verified: true, schoolVerified: true })).id;
    const post = async (authorId: string, text: string, price?: number) =>
      (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, listing: price === undefined ? undefined : listingOf({ price, free: false }) })).id;
    const set = (id: string, values: Partial<typeof schema.posts.$inferInsert>) => getDb().update(schema.posts).set(values).where(eq(schema.posts.id, id));
    const plain = await post(author, "Anyone going to the game?");
    const lamp = await post(author, "Lamp", 1500);
    const expired = await post(author, "Old desk", 2000);
    await set(expired, { lastActivityAt: Date.now() - 60 * 24 * 3600 * 1000 });
    const pastMustGo = await post(author, "Mini fridge", 3000);
    await set(pastMustGo, { mustGoBy: "2000-01-01" });
    const hidden = await post(author, "Hidden by reports");
    await set(hidden, { hiddenAt: Date.now() });
    const blocked = await post(blocker, "By someone who blocked the reader", 900);
    await blockUser(blocker, userId);
    await toggleLike({ userId, type: "post", id: lamp, origin: BASE });

    const page = async (viewerId: string | undefined, extra: Partial<Parameters<typeof getFeedPage>[0]> = {}) => {
      const { posts, nextCursor } = await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", viewerId, ...extra });
      return { posts: posts.map((p) => [p.id, p.saved]), more: nextCursor !== null };
    };
    const sold = await post(author, "Sold bike", 5000);
    await set(sold, { status: "sold" });
    for (const viewerId of [userId, author, undefined]) {
      // A search that matches everything takes the built query: the same page (Hide sold on, as the feed opens, and off).
      for (const hideSold of [true, false]) {
        const filters = { ...DEFAULT_FILTERS, hideSold };
        expect(await page(viewerId, { filters })).toEqual(await page(viewerId, { filters, match: sql`1 = 1` }));
        expect(await page(viewerId, { filters, limit: 2 })).toEqual(await page(viewerId, { filters, limit: 2, match: sql`1 = 1` }));
      }
    }
    expect((await page(userId, { filters: DEFAULT_FILTERS })).posts.map(([id]) => id)).not.toContain(sold);
    expect((await page(userId, { filters: { ...DEFAULT_FILTERS, hideSold: false } })).posts.map(([id]) => id)).toContain(sold);
    const reader = (await page(userId, { filters: DEFAULT_FILTERS })).posts;
    expect(reader.slice(0, 2)).toEqual([
      [lamp, true],
      [plain, false],
    ]);
    for (const gone of [expired, pastMustGo, hidden, blocked]) expect(reader.map(([id]) => id)).not.toContain(gone);
    expect((await page(undefined)).posts.map(([id]) => id)).toContain(blocked);
    expect((await page(userId, { limit: 1 })).more).toBe(true);
    await unblockUser(blocker, userId);
  });

  it("reads the unread notifications and conversations in one statement, the same numbers as one by one", async () => {
    expect(await unreadCounts(userId)).toEqual({ notifications: 0, conversations: 0 });
    await transaction((tx) => notifyModeration(tx, { userId, message: "Your post was removed for breaking the rules: Spam" }));
    const { result, statements } = await countStatements(() => unreadCounts(userId, "some-chat"));
    expect(statements).toBe(1);
    expect(result).toEqual({ notifications: await countUnread(userId), conversations: await countUnreadConversations(userId, "some-chat") });
    expect(result.notifications).toBe(1);
  });

  it("reads the navigation's counts with the session, leaving out the conversation shown, and on its own when a loader looked the session up first", async () => {
    const sellerId = (await insertUser({ campusId: "ou", firstName: "Nav", lastName: "S.", username: "navs", email: "navs@ou.edu", verified: true, schoolVerified: true })).id;
    const bike = await createPost({ authorId: sellerId, campusId: "ou", blocks: [{ text: "Bike" }], media: [], origin: BASE, listing: listingOf({ price: 5000, free: false }) });
    const chat = await startConversation({ userId, postId: bike.id });
    await sendMessage({ chatId: chat.id, senderId: sellerId, text: "Still want it?", origin: BASE });
    type Layout = { data: { unreadMessages: number; unreadNotifications: number } };
    const layoutOf = async (path: string, lookedUpFirst: boolean) =>
      countStatements(() =>
        withRequestScope(async () => {
          // Another loader of the same request asks for the user before the root loader does.
          if (lookedUpFirst) await getUserId(requestAs(path));
          return ((await rootLoader({ request: requestAs(path), params: {}, context })) as unknown as Layout).data;
        }),
      );
    const expected = await unreadCounts(userId);
    expect(expected.conversations).toBe(1);
    const together = await layoutOf("/home", false);
    expect([together.statements, together.result.unreadMessages, together.result.unreadNotifications]).toEqual([1, 1, expected.notifications]);
    const apart = await layoutOf("/home", true);
    expect([apart.statements, apart.result.unreadMessages, apart.result.unreadNotifications]).toEqual([2, 1, expected.notifications]);
    // The conversation's own page marks it read as it shows it: not counted there, either way.
    expect((await layoutOf(`/messages/${chat.id}`, false)).result.unreadMessages).toBe(0);
    expect((await layoutOf(`/messages/${chat.id}`, true)).result.unreadMessages).toBe(0);
  });
});

describe("a post page", () => {
  it("reads the post, its seller card and its first comments in one statement when none has replies, and answers each reader and post from the same prepared statements", async () => {
    const sellerId = (await insertUser({ campusId: "ou", firstName: "Sell", lastName: "P.", username: "sellp", email: "sellp@ou.edu", verified: true, schoolVerified: true })).id;
    const listing = (text: string) =>
      createPost({ authorId: sellerId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, listing: listingOf({ price: 1200, free: false }) });
    const comment = (parentId: string, text: string) => createPost({ authorId: userId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, parentId });
    const lamp = (await listing("Desk lamp")).id;
    const chair = (await listing("Chair")).id;
    for (const text of ["Still there?", "Can you hold it?", "Thanks!"]) await comment(lamp, text);
    await comment(chair, "Which colour?");
    await toggleLike({ userId, type: "post", id: lamp, origin: BASE });
    const open = (id: string, viewerId: string | undefined, choosingBuyer = false) =>
      countStatements(() => postPage({ id, viewerId, timeZone: "America/Chicago", commentsCursor: null, choosingBuyer }));
    const texts = (page: Awaited<ReturnType<typeof postPage>>) => page.comments.map((c) => c.text[0]!.text);

    // The seller's own listing: the post with its listing state, seller card and comments;
    // the buyers (2 more) only while Mark as sold is being confirmed.
    const own = await open(lamp, sellerId);
    expect(own.statements).toBe(1);
    expect((await open(lamp, sellerId, true)).statements).toBe(3);
    expect(own.result.listing).toMatchObject({ status: "available", expired: false, renewable: false });
    expect([own.result.post?.saved, texts(own.result)]).toEqual([false, ["Still there?", "Can you hold it?", "Thanks!"]]);
    // Someone else: no listing buttons; their save, whether a block stands between them (columns of the post's row), the seller card.
    const viewer = await open(lamp, userId);
    expect(viewer.statements).toBe(1);
    expect([viewer.result.listing, viewer.result.post?.saved, viewer.result.seller?.seller.username]).toEqual([null, true, "sellp"]);
    // The same statements with other values: another post, a visitor.
    const other = await open(chair, userId);
    expect([other.result.post?.saved, texts(other.result)]).toEqual([false, ["Which colour?"]]);
    const visitor = await open(lamp, undefined);
    expect([visitor.result.post?.saved, texts(visitor.result)]).toEqual([false, ["Still there?", "Can you hold it?", "Thanks!"]]);
    expect((await open("no-such-post", userId)).result.status).toBe("missing");
    // Behind a block, either way, the post is missing for the viewer (and still there for others).
    await blockUser(sellerId, userId);
    expect((await open(lamp, userId)).result.status).toBe("missing");
    expect((await open(lamp, undefined)).result.status).toBe("ok");
    await unblockUser(sellerId, userId);
    await blockUser(userId, sellerId);
    expect((await open(chair, userId)).result.status).toBe("missing");
    await unblockUser(userId, sellerId);
    expect((await open(chair, userId)).result.status).toBe("ok");
  });

  it("shows the same first comments as the thread read on its own, replies and saves included, and reads a later page of comments apart", async () => {
    const sellerId = (await insertUser({ campusId: "ou", firstName: "Sell", lastName: "Q.", username: "sellq", email: "sellq@ou.edu", verified: true, schoolVerified: true })).id;
    const post = (text: string, authorId: string, parentId?: string) =>
      createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, parentId, listing: parentId ? undefined : listingOf({ price: 900, free: false }) });
    const bike = (await post("Bike", sellerId)).id;
    const first = (await post("Does it have gears?", userId, bike)).id;
    await post("Seven of them", sellerId, first);
    await post("Any rust?", sellerId, bike);
    await toggleLike({ userId, type: "post", id: first, origin: BASE });
    const withoutTimes = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "time" ? undefined : v)));
    for (const viewerId of [userId, sellerId, undefined]) {
      const page = await postPage({ id: bike, viewerId, timeZone: "America/Chicago", commentsCursor: null });
      const alone = await getThread({ postId: bike }, "America/Chicago", viewerId);
      expect(withoutTimes(page.comments)).toEqual(withoutTimes(alone.comments));
      expect(page.comments.map((c) => [c.text[0]!.text, c.saved, c.replies.length])).toEqual([
        ["Does it have gears?", viewerId === userId, 1],
        ["Any rust?", false, 0],
      ]);
    }
    // A later page of comments (a cursor): the post with its card, then those comments on their own.
    const later = await countStatements(() => postPage({ id: bike, viewerId: userId, timeZone: "America/Chicago", commentsCursor: encodeKeysetCursor({ at: 0, id: "" }) }));
    expect(later.result.seller?.seller.username).toBe("sellq");
    expect(later.result.comments).toHaveLength(2);
    expect(later.statements).toBeGreaterThanOrEqual(2);
  });
});
