// The notifications page's data: newest first, keyset pages, who and what joined
// in, read state, and the cheap unread count of the navigation.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toggleLike } from "~/models/likes.server";
import { countUnread, getNotificationsPage, markAllRead, UNREAD_CAP } from "~/models/notifications.server";
import { createPost, deletePost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { dbClient, getDb, newId, onQuery, schema, type Statement } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

const TZ = "America/Chicago";
const origin = "http://localhost:3000";
let n = 0;
async function user(first = "User") {
  n++;
  return insertUser({
    campusId: "ou",
    firstName: `${first}${n}`,
    lastName: "T.",
    username: `notify-${n}`,
    email: `notify${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    emailNotifications: false,
  });
}
const text = (t: string) => [{ text: t }];

/** Notifications written straight into the table, `count` of them a second apart. */
async function many(userId: string, actorId: string, count: number, start = Date.now() - count * 1000) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    userId,
    actorId,
    type: "post interaction" as const,
    message: "x",
    createdAt: start + i * 1000,
  }));
  await getDb().insert(schema.notifications).values(rows);
  return rows;
}

beforeAll(() => seed({ demo: false }));

describe("getNotificationsPage", () => {
  it("shows who, what and a link for a comment, a reply and a save, newest first", async () => {
    const seller = await user("Seller");
    const buyer = await user("Buyer");
    const post = await createPost({ authorId: seller.id, campusId: "ou", blocks: text("Mini fridge for sale"), media: [], origin });
    const comment = await createPost({ authorId: buyer.id, campusId: "ou", blocks: text("Is it still available?"), media: [], origin, parentId: post.id });
    const reply = await createPost({ authorId: seller.id, campusId: "ou", blocks: text("Yes it is"), media: [], origin, parentId: comment.id });
    await toggleLike({ userId: buyer.id, type: "post", id: post.id, origin });

    const forSeller = (await getNotificationsPage({ userId: seller.id, timeZone: TZ })).items;
    expect(forSeller.map((x) => [x.actor?.displayName, x.verb, x.href, x.excerpt])).toEqual([
      [`${buyer.firstName} T.`, "saved your post", `/post/${post.id}`, "Mini fridge for sale"],
      [`${buyer.firstName} T.`, "commented on your post", `/post/${comment.id}`, "Is it still available?"],
    ]);
    const forBuyer = (await getNotificationsPage({ userId: buyer.id, timeZone: TZ })).items;
    expect(forBuyer.map((x) => [x.verb, x.href])).toEqual([["replied to your comment", `/post/${reply.id}`]]);
    expect(forBuyer[0]!.time.ago).toMatch(/^\d+ seconds? ago$/);
  });

  it("joins the actor at read time: a new name shows at once", async () => {
    const owner = await user();
    const actor = await user("Before");
    const post = await createPost({ authorId: owner.id, campusId: "ou", blocks: text("Desk"), media: [], origin });
    await createPost({ authorId: actor.id, campusId: "ou", blocks: text("Nice"), media: [], origin, parentId: post.id });
    await getDb().update(schema.users).set({ firstName: "After" }).where(eq(schema.users.id, actor.id));
    expect((await getNotificationsPage({ userId: owner.id, timeZone: TZ })).items[0]!.actor?.displayName).toBe("After T.");
  });

  it("a deleted comment takes its notification with it", async () => {
    const owner = await user();
    const actor = await user();
    const post = await createPost({ authorId: owner.id, campusId: "ou", blocks: text("Chair"), media: [], origin });
    const c = await createPost({ authorId: actor.id, campusId: "ou", blocks: text("Soon gone"), media: [], origin, parentId: post.id });
    expect(await countUnread(owner.id)).toBe(1);
    await deletePost(c.id, actor.id);
    expect((await getNotificationsPage({ userId: owner.id, timeZone: TZ })).items).toEqual([]);
    expect(await countUnread(owner.id)).toBe(0);
  });

  it("pages of ten by keyset, every notification once, newest first", async () => {
    const me = await user();
    const other = await user();
    const rows = await many(me.id, other.id, 23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await getNotificationsPage({ userId: me.id, timeZone: TZ, cursor });
      expect(page.items.length).toBeLessThanOrEqual(10);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(rows.map((r) => r.id).reverse());
    // A broken cursor is the first page, not an error.
    expect((await getNotificationsPage({ userId: me.id, timeZone: TZ, cursor: "%%%" })).items).toHaveLength(10);
  });

  it("opening the page marks all read; the visit still shows which were new, on later pages too", async () => {
    const me = await user();
    const other = await user();
    const old = await many(me.id, other.id, 3, Date.now() - 100_000);
    await markAllRead(me.id);
    await many(me.id, other.id, 12);
    expect(await countUnread(me.id)).toBe(12);

    const first = await getNotificationsPage({ userId: me.id, timeZone: TZ, markRead: true });
    expect(first.items.every((x) => x.unread)).toBe(true);
    expect(await countUnread(me.id)).toBe(0);
    const second = await getNotificationsPage({ userId: me.id, timeZone: TZ, cursor: first.nextCursor });
    expect(second.items.map((x) => x.unread)).toEqual([true, true, false, false, false]);
    expect(second.items.slice(2).map((x) => x.id)).toEqual(old.map((r) => r.id).reverse());

    // The next visit: nothing is new any more.
    expect((await getNotificationsPage({ userId: me.id, timeZone: TZ, markRead: true })).items.some((x) => x.unread)).toBe(false);
  });

  it("a page loaded without markRead (a prefetch, a later page) changes nothing", async () => {
    const me = await user();
    await many(me.id, (await user()).id, 2);
    await getNotificationsPage({ userId: me.id, timeZone: TZ });
    expect(await countUnread(me.id)).toBe(2);
  });
});

describe("countUnread", () => {
  it("counts only the user's unread notifications, up to the cap", async () => {
    const me = await user();
    const other = await user();
    expect(await countUnread(me.id)).toBe(0);
    await many(me.id, other.id, UNREAD_CAP + 5);
    await many(other.id, me.id, 3);
    expect(await countUnread(me.id)).toBe(UNREAD_CAP);
    expect(await countUnread(other.id)).toBe(3);
  });

  it.skipIf(dbClient().dialect !== "sqlite")("walks the user's index, never the whole table", async () => {
    const statements: Statement[] = [];
    const stop = onQuery((s) => statements.push(s));
    await countUnread("x");
    stop();
    expect(statements).toHaveLength(1);
    const details = await dbClient().explain(statements[0]!);
    expect(details).toContain("notifications_user_idx");
    expect(details).not.toMatch(/SCAN notifications(?! USING)/);
  });
});
