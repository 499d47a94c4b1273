// Reports and automatic hiding (docs/product.md §12), against a real database: one report
// per reporter and item, who counts toward the threshold, what hidden and
// reported items leave out of feeds, threads and search (and for whom), and
// the report form's action on /post/{id}, /{username} and /messages/{id}.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { startConversation } from "~/models/messages.server";
import { createPost, getFeedPage, getPost, getParentChain, getThread, getVideoPage, type PostPageView } from "~/models/posts.server";
import {
  countHidingReports,
  hideIfReported,
  REPORTS_TO_HIDE,
  reportPost,
  ReportError,
  reportUser,
  unhideItem,
  type ReportDetails,
} from "~/models/reports.server";
import { searchPeople, searchPosts } from "~/models/search.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { action as postAction, loader as postLoader } from "~/routes/post.$id/route.server";
import { action as profileAction } from "~/routes/$username/route.server";
import { action as conversationAction } from "~/routes/messages.$id/route.server";
import { readAlert } from "~/services/alerts.server";
import { getDb, schema } from "~/services/db.server";
import { LIMIT_POINTS } from "~/services/rate-limit.server";
import { createSessionCookie } from "~/services/session.server";
import { REPORT_NOTE_TOO_LONG, REPORT_REASON_REQUIRED, TOO_MANY_REPORTS } from "~/utils/report-messages";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const tz = "America/Chicago";
const origin = BASE;
const scam: ReportDetails = { reason: "scam" };
let n = 0;

beforeAll(() => seed({ demo: false }));

/** A user: an OU student by default; `domain` gmail.com is not a student anywhere, utexas.edu one of UT. */
async function user(opts: { domain?: string; first?: string; isModerator?: boolean; campusId?: string } = {}): Promise<User> {
  n++;
  const first = opts.first ?? `Rae${n}`;
  return insertUser({
    campusId: opts.campusId ?? "ou",
    firstName: first,
    lastName: "R.",
    username: `rep-${n}-${first.toLowerCase()}`,
    email: `rep${n}@${opts.domain ?? "ou.edu"}`,
    verified: true,
    role: opts.isModerator ? "moderator" : "member",
  });
}

const newPost = async (authorId: string, text: string, extra: { parentId?: string; category?: string; campusId?: string } = {}) =>
  (await createPost({ authorId, campusId: extra.campusId ?? "ou", blocks: [{ text }], media: [], origin, parentId: extra.parentId, category: extra.category })).id;

const feedIds = async (viewerId?: string | null, extra: { authorId?: string; category?: string } = {}) =>
  (await getFeedPage({ campusId: "ou", timeZone: tz, viewerId, limit: 50, ...extra })).posts.map((p) => p.id);

const threadIds = async (rootId: string, viewerId?: string | null) => {
  const ids: string[] = [];
  const walk = (nodes: Awaited<ReturnType<typeof getThread>>["comments"]) => nodes.forEach((c) => (ids.push(c.id), walk(c.replies)));
  walk((await getThread({ postId: rootId }, tz, viewerId)).comments);
  return ids;
};

const reportRows = async (targetId: string) => await getDb().select().from(schema.reports).where(eq(schema.reports.targetId, targetId));
const hiddenAt = async (postId: string) => (await getDb().select({ at: schema.posts.hiddenAt }).from(schema.posts).where(eq(schema.posts.id, postId)))[0]!.at;

async function students(count: number) {
  return Promise.all(Array.from({ length: count }, () => user()));
}

