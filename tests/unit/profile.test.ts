// Profiles: counters, propagation by join, reports, the profile's lists, and
// the /{username} loader and action called with real Requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeUsername } from "~/models/accounts.server";
import { listNotifications } from "~/models/notifications.server";
import { listPortfolioPage, recountPortfolio, syncPortfolio } from "~/models/portfolio.server";
import { createPost, deletePost, getFeedPage, getThread, getVideoPage, PostError } from "~/models/posts.server";
import { reportUser, ReportError } from "~/models/reports.server";
import { getUserById, getUserByUsername, insertUser, setAvatar, updateBio, updateName, type User } from "~/models/users.server";
import { action, loader } from "~/routes/$username";
import { getDb, newId, schema, transaction } from "~/services/db.server";
import type { StoredMedia } from "~/services/media.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "../../db/seed";

const BASE = "http://localhost:3000";
const TZ = "America/Chicago";
let n = 0;
function user(opts: { campusId?: string; verified?: boolean } = {}): User {
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
const post = (authorId: string, text: string, extra: Partial<Parameters<typeof createPost>[0]> = {}) =>
  createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, ...extra });
const owner = () => getUserByUsername("owner")!;

/** What totalPosts should be: the author's top-level posts that are not deleted, on any campus. */
function countTopLevel(userId: string): number {
  return getDb()
    .select({ n: sql<number>`count(*)` })
    .from(schema.posts)
    .where(
      and(
        eq(schema.posts.authorId, userId),
        isNull(schema.posts.parentId),
        isNull(schema.posts.gameId),
        isNull(schema.posts.projectId),
        isNull(schema.posts.deletedAt),
      ),
    )
    .get()!.n;
}

beforeAll(() => seed({ demo: false }));

