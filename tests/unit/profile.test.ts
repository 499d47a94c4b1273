// Profiles: counters, propagation by join, reports, the profile's lists, and
// the /{username} loader and action called with real Requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeUsername } from "~/models/accounts.server";
import { listNotifications } from "~/models/notifications.server";
import { listPortfolioPage, recountPortfolio, syncPortfolio } from "~/models/portfolio.server";
import { createPost, deletePost, getFeedPage, getThread, getVideoPage, PostError } from "~/models/posts.server";
import { reportUser, ReportError } from "~/models/reports.server";
import { getUserById, getUserByUsername, insertUser, setAvatar, updateBio, updateName, type User } from "~/models/users.server";
import { action, loader } from "~/routes/$username/route.server";
import { getDb, newId, schema, transaction } from "~/services/db.server";
import type { StoredMedia } from "~/services/media.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const TZ = "America/Chicago";
let n = 0;
async function user(opts: { campusId?: string; verified?: boolean } = {}): Promise<User> {
  n++;
  return insertUser({
    campusId: opts.campusId ?? "ou",
    firstName: `Prof${n}`,
    lastName: "T.",
    username: `prof-${n}`,
    email: `prof${n}@ou.edu`,
    verified: opts.verified ?? true,
    schoolVerified: true,
  });
}
const post = async (authorId: string, text: string, extra: Partial<Parameters<typeof createPost>[0]> = {}) =>
  await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, ...extra });
const owner = async () => (await getUserByUsername("owner"))!;

/** What totalPosts should be: the author's top-level posts that are not deleted, on any campus. */
async function countTopLevel(userId: string): Promise<number> {
  return getDb().$count(
    schema.posts,
    and(
      eq(schema.posts.authorId, userId),
      isNull(schema.posts.parentId),
      isNull(schema.posts.gameId),
      isNull(schema.posts.projectId),
      isNull(schema.posts.deletedAt),
    ),
  );
}

beforeAll(() => seed({ demo: false }));

