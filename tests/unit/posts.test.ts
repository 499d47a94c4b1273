import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toggleLike } from "~/models/likes.server";
import { buildThread, createPost, deletePost, getFeedPage, getParentChain, getPost, getThread, PostError } from "~/models/posts.server";
import { getUserById, insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { storeMedia } from "~/services/media.server";
import { getStorage } from "~/services/storage.server";
import sharp from "sharp";
import { seed } from "~/flows/seed.server";

const TZ = "America/Chicago";
const origin = "http://localhost:3000";
let n = 0;
async function user(opts: { emailNotifications?: boolean; campusId?: string } = {}) {
  n++;
  return insertUser({
    campusId: opts.campusId ?? "ou",
    firstName: `User${n}`,
    lastName: "T.",
    username: `user-${n}`,
    email: `user${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    emailNotifications: opts.emailNotifications ?? true,
  });
}
const text = (t: string) => [{ text: t }];
const post = async (authorId: string, t: string, extra: Partial<Parameters<typeof createPost>[0]> = {}) =>
  await createPost({ authorId, campusId: "ou", blocks: text(t), media: [], origin, ...extra });
const rows = async () => (await getDb().select().from(schema.posts));

beforeAll(() => seed({ demo: false }));

describe("createPost", () => {
  it("counts a top-level post for its author, not a comment", async () => {
    const a = await user();
    const b = await user();
    const p = await post(a.id, "Desk for sale");
    await post(b.id, "Is it still available?", { parentId: p.id });
    expect((await getUserById(a.id))!.totalPosts).toBe(1);
    expect((await getUserById(b.id))!.totalPosts).toBe(0);
  });

  it("a reply moves its root up (last activity); the root counts its whole thread, a comment its direct replies", async () => {
    const a = await user();
    const p = await post(a.id, "Thread root");
    const c = await post(a.id, "comment", { parentId: p.id });
    const r = await post(a.id, "reply", { parentId: c.id });
    const before = Object.fromEntries((await rows()).map((x) => [x.id, x]));
    const r2 = await post(a.id, "deep reply", { parentId: r.id });
    const after = Object.fromEntries((await rows()).map((x) => [x.id, x]));
    expect(after[p.id]!.lastActivityAt).toBeGreaterThan(before[p.id]!.lastActivityAt);
    for (const id of [c.id, r.id]) expect(after[id]!.lastActivityAt).toBe(before[id]!.lastActivityAt);
    expect(after[p.id]!.commentCount).toBe(3);
    expect(after[c.id]!.commentCount).toBe(1);
    expect(after[r.id]!.commentCount).toBe(1);
    expect(after[r2.id]!.rootId).toBe(p.id);
    // The thread rises to the top of the feed.
    const other = await post((await user()).id, "newer post");
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ })).posts[0]!.id).toBe(other.id);
    await post(a.id, "bump", { parentId: c.id });
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ })).posts[0]!.id).toBe(p.id);
  });

  it("refuses a reply to a deleted post", async () => {
    const a = await user();
    const p = await post(a.id, "gone soon");
    await deletePost(p.id, a.id);
    await expect(post(a.id, "late", { parentId: p.id })).rejects.toThrow(PostError);
  });
});

describe("threads", () => {
  it("loads a thread nested, comments oldest first and replies newest first", async () => {
    const a = await user();
    const p = await post(a.id, "root");
    const c1 = await post(a.id, "c1", { parentId: p.id });
    const c2 = await post(a.id, "c2", { parentId: p.id });
    const r1 = await post(a.id, "r1", { parentId: c1.id });
    const r2 = await post(a.id, "r2", { parentId: c1.id });
    await post(a.id, "rr", { parentId: r1.id });
    const thread = (await getThread({ postId: p.id }, TZ)).comments;
    expect(thread.map((x) => x.id)).toEqual([c1.id, c2.id]);
    expect(thread[0]!.replies.map((x) => x.id)).toEqual([r2.id, r1.id]);
    expect(thread[0]!.replies[1]!.replies[0]!.text).toEqual(text("rr"));
  });

  it("buildThread keeps children under parents", async () => {
    const author = { username: "u" };
    const items = [
      { id: "a", parentId: null, author },
      { id: "b", parentId: "a", author },
      { id: "c", parentId: null, author },
      { id: "d", parentId: "b", author },
    ];
    const tree = buildThread(items, null);
    expect(tree.map((t) => t.id)).toEqual(["a", "c"]);
    expect(tree[0]!.replies[0]!.replies[0]!.id).toBe("d");
  });

  it("gives a reply's parent chain, top first", async () => {
    const a = await user();
    const p = await post(a.id, "top");
    const c = await post(a.id, "middle", { parentId: p.id });
    const r = await post(a.id, "bottom", { parentId: c.id });
    const got = await getPost(r.id, TZ);
    expect(got.status).toBe("ok");
    if (got.status === "ok") expect((await getParentChain(got.post, TZ)).nearest.map((x) => x.id)).toEqual([p.id, c.id]);
  });
});

describe("saves", () => {
  it("toggles, counts and tells the owner only when adding", async () => {
    const owner = await user();
    const fan = await user();
    const p = await post(owner.id, "bike");
    expect(await toggleLike({ userId: fan.id, type: "post", id: p.id, origin })).toEqual({ saved: true, count: 1 });
    expect(await toggleLike({ userId: owner.id, type: "post", id: p.id, origin })).toEqual({ saved: true, count: 2 });
    expect(await toggleLike({ userId: fan.id, type: "post", id: p.id, origin })).toEqual({ saved: false, count: 1 });
    const notes = (await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, owner.id)));
    expect(notes.map((x) => x.type)).toEqual(["post interaction"]); // once, and not for the owner's own save
    const got = await getPost(p.id, TZ, owner.id);
    expect(got.status === "ok" && got.post.saved).toBe(true);
  });

  it("stays consistent when the same toggle is repeated many times", async () => {
    const a = await user();
    const p = await post(a.id, "lamp");
    const fans = await Promise.all(Array.from({ length: 5 }, () => user()));
    for (let i = 0; i < 3; i++) for (const f of fans) await toggleLike({ userId: f.id, type: "post", id: p.id, origin });
    const likes = (await getDb().select().from(schema.likes).where(eq(schema.likes.targetId, p.id)));
    const row = (await getDb().select().from(schema.posts).where(eq(schema.posts.id, p.id)))[0]!;
    expect(row.likeCount).toBe(likes.length);
    expect(row.likeCount).toBe(5);
  });

  it("saves games and projects too", async () => {
    const a = await user();
    expect((await toggleLike({ userId: a.id, type: "project", id: "trivia-api", origin })).saved).toBe(true);
    expect((await toggleLike({ userId: a.id, type: "game", id: "snake", origin })).saved).toBe(true);
  });
});

describe("notifications and mail", () => {
  it("a comment tells the post's author, a reply tells the comment's author, with email when wanted", async () => {
    const seller = await user();
    const buyer = await user({ emailNotifications: false });
    const p = await post(seller.id, "couch");
    const c = await post(buyer.id, "price?", { parentId: p.id });
    await post(seller.id, "$50", { parentId: c.id });
    await post(seller.id, "my own note", { parentId: p.id }); // never for one's own action
    const forSeller = (await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, seller.id)));
    const forBuyer = (await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, buyer.id)));
    expect(forSeller.map((x) => x.type)).toEqual(["comment"]);
    expect(forBuyer.map((x) => x.type)).toEqual(["comment reply"]);
    const mail = (await getDb().select().from(schema.mail));
    expect(mail.filter((m) => m.to === seller.email)).toHaveLength(1);
    const toSeller = mail.filter((m) => m.to === seller.email)[0]!;
    expect(toSeller.html).toContain(`${origin}/post/${c.id}`);
    expect(toSeller.kind).toBe("comment");
    expect(toSeller.html).toContain(`${origin}/unsubscribe?token=`);
    expect(toSeller.text).toContain(`${origin}/unsubscribe?token=`);
    expect(mail.filter((m) => m.to === buyer.email)).toHaveLength(0); // turned email off
  });
});

describe("deletePost", () => {
  it("only the author may delete", async () => {
    const a = await user();
    const p = await post(a.id, "mine");
    await expect(deletePost(p.id, (await user()).id)).rejects.toMatchObject({ status: 403 });
  });

  it("removes comments recursively with their media, likes and notifications, and fixes the counters", async () => {
    const a = await user();
    const b = await user();
    const p = await post(a.id, "root");
    const image = new File([new Uint8Array(await sharp({ create: { width: 80, height: 60, channels: 3, background: "#09f" } }).png().toBuffer())], "x.png");
    const media = await storeMedia(`posts/del-${n}`, [image]);
    const c = await createPost({ authorId: b.id, campusId: "ou", blocks: text("c"), media, origin, parentId: p.id });
    const r = await post(a.id, "r", { parentId: c.id });
    await toggleLike({ userId: a.id, type: "post", id: c.id, origin });
    expect(await getStorage().stat(`${media[0]!.path}-80.webp`)).not.toBeNull();

    await deletePost(c.id, b.id);
    const ids = (await rows()).map((x) => x.id);
    expect(ids).not.toContain(c.id);
    expect(ids).not.toContain(r.id);
    expect(await getStorage().stat(`${media[0]!.path}-80.webp`)).toBeNull();
    expect((await getDb().select().from(schema.likes).where(eq(schema.likes.targetId, c.id)))).toHaveLength(0);
    expect((await getDb().select().from(schema.notifications).where(eq(schema.notifications.postId, c.id)))).toHaveLength(0);
    expect((await rows()).find((x) => x.id === p.id)!.commentCount).toBe(0);

    const before = (await getUserById(a.id))!.totalPosts;
    await deletePost(p.id, a.id);
    expect((await getUserById(a.id))!.totalPosts).toBe(before - 1);
    expect((await getPost(p.id, TZ)).status).toBe("deleted");
    expect((await getPost("no-such-id", TZ)).status).toBe("missing");
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ, limit: 100 })).posts.map((x) => x.id)).not.toContain(p.id);
  });
});

describe("campus scope", () => {
  it("a post on one campus is not in another's feed", async () => {
    const ut = await user({ campusId: "ut" });
    const p = await createPost({ authorId: ut.id, campusId: "ut", blocks: text("UT only"), media: [], origin });
    expect((await getFeedPage({ campusId: "ut", timeZone: TZ })).posts.map((x) => x.id)).toContain(p.id);
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ, limit: 100 })).posts.map((x) => x.id)).not.toContain(p.id);
  });
});