describe("one report per reporter and item", () => {
  it("a second report of a post, comment or profile by the same person makes no second row; another person's does", async () => {
    const author = await user();
    const [a, b] = await students(2);
    const post = await newPost(author.id, "Bike");
    const comment = await newPost(author.id, "Still there", { parentId: post });
    expect(await reportPost({ reporterId: a!.id, postId: post, reason: "scam", note: "  Asks for a deposit  " })).toEqual({ created: true, type: "post" });
    expect(await reportPost({ reporterId: a!.id, postId: post, reason: "spam" })).toEqual({ created: false, type: "post" });
    expect(await reportPost({ reporterId: b!.id, postId: post, ...scam })).toEqual({ created: true, type: "post" });
    expect(await reportPost({ reporterId: a!.id, postId: comment, reason: "harassment" })).toEqual({ created: true, type: "comment" });
    expect(await reportPost({ reporterId: a!.id, postId: comment, reason: "harassment" })).toEqual({ created: false, type: "comment" });
    expect(await reportUser({ reporterId: a!.id, reportedUserId: author.id, ...scam })).toEqual({ created: true, type: "user" });
    expect(await reportUser({ reporterId: a!.id, reportedUserId: author.id, ...scam })).toEqual({ created: false, type: "user" });

    const rows = await reportRows(post);
    expect(rows).toHaveLength(2);
    // The first report stands: its reason and note (trimmed), against the author, open.
    expect(rows.find((r) => r.reporterId === a!.id)).toMatchObject({ targetType: "post", reportedUserId: author.id, reason: "scam", note: "Asks for a deposit", status: "open" });
    expect(await reportRows(comment)).toMatchObject([{ targetType: "comment", reporterId: a!.id, reportedUserId: author.id }]);
    expect(await reportRows(author.id)).toHaveLength(1);
  });

  it("two reports sent at once by the same person make one row", async () => {
    const author = await user();
    const [a] = await students(1);
    const post = await newPost(author.id, "Lamp");
    const results = await Promise.all([reportPost({ reporterId: a!.id, postId: post, ...scam }), reportPost({ reporterId: a!.id, postId: post, reason: "spam" })]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await reportRows(post)).toHaveLength(1);
  });

  it("refuses your own post, comment or profile, and unknown or deleted items (404)", async () => {
    const author = await user();
    const post = await newPost(author.id, "Desk");
    const comment = await newPost(author.id, "Bump", { parentId: post });
    const refusal = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof ReportError ? [e.status, e.message] : e));
    expect(await refusal(reportPost({ reporterId: author.id, postId: post, ...scam }))).toEqual([400, "You can't report your own post."]);
    expect(await refusal(reportPost({ reporterId: author.id, postId: comment, ...scam }))).toEqual([400, "You can't report your own comment."]);
    expect(await refusal(reportUser({ reporterId: author.id, reportedUserId: author.id, ...scam }))).toEqual([400, "You cannot report yourself."]);
    const other = await user();
    expect(await refusal(reportPost({ reporterId: other.id, postId: "no-such-post", ...scam }))).toEqual([404, "Not Found"]);
    expect(await refusal(reportUser({ reporterId: other.id, reportedUserId: "no-such-user", ...scam }))).toEqual([404, "Not Found"]);
    await getDb().update(schema.posts).set({ deletedAt: Date.now() }).where(eq(schema.posts.id, post));
    expect(await refusal(reportPost({ reporterId: other.id, postId: post, ...scam }))).toEqual([404, "Not Found"]);
    expect(await getDb().select().from(schema.reports).where(eq(schema.reports.reportedUserId, author.id))).toHaveLength(0);
  });
});