describe("counters", () => {
  it("totalPosts counts top-level posts on every campus, not comments, and goes down on delete", async () => {
    const a = await user();
    const b = await user();
    const p1 = await post(a.id, "Bike for sale");
    await post(a.id, "Couch on UT", { campusId: "ut" });
    expect((await getUserById(a.id))!.totalPosts).toBe(2);
    const c1 = await post(b.id, "Still available?", { parentId: p1.id });
    await post(a.id, "Yes!", { parentId: c1.id });
    await post(b.id, "Nice game", { gameId: "snake" });
    await post(b.id, "Nice project", { projectId: "trivia-api" });
    expect((await getUserById(a.id))!.totalPosts).toBe(2);
    expect((await getUserById(b.id))!.totalPosts).toBe(0);

    await deletePost(c1.id, b.id); // a comment (and the reply below it)
    expect((await getUserById(a.id))!.totalPosts).toBe(2);
    await deletePost(p1.id, a.id);
    expect((await getUserById(a.id))!.totalPosts).toBe(1);
    await expect(deletePost(p1.id, a.id)).rejects.toThrow(PostError); // twice: nothing more
    expect((await getUserById(a.id))!.totalPosts).toBe(1);
  });

  it("totalPosts stays equal to the count of top-level posts through a mix of creates and deletes", async () => {
    const a = await user();
    const b = await user();
    const mine: string[] = [];
    const campusOf = new Map<string, string>();
    let seedValue = 7;
    const next = () => (seedValue = (seedValue * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 60; i++) {
      const r = next() % 4;
      if (r === 0 && mine.length) {
        const [id] = mine.splice(next() % mine.length, 1);
        await deletePost(id!, a.id);
      } else if (r === 1 && mine.length) {
        // A reply is sent to its post's campus's site.
        const parentId = mine[next() % mine.length]!;
        await post(b.id, `comment ${i}`, { parentId, campusId: campusOf.get(parentId)! });
      } else {
        const campusId = i % 3 ? "ou" : "smu";
        const { id } = await post(a.id, `post ${i}`, { campusId });
        campusOf.set(id, campusId);
        mine.push(id);
      }
      expect((await getUserById(a.id))!.totalPosts).toBe(await countTopLevel(a.id));
    }
    expect((await getUserById(a.id))!.totalPosts).toBe(mine.length);
    expect((await getUserById(b.id))!.totalPosts).toBe(0);
  });

  it("totalProjects and totalGames follow the content files and the owner's deletes", async () => {
    const me = await owner();
    expect([me.totalProjects, me.totalGames]).toEqual([10, 5]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    fs.cpSync(path.resolve("content"), dir, { recursive: true });
    try {
      // A removed file hides its project.
      fs.rmSync(path.join(dir, "projects", "color-tracker.mdx"));
      await syncPortfolio(me.id, dir);
      expect((await getUserById(me.id))!.totalProjects).toBe(9);
      // The owner deletes a game: the row is marked and the count follows in the same transaction.
      await transaction(async (tx) => {
        await tx.update(schema.games).set({ deletedAt: Date.now() }).where(eq(schema.games.id, "snake"));
        await recountPortfolio(tx, me.id);
      });
      expect((await getUserById(me.id))!.totalGames).toBe(4);
      // The file comes back: the project returns, the deleted game stays deleted.
      fs.cpSync(path.resolve("content/projects/color-tracker.mdx"), path.join(dir, "projects", "color-tracker.mdx"));
      await syncPortfolio(me.id, dir);
      expect([(await getUserById(me.id))!.totalProjects, (await getUserById(me.id))!.totalGames]).toEqual([10, 4]);
    } finally {
      await getDb().update(schema.games).set({ deletedAt: null }).where(eq(schema.games.id, "snake"));
      await syncPortfolio(me.id);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect([(await getUserById(me.id))!.totalProjects, (await getUserById(me.id))!.totalGames]).toEqual([10, 5]);
  });
});

describe("propagation by join (docs/product.md §5)", () => {
  it("a new photo, name or username shows at once on the user's posts, comments and notifications", async () => {
    const a = await user();
    const b = await user();
    const own = await post(b.id, "My own post");
    const root = await post(a.id, "A's post");
    const comment = await post(b.id, "B's comment", { parentId: root.id });

    await updateName(b.id, { firstName: "zora", lastName: "Quill" });
    await setAvatar(b.id, `avatars/${b.id}/newkey`);
    await changeUsername(b.id, "zora-q");

    const expected = { id: b.id, username: "zora-q", displayName: "Zora Q.", firstName: "Zora", avatarUrl: `/media/avatars/${b.id}/newkey-96.webp` };
    const feedCard = (await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: b.id })).posts.find((p) => p.id === own.id)!;
    expect(feedCard.author).toMatchObject(expected);
    const thread = (await getThread({ postId: root.id }, TZ)).comments;
    expect(thread.find((c) => c.id === comment.id)!.author).toMatchObject(expected);
    const [note] = await listNotifications(a.id, TZ);
    expect(note!.actor).toMatchObject(expected);
    expect(note!.text).toBe("Zora Q. commented on your post");
    expect((await getUserByUsername("ZORA-Q"))!.id).toBe(b.id);
  });

  it("posts, comments, notifications, chats and messages hold no copy of a user's name, username or photo", async () => {
    for (const table of [schema.posts, schema.notifications, schema.chats, schema.chatMembers, schema.messages, schema.likes]) {
      const columns = Object.values(getTableColumns(table)).map((c) => c.name);
      expect(columns.filter((c) => /name|avatar|^img$|username|photo/i.test(c))).toEqual([]);
    }
  });

  it("a message joins its sender", async () => {
    const a = await user();
    const b = await user();
    const chatId = newId();
    await getDb().insert(schema.chats).values({ id: chatId });
    await getDb().insert(schema.chatMembers).values([{ chatId, userId: a.id }, { chatId, userId: b.id }]);
    await getDb().insert(schema.messages).values({ id: newId(), chatId, senderId: b.id, text: "Is the bike still there?" });
    await updateName(b.id, { firstName: "Rene", lastName: "Moss" });
    const row = (await getDb()
      .select({ text: schema.messages.text, first: schema.users.firstName, last: schema.users.lastName })
      .from(schema.messages)
      .innerJoin(schema.users, eq(schema.users.id, schema.messages.senderId))
      .where(eq(schema.messages.chatId, chatId)))[0];
    expect(row).toEqual({ text: "Is the bike still there?", first: "Rene", last: "M." });
  });
});

describe("profile updates", () => {
  it("stores the first name capitalised and the last name as its initial (docs/product.md §3)", async () => {
    const u = await user();
    const after = await updateName(u.id, { firstName: "  mary-jane ", lastName: "watson" });
    expect([after.firstName, after.lastName]).toEqual(["Mary-jane", "W."]);
    // Saving the form unchanged keeps the stored initial.
    expect((await updateName(u.id, { firstName: "Mary-jane", lastName: "W." })).lastName).toBe("W.");
  });

  it("a bio from set-up marks the profile set up; from edit it leaves the flag alone", async () => {
    const u = await user();
    expect((await updateBio(u.id, "Hello")).profileSetUp).toBe(false);
    expect(await updateBio(u.id, "Hello again", { completeSetUp: true })).toMatchObject({ bio: "Hello again", profileSetUp: true });
  });
});

describe("reports", () => {
  it("records one report per reporter and user, and refuses reporting yourself", async () => {
    const a = await user();
    const b = await user();
    expect(await reportUser({ reporterId: a.id, reportedUserId: b.id, reason: "scam" })).toEqual({ created: true, type: "user" });
    expect(await reportUser({ reporterId: a.id, reportedUserId: b.id, reason: "spam" })).toEqual({ created: false, type: "user" });
    await expect(reportUser({ reporterId: a.id, reportedUserId: a.id, reason: "scam" })).rejects.toThrow(ReportError);
    expect((await getDb().select().from(schema.reports).where(eq(schema.reports.reportedUserId, b.id)))).toHaveLength(1);
  });
});

describe("the profile's lists", () => {
  it("pages the owner's projects and games newest first, 10 at a time by default", async () => {
    const me = await owner();
    expect((await listPortfolioPage("project", { ownerId: me.id })).items).toHaveLength(10);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listPortfolioPage("game", { ownerId: me.id, cursor, limit: 2 });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await getDb().select().from(schema.games)).sort((x, y) => y.createdAt - x.createdAt || (y.id < x.id ? -1 : 1));
    expect(seen).toEqual(all.map((g) => g.id));
    expect(await listPortfolioPage("project", { ownerId: (await user()).id })).toEqual({ items: [], nextCursor: null });
  });

  it("lists a user's posts with videos on this campus by video count, then newest", async () => {
    const u = await user();
    const video = (i: number): StoredMedia => ({ kind: "video", path: `v/${i}.mp4`, name: `${i}.mp4`, order: i, width: null, height: null, variants: null, mimeType: "video/mp4", size: 10 });
    await post(u.id, "text only");
    const one = await post(u.id, "one video", { media: [video(1)] });
    const two = await post(u.id, "two videos", { media: [video(1), video(2)] });
    const newer = await post(u.id, "another one", { media: [video(1)] });
    await post(u.id, "on UT", { campusId: "ut", media: [video(1)] });
    const first = await getVideoPage({ campusId: "ou", timeZone: TZ, authorId: u.id, limit: 2 });
    const second = await getVideoPage({ campusId: "ou", timeZone: TZ, authorId: u.id, limit: 2, cursor: first.nextCursor });
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual([two.id, newer.id, one.id]);
    expect(second.nextCursor).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// /{username}

const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
async function cookieFor(u: User) {
  return (await createSessionCookie(new Request("http://localhost/"), u.id)).split(";")[0]!;
}
function get(pathname: string, cookie = "") {
  return new Request(`${BASE}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
}
async function load(pathname: string, cookie = "") {
  const username = decodeURIComponent(new URL(pathname, BASE).pathname.slice(1));
  return loader({ request: get(pathname, cookie), params: { username }, ...ctx });
}
async function settle<T>(promise: Promise<T>): Promise<T | Response> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("/{username}", () => {
  it("is case-insensitive; an unknown name is a 404 for the not-found page", async () => {
    const data = await load("/OWNER");
    expect(data.profile).toMatchObject({ username: "owner", displayName: "Jordan A.", verified: true });
    const missing = await settle(load("/no-such-person"));
    expect((missing as Response).status).toBe(404);
  });

  it("tells the page who is looking, and gives Create Post only to the portfolio owner on their own profile", async () => {
    const visitor = await load("/owner");
    expect([visitor.viewer, visitor.createPostHref]).toEqual(["visitor", null]);
    const me = await load("/owner", await cookieFor(await owner()));
    expect([me.viewer, me.createPostHref]).toEqual(["self", "/create/post?goBack=%2Fowner"]);
    const someone = await user();
    const other = await load("/owner", await cookieFor(someone));
    expect([other.viewer, other.createPostHref]).toEqual(["member", null]);
    const own = await load(`/${someone.username}`, await cookieFor(someone));
    expect([own.viewer, own.createPostHref, own.profile.profileSetUp]).toEqual(["self", null, false]);
  });

  it("lists projects by default, games and videos on request, and only this campus's top-level posts", async () => {
    expect((await load("/owner")).portfolio!.items).toHaveLength(10);
    expect((await load("/owner?show=projects")).show).toBe("projects");
    const games = await load("/owner?show=games");
    expect([games.show, games.portfolio!.items.length]).toEqual(["games", 5]);
    expect((await load("/owner?show=nonsense")).show).toBe("projects");

    const u = await user();
    const here = await post(u.id, "OU post");
    await post(u.id, "UT post", { campusId: "ut" });
    await post(u.id, "a comment", { parentId: here.id });
    const page = await load(`/${u.username}`);
    expect(page.feed.posts.map((p) => p.text[0]!.text)).toEqual(["OU post"]);
    const videos = await load(`/${u.username}?show=videos`);
    expect([videos.portfolio, videos.feed.posts]).toEqual([null, []]);
  });

  it("Report: visitors log in first; a signed-in user's report is recorded with the message of docs/product.md §12; not yourself", async () => {
    const target = await user();
    const form = (cookie: string) =>
      new Request(`${BASE}/${target.username}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ intent: "report", reason: "scam" }) });
    const call = (cookie: string) => settle(action({ request: form(cookie), params: { username: target.username }, ...ctx }));

    const visitor = (await call("")) as Response;
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, `/login?redirect=%2F${target.username}`]);

    const reporter = await user();
    const res = (await call(await cookieFor(reporter))) as Response;
    expect([res.status, res.headers.get("Location")]).toEqual([302, `/${target.username}`]);
    expect(res.headers.get("Set-Cookie")).toContain("__alert=");
    expect((await getDb().select().from(schema.reports).where(eq(schema.reports.reportedUserId, target.id)))).toMatchObject([{ reporterId: reporter.id }]);

    // Yourself: refused, with the reason for the dialog.
    const self = (await call(await cookieFor(target))) as unknown as { init: ResponseInit; data: { report: { error: Record<string, string[]> } } };
    expect(self.init.status).toBe(400);
    expect(self.data.report.error[""]).toEqual(["You cannot report yourself."]);
  });
});