describe("counters", () => {
  it("totalPosts counts top-level posts on every campus, not comments, and goes down on delete", async () => {
    const a = user();
    const b = user();
    const p1 = post(a.id, "Bike for sale");
    post(a.id, "Couch on UT", { campusId: "ut" });
    expect(getUserById(a.id)!.totalPosts).toBe(2);
    const c1 = post(b.id, "Still available?", { parentId: p1.id });
    post(a.id, "Yes!", { parentId: c1.id });
    post(b.id, "Nice game", { gameId: "snake" });
    post(b.id, "Nice project", { projectId: "trivia-api" });
    expect(getUserById(a.id)!.totalPosts).toBe(2);
    expect(getUserById(b.id)!.totalPosts).toBe(0);

    await deletePost(c1.id, b.id); // a comment (and the reply below it)
    expect(getUserById(a.id)!.totalPosts).toBe(2);
    await deletePost(p1.id, a.id);
    expect(getUserById(a.id)!.totalPosts).toBe(1);
    await expect(deletePost(p1.id, a.id)).rejects.toThrow(PostError); // twice: nothing more
    expect(getUserById(a.id)!.totalPosts).toBe(1);
  });

  it("totalPosts stays equal to the count of top-level posts through a mix of creates and deletes", async () => {
    const a = user();
    const b = user();
    const mine: string[] = [];
    let seedValue = 7;
    const next = () => (seedValue = (seedValue * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 60; i++) {
      const r = next() % 4;
      if (r === 0 && mine.length) {
        const [id] = mine.splice(next() % mine.length, 1);
        await deletePost(id!, a.id);
      } else if (r === 1 && mine.length) {
        post(b.id, `comment ${i}`, { parentId: mine[next() % mine.length]! });
      } else {
        mine.push(post(a.id, `post ${i}`, { campusId: i % 3 ? "ou" : "smu" }).id);
      }
      expect(getUserById(a.id)!.totalPosts).toBe(countTopLevel(a.id));
    }
    expect(getUserById(a.id)!.totalPosts).toBe(mine.length);
    expect(getUserById(b.id)!.totalPosts).toBe(0);
  });

  it("totalProjects and totalGames follow the content files and the owner's deletes", () => {
    const me = owner();
    expect([me.totalProjects, me.totalGames]).toEqual([10, 5]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    fs.cpSync(path.resolve("content"), dir, { recursive: true });
    try {
      // A removed file hides its project.
      fs.rmSync(path.join(dir, "projects", "color-tracker.mdx"));
      syncPortfolio(me.id, dir);
      expect(getUserById(me.id)!.totalProjects).toBe(9);
      // The owner deletes a game: the row is marked and the count follows in the same transaction.
      transaction((tx) => {
        tx.update(schema.games).set({ deletedAt: Date.now() }).where(eq(schema.games.id, "snake")).run();
        recountPortfolio(tx, me.id);
      });
      expect(getUserById(me.id)!.totalGames).toBe(4);
      // The file comes back: the project returns, the deleted game stays deleted.
      fs.cpSync(path.resolve("content/projects/color-tracker.mdx"), path.join(dir, "projects", "color-tracker.mdx"));
      syncPortfolio(me.id, dir);
      expect([getUserById(me.id)!.totalProjects, getUserById(me.id)!.totalGames]).toEqual([10, 4]);
    } finally {
      getDb().update(schema.games).set({ deletedAt: null }).where(eq(schema.games.id, "snake")).run();
      syncPortfolio(me.id);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect([getUserById(me.id)!.totalProjects, getUserById(me.id)!.totalGames]).toEqual([10, 5]);
  });
});

describe("propagation by join (design B)", () => {
  it("a new photo, name or username shows at once on the user's posts, comments and notifications", () => {
    const a = user();
    const b = user();
    const own = post(b.id, "My own post");
    const root = post(a.id, "A's post");
    const comment = post(b.id, "B's comment", { parentId: root.id });

    updateName(b.id, { firstName: "zora", lastName: "Quill" });
    setAvatar(b.id, `avatars/${b.id}/newkey`);
    changeUsername(b.id, "zora-q");

    const expected = { id: b.id, username: "zora-q", displayName: "Zora Q.", firstName: "Zora", avatarUrl: `/media/avatars/${b.id}/newkey-96.webp` };
    const feedCard = getFeedPage({ campusId: "ou", timeZone: TZ, authorId: b.id }).posts.find((p) => p.id === own.id)!;
    expect(feedCard.author).toMatchObject(expected);
    const thread = getThread({ rootId: root.id }, TZ);
    expect(thread.find((c) => c.id === comment.id)!.author).toMatchObject(expected);
    const [note] = listNotifications(a.id, TZ);
    expect(note!.actor).toMatchObject(expected);
    expect(note!.text).toBe("Zora Q. commented on your post");
    expect(getUserByUsername("ZORA-Q")!.id).toBe(b.id);
  });

  it("posts, comments, notifications, chats and messages hold no copy of a user's name, username or photo", () => {
    for (const table of [schema.posts, schema.notifications, schema.chats, schema.chatMembers, schema.messages, schema.likes]) {
      const columns = Object.values(getTableColumns(table)).map((c) => c.name);
      expect(columns.filter((c) => /name|avatar|^img$|username|photo/i.test(c))).toEqual([]);
    }
  });

  it("a message joins its sender", () => {
    const a = user();
    const b = user();
    const chatId = newId();
    getDb().insert(schema.chats).values({ id: chatId }).run();
    getDb().insert(schema.chatMembers).values([{ chatId, userId: a.id }, { chatId, userId: b.id }]).run();
    getDb().insert(schema.messages).values({ id: newId(), chatId, senderId: b.id, text: "Is the bike still there?" }).run();
    updateName(b.id, { firstName: "Rene", lastName: "Moss" });
    const row = getDb()
      .select({ text: schema.messages.text, first: schema.users.firstName, last: schema.users.lastName })
      .from(schema.messages)
      .innerJoin(schema.users, eq(schema.users.id, schema.messages.senderId))
      .where(eq(schema.messages.chatId, chatId))
      .get();
    expect(row).toEqual({ text: "Is the bike still there?", first: "Rene", last: "M." });
  });
});

describe("profile updates", () => {
  it("stores the first name capitalised and the last name as its initial (§3, §5)", () => {
    const u = user();
    const after = updateName(u.id, { firstName: "  mary-jane ", lastName: "watson" });
    expect([after.firstName, after.lastName]).toEqual(["Mary-jane", "W."]);
    // Saving the form unchanged keeps the stored initial.
    expect(updateName(u.id, { firstName: "Mary-jane", lastName: "W." }).lastName).toBe("W.");
  });

  it("a bio from set-up marks the profile set up; from edit it leaves the flag alone", () => {
    const u = user();
    expect(updateBio(u.id, "Hello").profileSetUp).toBe(false);
    expect(updateBio(u.id, "Hello again", { completeSetUp: true })).toMatchObject({ bio: "Hello again", profileSetUp: true });
  });
});

describe("reports", () => {
  it("records one report per reporter and user, and refuses reporting yourself", () => {
    const a = user();
    const b = user();
    expect(reportUser({ reporterId: a.id, reportedUserId: b.id })).toEqual({ created: true });
    expect(reportUser({ reporterId: a.id, reportedUserId: b.id })).toEqual({ created: false });
    expect(() => reportUser({ reporterId: a.id, reportedUserId: a.id })).toThrow(ReportError);
    expect(getDb().select().from(schema.reports).where(eq(schema.reports.reportedUserId, b.id)).all()).toHaveLength(1);
  });
});

describe("the profile's lists", () => {
  it("pages the owner's projects and games newest first, 10 at a time by default", () => {
    const me = owner();
    expect(listPortfolioPage("project", { ownerId: me.id }).items).toHaveLength(10);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = listPortfolioPage("game", { ownerId: me.id, cursor, limit: 2 });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = getDb().select().from(schema.games).all().sort((x, y) => y.createdAt - x.createdAt || (y.id < x.id ? -1 : 1));
    expect(seen).toEqual(all.map((g) => g.id));
    expect(listPortfolioPage("project", { ownerId: user().id })).toEqual({ items: [], nextCursor: null });
  });

  it("lists a user's posts with videos on this campus by video count, then newest", () => {
    const u = user();
    const video = (i: number): StoredMedia => ({ kind: "video", path: `v/${i}.mp4`, name: `${i}.mp4`, order: i, width: null, height: null, variants: null, mimeType: "video/mp4", size: 10 });
    post(u.id, "text only");
    const one = post(u.id, "one video", { media: [video(1)] });
    const two = post(u.id, "two videos", { media: [video(1), video(2)] });
    const newer = post(u.id, "another one", { media: [video(1)] });
    post(u.id, "on UT", { campusId: "ut", media: [video(1)] });
    const first = getVideoPage({ campusId: "ou", timeZone: TZ, authorId: u.id, limit: 2 });
    const second = getVideoPage({ campusId: "ou", timeZone: TZ, authorId: u.id, limit: 2, cursor: first.nextCursor });
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
    const me = await load("/owner", await cookieFor(owner()));
    expect([me.viewer, me.createPostHref]).toEqual(["self", "/create/post?goBack=%2Fowner"]);
    const someone = user();
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

    const u = user();
    const here = post(u.id, "OU post");
    post(u.id, "UT post", { campusId: "ut" });
    post(u.id, "a comment", { parentId: here.id });
    const page = await load(`/${u.username}`);
    expect(page.feed.posts.map((p) => p.text[0]!.text)).toEqual(["OU post"]);
    const videos = await load(`/${u.username}?show=videos`);
    expect([videos.portfolio, videos.feed.posts]).toEqual([null, []]);
  });

  it("Report: visitors log in first; a signed-in user's report is recorded with the §6 message; not yourself", async () => {
    const target = user();
    const form = (cookie: string) =>
      new Request(`${BASE}/${target.username}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ intent: "report" }) });
    const call = (cookie: string) => settle(action({ request: form(cookie), params: { username: target.username }, ...ctx }));

    const visitor = (await call("")) as Response;
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, `/login?redirect=%2F${target.username}`]);

    const reporter = user();
    const res = (await call(await cookieFor(reporter))) as Response;
    expect([res.status, res.headers.get("Location")]).toEqual([302, `/${target.username}`]);
    expect(res.headers.get("Set-Cookie")).toContain("__alert=");
    expect(getDb().select().from(schema.reports).where(eq(schema.reports.reportedUserId, target.id)).all()).toMatchObject([{ reporterId: reporter.id }]);

    const self = (await call(await cookieFor(target))) as Response;
    expect(self.status).toBe(400);
  });
});