describe("the threshold", () => {
  it(`hides a post at the ${REPORTS_TO_HIDE}rd school-verified reporter, not before`, async () => {
    const author = await user();
    const [a, b, c] = await students(3);
    const post = await newPost(author.id, "Too good to be true");
    await reportPost({ reporterId: a!.id, postId: post, ...scam });
    await reportPost({ reporterId: b!.id, postId: post, ...scam });
    expect([await countHidingReports("post", post), await hiddenAt(post)]).toEqual([2, null]);
    await reportPost({ reporterId: c!.id, postId: post, reason: "prohibited" });
    expect(await countHidingReports("post", post)).toBe(3);
    expect(await hiddenAt(post)).toEqual(expect.any(Number));
  });

  it("unverified reporters, students of another campus, a repeated report and dismissed reports don't count", async () => {
    const author = await user();
    const post = await newPost(author.id, "Concert tickets");
    const [a, b] = await students(2);
    const outsider = await user({ domain: "gmail.com" });
    const utStudent = await user({ domain: "utexas.edu", campusId: "ut" });
    await reportPost({ reporterId: outsider.id, postId: post, ...scam });
    await reportPost({ reporterId: utStudent.id, postId: post, ...scam });
    await reportPost({ reporterId: a!.id, postId: post, ...scam });
    await reportPost({ reporterId: a!.id, postId: post, ...scam }); // again: still one
    await reportPost({ reporterId: b!.id, postId: post, ...scam });
    expect(await reportRows(post)).toHaveLength(4);
    expect([await countHidingReports("post", post), await hiddenAt(post)]).toEqual([2, null]);

    // A moderator dismissed b's report: a third student makes two open ones that count.
    await getDb().update(schema.reports).set({ status: "dismissed", resolvedAt: Date.now() }).where(and(eq(schema.reports.targetId, post), eq(schema.reports.reporterId, b!.id)));
    const [c] = await students(1);
    await reportPost({ reporterId: c!.id, postId: post, ...scam });
    expect([await countHidingReports("post", post), await hiddenAt(post)]).toEqual([2, null]);
    const [d] = await students(1);
    await reportPost({ reporterId: d!.id, postId: post, ...scam });
    expect(await hiddenAt(post)).toEqual(expect.any(Number));
  });

  it("the author's own reports never count, even if one were stored; a hidden item keeps its time; unhiding shows it again", async () => {
    const author = await user();
    const post = await newPost(author.id, "Sofa");
    const [a, b] = await students(2);
    await getDb().insert(schema.reports).values({ id: "own-report", reporterId: author.id, reportedUserId: author.id, targetType: "post", targetId: post, reason: "other" });
    await reportPost({ reporterId: a!.id, postId: post, ...scam });
    await reportPost({ reporterId: b!.id, postId: post, ...scam });
    expect([await countHidingReports("post", post), await hiddenAt(post)]).toEqual([2, null]);
    const [c] = await students(1);
    await reportPost({ reporterId: c!.id, postId: post, ...scam });
    const first = await hiddenAt(post);
    expect(await hideIfReported("post", post, first! + 1000)).toBe(false);
    expect(await hiddenAt(post)).toBe(first);
    await unhideItem("post", post);
    expect(await hiddenAt(post)).toBeNull();
  });

  it("a profile reported by three students is left out of people search; a conversation is never hidden", async () => {
    const reported = await user({ first: "Zebulon" });
    const viewer = await user();
    const find = async () => (await searchPeople({ query: "Zebulon", campusId: "ou" })).people.map((p) => p.id);
    expect(await find()).toContain(reported.id);
    for (const s of await students(3)) await reportUser({ reporterId: s.id, reportedUserId: reported.id, reason: "harassment" });
    const [row] = await getDb().select({ hiddenAt: schema.users.hiddenAt }).from(schema.users).where(eq(schema.users.id, reported.id));
    expect(row!.hiddenAt).toEqual(expect.any(Number));
    expect(await find()).not.toContain(reported.id);
    // Their posts are not hidden by it (only reports of a post hide the post).
    const post = await newPost(reported.id, "Zebulon's lamp");
    expect(await feedIds(viewer.id)).toContain(post);
  });
});

