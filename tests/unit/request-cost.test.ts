// What a signed-in page costs in statements: the counter the bench reads
// (COUNT_STATEMENTS=1), the session looked up once per request, and the
// navigation's counts in one statement.
import { beforeAll, describe, expect, it } from "vitest";
import { unreadCounts, countUnreadConversations } from "~/models/messages.server";
import { countUnread, notifyModeration } from "~/models/notifications.server";
import { getFeedPage } from "~/models/posts.server";
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
