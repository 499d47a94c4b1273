// What a signed-in page costs in statements: the counter the bench reads
// (COUNT_STATEMENTS=1), the session looked up once per request, and the
// navigation's counts in one statement.
import { beforeAll, describe, expect, it } from "vitest";
import { unreadCounts, countUnreadConversations } from "~/models/messages.server";
import { countUnread, notifyModeration } from "~/models/notifications.server";
import { createPost, getFeedPage } from "~/models/posts.server";
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
  it("costs the layout two statements (session, counts) and the feed one more", async () => {
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
    expect(statements).toBe(3);
  });

  it("reads the unread notifications and conversations in one statement, the same numbers as one by one", async () => {
    expect(await unreadCounts(userId)).toEqual({ notifications: 0, conversations: 0 });
    await transaction((tx) => notifyModeration(tx, { userId, message: "Your post was removed for breaking the rules: Spam" }));
    const { result, statements } = await countStatements(() => unreadCounts(userId, "some-chat"));
    expect(statements).toBe(1);
    expect(result).toEqual({ notifications: await countUnread(userId), conversations: await countUnreadConversations(userId, "some-chat") });
    expect(result.notifications).toBe(1);
  });
});

describe("a post page", () => {
  it("reads the post once, its comments in one statement when none has replies, and answers each reader and post from the same prepared statements", async () => {
    const sellerId = (await insertUser({ campusId: "ou", firstName: "Sell", lastName: "P.", username: "sellp", email: "sellp@ou.edu", verified: true, schoolVerified: true })).id;
    const listing = (text: string) =>
      createPost({ authorId: sellerId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, listing: listingOf({ price: 1200, free: false }) });
    const comment = (parentId: string, text: string) => createPost({ authorId: userId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, parentId });
    const lamp = (await listing("Desk lamp")).id;
    const chair = (await listing("Chair")).id;
    for (const text of ["Still there?", "Can you hold it?", "Thanks!"]) await comment(lamp, text);
    await comment(chair, "Which colour?");
    await toggleLike({ userId, type: "post", id: lamp, origin: BASE });
    const open = (id: string, viewerId: string | undefined) => countStatements(() => postPage({ id, viewerId, timeZone: "America/Chicago", commentsCursor: null }));
    const texts = (page: Awaited<ReturnType<typeof postPage>>) => page.comments.map((c) => c.text[0]!.text);

    // The seller's own listing: the post with its listing state, the comments, the buyers (2), the seller card (2).
    const own = await open(lamp, sellerId);
    expect(own.statements).toBe(6);
    expect(own.result.listing).toMatchObject({ status: "available", expired: false, renewable: false });
    expect([own.result.post?.saved, texts(own.result)]).toEqual([false, ["Still there?", "Can you hold it?", "Thanks!"]]);
    // Someone else: no listing buttons; their save, whether a block stands between them (columns of the post's row), the seller card.
    const viewer = await open(lamp, userId);
    expect(viewer.statements).toBe(4);
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
});