describe("hidden and reported items in feeds, threads and search", () => {
  async function hiddenPost(text: string, opts: { category?: string } = {}) {
    const author = await user();
    const post = await newPost(author.id, text, opts);
    for (const s of await students(3)) await reportPost({ reporterId: s.id, postId: post, ...scam });
    return { author, post };
  }

  it("a hidden post is out of the feed, categories, profile and search for others; its author and moderators still see it, marked", async () => {
    const word = `zqhid${n}`;
    const { author, post } = await hiddenPost(`Replica watch ${word}`, { category: "tickets" });
    const other = await user();
    const moderator = await user({ isModerator: true });
    const owner = (await getOwner())!;

    for (const viewer of [null, other.id]) {
      expect(await feedIds(viewer)).not.toContain(post);
      expect(await feedIds(viewer, { category: "tickets" })).not.toContain(post);
      expect(await feedIds(viewer, { authorId: author.id })).not.toContain(post);
      expect((await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: viewer })).posts).toEqual([]);
      expect((await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: viewer, filters: { sort: "newest" } })).posts).toEqual([]);
      // Its page answers like a missing post.
      expect((await getPost(post, tz, viewer)).status).toBe("missing");
    }
    for (const viewer of [author.id, moderator.id, owner.id]) {
      const card = (await getFeedPage({ campusId: "ou", timeZone: tz, viewerId: viewer, limit: 50 })).posts.find((p) => p.id === post);
      expect(card?.hidden).toBe(true);
      expect(await feedIds(viewer, { authorId: author.id })).toContain(post);
      expect((await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: viewer })).posts.map((p) => p.id)).toEqual([post]);
      const page = await getPost(post, tz, viewer);
      expect(page.status === "ok" && page.post.hidden).toBe(true);
    }
    // Posts that are not hidden say so.
    const plain = await newPost(author.id, "A plain post");
    expect((await getFeedPage({ campusId: "ou", timeZone: tz, viewerId: other.id, limit: 50 })).posts.find((p) => p.id === plain)?.hidden).toBe(false);
  });

  it("a hidden comment (and what hangs below it) is out of the thread for others; its author and moderators see it", async () => {
    const poster = await user();
    const commenter = await user();
    const other = await user();
    const moderator = await user({ isModerator: true });
    const post = await newPost(poster.id, "Mini fridge");
    const comment = await newPost(commenter.id, "DM me for a cheaper one off-site", { parentId: post });
    const reply = await newPost(poster.id, "No thanks", { parentId: comment });
    const fine = await newPost(other.id, "Is it still available?", { parentId: post });
    for (const s of await students(3)) await reportPost({ reporterId: s.id, postId: comment, reason: "spam" });

    expect(await threadIds(post, null)).toEqual([fine]);
    expect(await threadIds(post, other.id)).toEqual([fine]);
    expect(await threadIds(post, poster.id)).toEqual([fine]);
    expect(await threadIds(post, commenter.id)).toEqual([comment, reply, fine]);
    expect(await threadIds(post, moderator.id)).toEqual([comment, reply, fine]);
    const thread = (await getThread({ postId: post }, tz, commenter.id)).comments;
    expect(thread.map((c) => [c.id, c.hidden])).toEqual([[comment, true], [fine, false]]);
    // Its own page is missing for others, and the reply's page leaves it out of the chain above.
    expect((await getPost(comment, tz, other.id)).status).toBe("missing");
    expect((await getPost(comment, tz, commenter.id)).status).toBe("ok");
    const replyView = (await getPost(reply, tz, other.id)) as { status: "ok"; post: PostPageView };
    expect((await getParentChain(replyView.post, tz, other.id)).nearest.map((p) => p.id)).toEqual([post]);
  });

  it("the reporter never sees what they reported (one report is enough); everyone else still does", async () => {
    const author = await user();
    const reporter = await user({ domain: "gmail.com" }); // not even a student: it is still their report
    const other = await user();
    const word = `zqrep${n}`;
    const post = await newPost(author.id, `Textbook bundle ${word}`);
    const comment = await newPost(author.id, "Price is firm", { parentId: post });
    await reportPost({ reporterId: reporter.id, postId: post, ...scam });
    await reportPost({ reporterId: reporter.id, postId: comment, reason: "harassment" });
    expect(await hiddenAt(post)).toBeNull();

    expect(await feedIds(reporter.id)).not.toContain(post);
    expect(await feedIds(reporter.id, { authorId: author.id })).not.toContain(post);
    expect((await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: reporter.id })).posts).toEqual([]);
    expect(await threadIds(post, reporter.id)).toEqual([]);

    expect(await feedIds(other.id)).toContain(post);
    expect(await feedIds(null)).toContain(post);
    expect((await searchPosts({ campusId: "ou", query: word, timeZone: tz, viewerId: other.id })).posts.map((p) => p.id)).toEqual([post]);
    expect(await threadIds(post, other.id)).toEqual([comment]);
  });

  it("a hidden post with a video is off its author's Videos tab for others", async () => {
    const author = await user();
    const other = await user();
    const { id } = await createPost({
      authorId: author.id,
      campusId: "ou",
      blocks: [{ text: "Clip" }],
      origin,
      media: [{ kind: "video", path: `v/${n}`, name: "clip.mp4", order: 1, width: 640, height: 360, variants: null, mimeType: "video/mp4", size: 10 }],
    });
    for (const s of await students(3)) await reportPost({ reporterId: s.id, postId: id, ...scam });
    const videos = async (viewerId: string | null) => (await getVideoPage({ campusId: "ou", timeZone: tz, authorId: author.id, viewerId })).posts.map((p) => p.id);
    expect(await videos(other.id)).toEqual([]);
    expect(await videos(null)).toEqual([]);
    expect(await videos(author.id)).toEqual([id]);
  });
});

// ---------------------------------------------------------------------------
// The report form's action

const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
async function cookieFor(u: User) {
  return (await createSessionCookie(new Request("http://localhost/"), u.id)).split(";")[0]!;
}
function form(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}
async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
type Refusal = { init: ResponseInit; data: { report: { error: Record<string, string[]>; initialValue: Record<string, string> } } };
const alertOf = async (res: Response) => (await readAlert(new Request(BASE, { headers: { Cookie: res.headers.get("Set-Cookie")!.split(";")[0]! } }))).alert;

describe("the report form", () => {
  const onPost = (id: string, cookie: string, fields: Record<string, string>) =>
    settle(postAction({ request: form(`/post/${id}?report=post&target=${id}`, cookie, { intent: "report", ...fields }), params: { id }, ...ctx }));

  it("on a post: the reason must be one of the list, the note at most 500 characters, with the draft back; then reported once", async () => {
    const author = await user();
    const reporter = await user();
    const cookie = await cookieFor(reporter);
    const post = await newPost(author.id, "Calculator");

    const none = (await onPost(post, cookie, { note: "Looks stolen", returnTo: "/home" })) as Refusal;
    expect(none.init.status).toBe(400);
    expect(none.data.report.error.reason).toEqual([REPORT_REASON_REQUIRED]);
    expect(none.data.report.initialValue).toMatchObject({ note: "Looks stolen", returnTo: "/home" });

    const made = (await onPost(post, cookie, { reason: "<script>alert(1)</script>" })) as Refusal;
    expect([made.init.status, made.data.report.error.reason]).toEqual([400, [REPORT_REASON_REQUIRED]]);

    const long = "x".repeat(501);
    const tooLong = (await onPost(post, cookie, { reason: "prohibited", note: long })) as Refusal;
    expect([tooLong.init.status, tooLong.data.report.error.note]).toEqual([400, [REPORT_NOTE_TOO_LONG]]);
    expect(tooLong.data.report.initialValue).toMatchObject({ reason: "prohibited", note: long });
    expect(await reportRows(post)).toHaveLength(0);

    const ok = (await onPost(post, cookie, { reason: "prohibited", note: "y".repeat(500), returnTo: "/home?category=tickets" })) as Response;
    expect([ok.status, ok.headers.get("Location")]).toEqual([302, "/home?category=tickets"]);
    expect(await alertOf(ok)).toMatchObject({ type: "success", message: "Post Reported. Thanks for letting us know." });
    const again = (await onPost(post, cookie, { reason: "spam", returnTo: "/home" })) as Response;
    expect(again.status).toBe(302);
    expect((await alertOf(again))?.message).toBe("You already reported this post.");
    expect(await reportRows(post)).toMatchObject([{ reason: "prohibited", note: "y".repeat(500) }]);

    // An address elsewhere is not a place to go back to.
    const other = await user();
    const away = (await onPost(post, await cookieFor(other), { reason: "spam", returnTo: "https://evil.example/" })) as Response;
    expect(away.headers.get("Location")).toBe(`/post/${post}`);
  });

  it("on a comment: Comment Reported.; unknown ids are a 404; your own is refused; a visitor is sent to log in", async () => {
    const author = await user();
    const reporter = await user();
    const cookie = await cookieFor(reporter);
    const post = await newPost(author.id, "Couch");
    const comment = await newPost(author.id, "Pick up only", { parentId: post });
    const res = (await onPost(comment, cookie, { reason: "harassment", returnTo: `/post/${post}` })) as Response;
    expect(res.headers.get("Location")).toBe(`/post/${post}`);
    expect((await alertOf(res))?.message).toBe("Comment Reported. Thanks for letting us know.");

    expect(((await onPost("no-such-post", cookie, { reason: "spam" })) as Response).status).toBe(404);
    const own = (await onPost(post, await cookieFor(author), { reason: "spam" })) as Refusal;
    expect([own.init.status, own.data.report.error[""]]).toEqual([400, ["You can't report your own post."]]);
    const visitor = (await onPost(post, "", { reason: "spam" })) as Response;
    expect([visitor.status, visitor.headers.get("Location")?.startsWith("/login?redirect=")]).toEqual([302, true]);
  });

  it("is limited per reporter", async () => {
    const author = await user();
    const reporter = await user();
    const cookie = await cookieFor(reporter);
    const limit = LIMIT_POINTS.reportsPerUser;
    for (let i = 0; i < limit; i++) {
      const res = (await onPost(await newPost(author.id, `Item ${i}`), cookie, { reason: "spam" })) as Response;
      expect(res.status).toBe(302);
    }
    const post = await newPost(author.id, "One too many");
    const refused = (await onPost(post, cookie, { reason: "spam", note: "Draft" })) as Refusal;
    expect([refused.init.status, refused.data.report.error[""], refused.data.report.initialValue.note]).toEqual([429, [TOO_MANY_REPORTS], "Draft"]);
    expect(await reportRows(post)).toHaveLength(0);
  });

  it("on a profile and a conversation: User Reported. and Conversation Reported.; a stranger's conversation is a 404", async () => {
    const seller = await user();
    const buyer = await user();
    const stranger = await user();
    const profile = (await settle(
      profileAction({ request: form(`/${seller.username}?report=user`, await cookieFor(buyer), { intent: "report", reason: "scam" }), params: { username: seller.username }, ...ctx }),
    )) as Response;
    expect([profile.status, profile.headers.get("Location")]).toEqual([302, `/${seller.username}`]);
    expect((await alertOf(profile))?.message).toBe("User Reported. Thanks for letting us know.");

    const { id } = await startConversation({ userId: buyer.id, postId: await newPost(seller.id, "Tent") });
    const chat = (cookie: string, fields: Record<string, string>) =>
      settle(conversationAction({ request: form(`/messages/${id}?report=conversation`, cookie, { intent: "report", ...fields }), params: { id }, ...ctx }));
    const bad = (await chat(await cookieFor(seller), { note: "no reason" })) as Refusal;
    expect([bad.init.status, bad.data.report.error.reason]).toEqual([400, [REPORT_REASON_REQUIRED]]);
    const res = (await chat(await cookieFor(seller), { reason: "harassment" })) as Response;
    expect([res.status, res.headers.get("Location")]).toEqual([302, `/messages/${id}`]);
    expect((await alertOf(res))?.message).toBe("Conversation Reported. Thanks for letting us know.");
    expect(await reportRows(id)).toMatchObject([{ targetType: "chat", chatId: id, reporterId: seller.id, reportedUserId: buyer.id, reason: "harassment" }]);
    expect(((await chat(await cookieFor(stranger), { reason: "spam" })) as Response).status).toBe(404);
  });

  it("a hidden post's page is a 404 for anyone but its author and moderators", async () => {
    const author = await user();
    const other = await user();
    const post = await newPost(author.id, "Hidden lamp");
    for (const s of await students(3)) await reportPost({ reporterId: s.id, postId: post, ...scam });
    const load = async (cookie: string) => (await postLoader({ request: new Request(`${BASE}/post/${post}`, { headers: cookie ? { Cookie: cookie } : {} }), params: { id: post }, ...ctx })) as unknown;
    const statusOf = (r: unknown) => (r as { init?: ResponseInit | null }).init?.status ?? 200;
    expect(statusOf(await load(""))).toBe(404);
    expect(statusOf(await load(await cookieFor(other)))).toBe(404);
    expect(statusOf(await load(await cookieFor(author)))).toBe(200);
    expect(statusOf(await load(await cookieFor(await user({ isModerator: true }))))).toBe(200);
  });
});
