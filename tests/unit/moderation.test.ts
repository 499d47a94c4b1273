// The review queue (/moderation) and suspensions (docs/product.md §13, §14), against a real
// database, through the route's loader and action with real Requests: who may
// open it, how reports are grouped and paged, Dismiss, Remove (with the normal
// cascade and the author's notice), Suspend with a fixed clock, the record of
// every action, and the count in the moderator's navigation.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as layoutLoader } from "~/root.server";
import { toggleLike } from "~/models/likes.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { countOpenReportedItems, getModerationPage } from "~/models/moderation.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { createPost } from "~/models/posts.server";
import { activeSuspension, OWNER_NOT_SUSPENDABLE, suspendUser, SuspensionError, suspensionMessage } from "~/models/suspensions.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { action as createPostAction } from "~/routes/create.post/route.server";
import { action as messagesAction } from "~/routes/messages.$id/route.server";
import { action as startConversationRoute } from "~/routes/messages._index/route.server";
import { action, loader } from "~/routes/moderation/route.server";
import { action as postAction } from "~/routes/post.$id/route.server";
import { getDb, newId, onQuery, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const tz = "America/Chicago"; // OU's, the campus of localhost
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0); // May 1, 2025, 10:00 AM in Chicago
const DAY = 24 * 3600_000;
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };

let n = 0;
async function person(first: string, opts: Partial<typeof schema.users.$inferInsert> = {}): Promise<User> {
  n++;
  return await insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "Q.",
    username: `mod-${n}-${first.toLowerCase()}`,
    email: `mod${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    ...opts,
  });
}

/** A session cookie made now (the fixed clock moves: sessions expire with it). */
async function cookieOf(user: User | null): Promise<string> {
  return user ? (await createSessionCookie(new Request(`${BASE}/`), user.id)).split(";")[0]! : "";
}

function form(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** A route's answer, thrown or returned. */
async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataAnswer<T = unknown> = { data: T; init: ResponseInit | null };

async function openQueue(user: User | null, search = ""): Promise<Response | DataAnswer<Awaited<ReturnType<typeof loader>>["data"]>> {
  const cookie = await cookieOf(user);
  return (await answer(() => loader({ request: new Request(`${BASE}/moderation${search}`, { headers: { Cookie: cookie } }), params: {}, ...ctx }))) as
    | Response
    | DataAnswer<Awaited<ReturnType<typeof loader>>["data"]>;
}

async function act(user: User | null, fields: Record<string, string>): Promise<Response> {
  const cookie = await cookieOf(user);
  return (await answer(() => action({ request: form("/moderation", cookie, fields), params: {}, ...ctx }))) as Response;
}

async function report(
  reporter: User,
  target: { type: "post" | "comment" | "user" | "chat"; id: string },
  authorId: string,
  reason: (typeof schema.reports.$inferInsert)["reason"],
  opts: { note?: string; at?: number; status?: "open" | "upheld" | "dismissed"; chatId?: string } = {},
) {
  await getDb().insert(schema.reports).values({
    id: newId(),
    reporterId: reporter.id,
    reportedUserId: authorId,
    targetType: target.type,
    targetId: target.id,
    reason,
    note: opts.note ?? null,
    chatId: opts.chatId ?? null,
    status: opts.status ?? "open",
    createdAt: opts.at ?? Date.now(),
  });
}

const post = async (authorId: string, text: string) => (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE })).id;
const comment = async (authorId: string, parentId: string, text: string) =>
  (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE, parentId })).id;
const reportsOf = async (targetId: string) => await getDb().select().from(schema.reports).where(eq(schema.reports.targetId, targetId));
const actionsOn = async (targetId: string) => await getDb().select().from(schema.moderationActions).where(eq(schema.moderationActions.targetId, targetId));

let owner: User;
beforeAll(async () => {
  await seed({ demo: false });
  owner = (await getOwner())!;
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  // Every test starts from an empty queue.
  await getDb().delete(schema.reports);
  await getDb().delete(schema.moderationActions);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("who may open /moderation", () => {
  it("a visitor and a signed-in user get 404 from the page and from its form posts; the owner and a named moderator 200", async () => {
    const author = await person("Ada");
    const reporter = await person("Rex");
    const postId = await post(author.id, "Cheap textbooks");
    await report(reporter, { type: "post", id: postId }, author.id, "scam");
    const fields = { intent: "dismiss", target: `post:${postId}` };

    for (const outsider of [null, reporter]) {
      expect(((await openQueue(outsider)) as Response).status).toBe(404);
      expect((await act(outsider, fields)).status).toBe(404);
    }
    expect((await reportsOf(postId))[0]!.status).toBe("open");

    const asOwner = (await openQueue(owner)) as DataAnswer<{ page: { items: unknown[] } }>;
    expect(asOwner.init?.status ?? 200).toBe(200);
    expect(asOwner.data.page.items).toHaveLength(1);

    // The owner names a moderator from the queue; from then on they may review.
    const named = await person("Mo");
    await report(named, { type: "post", id: postId }, author.id, "spam");
    expect((await act(owner, { intent: "make-moderator", target: `post:${postId}`, user: named.id })).status).toBe(302);
    const asModerator = (await openQueue((await getDb().select().from(schema.users).where(eq(schema.users.id, named.id)))[0]!)) as DataAnswer<{ page: { items: unknown[] } }>;
    expect(asModerator.init?.status ?? 200).toBe(200);
    expect(asModerator.data.page.items).toHaveLength(1);
    expect((await act({ ...named, role: "moderator" }, fields)).status).toBe(302);
    expect((await reportsOf(postId)).map((r) => r.status)).toEqual(["dismissed", "dismissed"]);
  });

  it("only the owner names moderators, and the owner cannot be suspended", async () => {
    const author = await person("Ana");
    const reporter = await person("Ray");
    const moderator = await person("Meg", { role: "moderator" });
    const postId = await post(author.id, "Concert tickets");
    await report(reporter, { type: "post", id: postId }, author.id, "scam");
    const refused = await act(moderator, { intent: "make-moderator", target: `post:${postId}`, user: reporter.id });
    expect(refused.status).toBe(403);
    expect((await getDb().select().from(schema.users).where(eq(schema.users.id, reporter.id)))[0]!.role).toBe("member");

    const ownPostId = await post(owner.id, "Owner's post");
    await report(reporter, { type: "post", id: ownPostId }, owner.id, "spam");
    const suspendOwner = await act(moderator, { intent: "suspend", target: `post:${ownPostId}`, duration: "permanent", reason: "spam" });
    expect(suspendOwner.status).toBe(403);
    expect(await suspendOwner.text()).toBe(OWNER_NOT_SUSPENDABLE);
    await expect(suspendUser({ userId: owner.id, permanent: true, reason: "Spam" })).rejects.toBeInstanceOf(SuspensionError);
    expect(activeSuspension((await getOwner())!)).toBeNull();
  });
});

describe("the queue", () => {
  it("groups open reports by item, newest report first, with the item, reporters, reasons, notes and the author's history", async () => {
    const author = await person("Abe", { createdAt: T0 - 90 * DAY });
    const [r1, r2, r3] = [await person("Rae"), await person("Rob"), await person("Ria")];
    const postId = await post(author.id, "iPhone 15, sealed, $200");
    const commentId = await comment(author.id, postId, "DM me for a better deal");
    const older = await post(author.id, "An older listing");
    // Earlier: one of the author's items was removed after reports (3 reporters, one item).
    for (const r of [r1, r2, r3]) await report(r, { type: "post", id: older }, author.id, "spam", { at: T0 - 30 * DAY, status: "upheld" });
    await report(r1, { type: "post", id: postId }, author.id, "scam", { at: T0 - 3000, note: "Asked me to pay by gift card" });
    await report(r2, { type: "post", id: postId }, author.id, "scam", { at: T0 - 1000 });
    await report(r3, { type: "post", id: postId }, author.id, "spam", { at: T0 - 2000 });
    await report(r1, { type: "comment", id: commentId }, author.id, "harassment", { at: T0 - 500 });
    await report(r2, { type: "user", id: author.id }, author.id, "other", { at: T0 - 5000, note: "Fake profile" });
    // A conversation: its last messages, read-only.
    const { id: chatId } = await startConversation({ userId: r3.id, postId });
    await sendMessage({ chatId, senderId: r3.id, text: "Is it real?", origin: BASE });
    await sendMessage({ chatId, senderId: author.id, text: "Pay first or no deal", origin: BASE });
    await report(r3, { type: "chat", id: chatId }, author.id, "harassment", { at: T0 - 4000, chatId });
    await suspendUser({ userId: author.id, permanent: false, reason: "Spam", now: T0 - DAY });

    const page = await getModerationPage({ timeZone: tz });
    expect(page.items.map((e) => e.id)).toEqual([`comment:${commentId}`, `post:${postId}`, `chat:${chatId}`, `user:${author.id}`]);
    expect(page.nextCursor).toBeNull();
    const entry = page.items[1]!;
    expect(entry.item).toMatchObject({ kind: "post", exists: true, href: `/post/${postId}`, excerpt: "iPhone 15, sealed, $200", hidden: false });
    expect(entry.reports.map((r) => [r.reporter.id, r.reason, r.note])).toEqual([
      [r2.id, "Scam or fraud", null],
      [r3.id, "Spam", null],
      [r1.id, "Scam or fraud", "Asked me to pay by gift card"],
    ]);
    expect(entry.topReason).toBe("Scam or fraud");
    expect(entry.author).toMatchObject({ accountAge: "3 months", upheldCount: 1, suspension: "Suspended until May 7, 2025, 10:00 AM: Spam" });
    expect(page.items[0]!.item).toMatchObject({ kind: "comment", exists: true, threadHref: `/post/${postId}#post-${commentId}` });
    expect(page.items[2]!.item).toMatchObject({ kind: "chat", exists: true });
    expect(page.items[2]!.item.kind === "chat" && page.items[2]!.item.messages.map((m) => m.text)).toEqual(["Is it real?", "Pay first or no deal"]);
    expect(page.items[3]!.item).toMatchObject({ kind: "user", exists: true, href: `/${author.username}` });
    expect(page.items[3]!.reports[0]!.note).toBe("Fake profile");
    expect(await countOpenReportedItems()).toBe(4);
  });

  it("pages by keyset with the same few queries whatever the page's length", async () => {
    const reporter = await person("Pip");
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const author = await person(`Au${i}`);
      const id = await post(author.id, `Item ${i}`);
      await comment(author.id, id, "a reply");
      ids.push(id);
      // Two items share a report time: the order still pages without a gap or a repeat.
      await report(reporter, { type: "post", id }, author.id, "spam", { at: T0 - (i === 3 ? 2 : i) * 1000 });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await getModerationPage({ timeZone: tz, limit: 3, cursor });
      seen.push(...page.items.map((e) => e.targetId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));

    const statementsFor = async (limit: number) => {
      let count = 0;
      const stop = onQuery(() => count++);
      try {
        await getModerationPage({ timeZone: tz, limit });
      } finally {
        stop();
      }
      return count;
    };
    expect(await statementsFor(7)).toBe(await statementsFor(2));
  });

  it("counts open items beside Moderation for moderators, with no query at all for anyone else", async () => {
    const author = await person("Cal");
    const reporter = await person("Cat");
    const a = await post(author.id, "one");
    const b = await post(author.id, "two");
    await report(reporter, { type: "post", id: a }, author.id, "spam");
    await report(author, { type: "post", id: b }, author.id, "spam");
    await report(reporter, { type: "post", id: b }, author.id, "scam");
    const layout = async (user: User) => {
      const statements: string[] = [];
      const stop = onQuery((s) => statements.push(s.sql));
      try {
        const result = (await layoutLoader({ request: new Request(`${BASE}/home`, { headers: { Cookie: await cookieOf(user) } }), params: {}, ...ctx })) as DataAnswer<{ openReports: number; user: { isModerator: boolean } }>;
        return { data: result.data, statements };
      } finally {
        stop();
      }
    };
    const forOwner = await layout(owner);
    expect(forOwner.data.openReports).toBe(2);
    expect(forOwner.data.user.isModerator).toBe(true);
    expect(forOwner.statements.filter((s) => s.includes('"reports"'))).toHaveLength(1);
    const forUser = await layout(reporter);
    expect(forUser.data.openReports).toBe(0);
    expect(forUser.statements.filter((s) => s.includes('"reports"'))).toHaveLength(0);
  });
});

describe("actions", () => {
  it("Dismiss closes the reports and shows the item again; it is recorded and a second Dismiss finds nothing open", async () => {
    const author = await person("Dee");
    const reporter = await person("Don");
    const postId = await post(author.id, "Hidden after reports");
    await getDb().update(schema.posts).set({ hiddenAt: T0 - 1000 }).where(eq(schema.posts.id, postId));
    await report(reporter, { type: "post", id: postId }, author.id, "spam");
    const res = await act(owner, { intent: "dismiss", target: `post:${postId}`, returnTo: "/moderation?confirm=dismiss&target=x" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/moderation");
    const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, postId));
    expect(row!.hiddenAt).toBeNull();
    expect((await reportsOf(postId)).map((r) => [r.status, r.resolvedAt])).toEqual([["dismissed", T0]]);
    expect((await actionsOn(postId)).map((a) => [a.moderatorId, a.action, a.authorId, a.createdAt])).toEqual([[owner.id, "dismiss", author.id, T0]]);
    expect((await getModerationPage({ timeZone: tz })).items).toEqual([]);
    // A profile's hiding is lifted the same way.
    await getDb().update(schema.users).set({ hiddenAt: T0 }).where(eq(schema.users.id, author.id));
    await report(reporter, { type: "user", id: author.id }, author.id, "other");
    await act(owner, { intent: "dismiss", target: `user:${author.id}` });
    expect((await getDb().select().from(schema.users).where(eq(schema.users.id, author.id)))[0]!.hiddenAt).toBeNull();
    // Already resolved: refused, nothing changes, nothing more is recorded.
    expect((await act(owner, { intent: "dismiss", target: `post:${postId}` })).status).toBe(409);
    expect(await actionsOn(postId)).toHaveLength(1);
  });

  it("Remove deletes a post with the normal cascade, upholds its reports and tells the author why (not by email)", async () => {
    const author = await person("Eve");
    const [r1, r2, r3] = [await person("Eli"), await person("Ema"), await person("Eda")];
    const postId = await post(author.id, "Fake designer bags");
    const replyId = await comment(r1.id, postId, "These are fake");
    await toggleLike({ userId: r2.id, type: "post", id: postId, origin: BASE });
    await report(r1, { type: "post", id: postId }, author.id, "prohibited");
    await report(r2, { type: "post", id: postId }, author.id, "prohibited");
    await report(r3, { type: "post", id: postId }, author.id, "scam", { note: "counterfeit" });
    // Remove is not offered for a profile or a conversation.
    expect((await act(owner, { intent: "remove", target: `user:${author.id}` })).status).toBe(400);

    const res = await act(owner, { intent: "remove", target: `post:${postId}` });
    expect(res.status).toBe(302);
    const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, postId));
    expect(row!.deletedAt).not.toBeNull();
    expect(await getDb().select().from(schema.posts).where(eq(schema.posts.id, replyId))).toHaveLength(0);
    expect(await getDb().select().from(schema.likes).where(eq(schema.likes.targetId, postId))).toHaveLength(0);
    expect((await reportsOf(postId)).every((r) => r.status === "upheld" && r.resolvedAt === T0)).toBe(true);
    expect((await actionsOn(postId)).map((a) => [a.action, a.detail, a.moderatorId])).toEqual([["remove", "Prohibited item", owner.id]]);

    const notices = await getDb()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, author.id), eq(schema.notifications.type, "moderation")));
    expect(notices.map((x) => x.message)).toEqual(["Your post was removed for breaking the rules: Prohibited item"]);
    const page = await getNotificationsPage({ userId: author.id, timeZone: tz });
    expect(page.items[0]).toMatchObject({ notice: "Your post was removed for breaking the rules: Prohibited item", href: "/more/rules" });
    expect(await getDb().select().from(schema.mail).where(and(eq(schema.mail.to, author.email), eq(schema.mail.kind, "moderation")))).toHaveLength(0);
  });

  it("Remove on a comment says comment; the author's history counts it", async () => {
    const author = await person("Fay");
    const reporter = await person("Fin");
    const postId = await post(reporter.id, "Selling a couch");
    const commentId = await comment(author.id, postId, "buy followers at spam.example");
    await report(reporter, { type: "comment", id: commentId }, author.id, "spam");
    await act(owner, { intent: "remove", target: `comment:${commentId}` });
    expect(await getDb().select().from(schema.posts).where(eq(schema.posts.id, commentId))).toHaveLength(0);
    expect((await getDb().select().from(schema.posts).where(eq(schema.posts.id, postId)))[0]!.commentCount).toBe(0);
    const [notice] = await getDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, author.id), eq(schema.notifications.type, "moderation")));
    expect(notice!.message).toBe("Your comment was removed for breaking the rules: Spam");
    await report(reporter, { type: "user", id: author.id }, author.id, "spam");
    expect((await getModerationPage({ timeZone: tz })).items[0]!.author?.upheldCount).toBe(1);
  });

  it("every action is recorded and listed at the bottom of the item's entry", async () => {
    const author = await person("Gus");
    const reporter = await person("Gia");
    const postId = await post(author.id, "Answers to the midterm");
    await report(reporter, { type: "post", id: postId }, author.id, "prohibited");
    const target = `post:${postId}`;
    const steps: Record<string, string>[] = [
      { intent: "suspend", target, duration: "7d", reason: "prohibited" },
      { intent: "unsuspend", target },
      { intent: "make-moderator", target, user: reporter.id },
      { intent: "remove-moderator", target, user: reporter.id },
      { intent: "suspend", target, duration: "permanent", reason: "scam" },
    ];
    for (const [i, fields] of steps.entries()) {
      vi.setSystemTime(T0 + i * 1000);
      expect((await act(owner, fields)).status).toBe(302);
    }
    const [entry] = (await getModerationPage({ timeZone: tz })).items;
    expect(entry!.actions.map((a) => [a.moderator?.id, a.text])).toEqual([
      [owner.id, "Suspended Gus Q. for 7 days: Prohibited item"],
      [owner.id, "Lifted Gus Q.'s suspension"],
      [owner.id, "Made Gia Q. a moderator"],
      [owner.id, "Removed Gia Q. as a moderator"],
      [owner.id, "Suspended Gus Q. permanently: Scam or fraud"],
    ]);
    vi.setSystemTime(T0 + 10_000);
    await act(owner, { intent: "remove", target });
    expect((await actionsOn(postId)).sort((a, b) => a.createdAt - b.createdAt).map((a) => a.action)).toEqual(["suspend", "unsuspend", "make-moderator", "remove-moderator", "suspend", "remove"]);
    expect((await actionsOn(postId)).every((a) => a.moderatorId === owner.id && a.createdAt >= T0)).toBe(true);
  });

  it("the confirmation is URL state: the loader names what it will do and the form posts its fields", async () => {
    const author = await person("Hal");
    const reporter = await person("Hana");
    const postId = await post(author.id, "Puppy for sale");
    await report(reporter, { type: "post", id: postId }, author.id, "prohibited");
    const remove = (await openQueue(owner, `?confirm=remove&target=post:${postId}`)) as DataAnswer<{ confirm: { title: string; text: string; fields: Record<string, string> } }>;
    expect(remove.data.confirm.title).toBe("Remove this post?");
    expect(remove.data.confirm.text).toContain('"Your post was removed for breaking the rules: Prohibited item"');
    expect(remove.data.confirm.fields).toEqual({ intent: "remove", target: `post:${postId}`, returnTo: "/moderation" });
    const suspend = (await openQueue(owner, `?confirm=suspend&target=post:${postId}&duration=permanent&reason=prohibited`)) as DataAnswer<{ confirm: { title: string; fields: Record<string, string> } }>;
    expect(suspend.data.confirm.title).toBe("Suspend Hal Q.?");
    expect(suspend.data.confirm.fields).toMatchObject({ intent: "suspend", duration: "permanent", reason: "prohibited" });
    // Nothing to confirm for a made-up target or intent.
    expect(((await openQueue(owner, "?confirm=remove&target=post:nope")) as DataAnswer<{ confirm: unknown }>).data.confirm).toBeNull();
    expect((await act(owner, { intent: "explode", target: `post:${postId}` })).status).toBe(400);
    expect((await act(owner, { intent: "suspend", target: `post:${postId}`, duration: "forever", reason: "spam" })).status).toBe(400);
  });
});

describe("suspensions", () => {
  it("say why and until when; expire by time alone; a permanent one stays", () => {
    const base = { role: "member" as const, suspendedAt: T0, suspensionReason: "Harassment or hate" };
    const week = { ...base, suspendedUntil: T0 + 7 * DAY };
    expect(suspensionMessage(week, tz, T0 + DAY)).toBe("Your account is suspended until May 8, 2025, 10:00 AM: Harassment or hate");
    expect(suspensionMessage(week, tz, T0 + 7 * DAY)).toBeNull();
    const forever = { ...base, suspendedUntil: null };
    expect(suspensionMessage(forever, tz, T0 + 5000 * DAY)).toBe("Your account is suspended permanently: Harassment or hate");
    expect(activeSuspension({ ...forever, role: "owner" }, T0)).toBeNull();
    expect(activeSuspension({ ...base, suspendedAt: null, suspendedUntil: null }, T0)).toBeNull();
  });

  it("a suspended user cannot post, comment, message or save (403, the reason, the draft back) until the suspension ends", async () => {
    const suspended = await person("Ivy");
    const seller = await person("Ian");
    const listing = await post(seller.id, "Mini fridge");
    const { id: chatId } = await startConversation({ userId: suspended.id, postId: await post(seller.id, "Desk lamp") });
    const reporter = await person("Ike");
    await report(reporter, { type: "user", id: suspended.id }, suspended.id, "harassment");
    expect((await act(owner, { intent: "suspend", target: `user:${suspended.id}`, duration: "7d", reason: "harassment" })).status).toBe(302);
    const reason = "Your account is suspended until May 8, 2025, 10:00 AM: Harassment or hate";

    const tryEverything = async () => {
      const cookie = await cookieOf(suspended);
      const composed = (await answer(() => createPostAction({ request: form("/create/post", cookie, { text: "My new listing" }), params: {}, ...ctx }))) as
        | Response
        | DataAnswer<{ reply: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>;
      const commented = (await answer(() => postAction({ request: form(`/post/${listing}`, cookie, { intent: "comment", text: "Still there?" }), params: { id: listing }, ...ctx }))) as
        | Response
        | DataAnswer<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
      const saved = (await answer(() => postAction({ request: form(`/post/${listing}`, cookie, { intent: "like", async: "1" }), params: { id: listing }, ...ctx }))) as
        | Response
        | DataAnswer<{ error: string }>;
      const sent = (await answer(() => messagesAction({ request: form(`/messages/${chatId}`, cookie, { intent: "send", text: "Hello?" }), params: { id: chatId }, ...ctx }))) as
        | Response
        | DataAnswer<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
      const started = (await answer(() => startConversationRoute({ request: form(`/messages?index&post=${listing}`, cookie, {}), params: {}, ...ctx }))) as Response;
      return { composed, commented, saved, sent, started };
    };

    vi.setSystemTime(T0 + 6 * DAY);
    const refused = await tryEverything();
    const composed = refused.composed as DataAnswer<{ reply: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }>;
    expect(composed.init?.status).toBe(403);
    expect(composed.data.reply.error[""]).toEqual([reason]);
    expect(composed.data.reply.initialValue.text).toBe("My new listing");
    const commented = refused.commented as DataAnswer<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
    expect(commented.init?.status).toBe(403);
    expect(commented.data.error[""]).toEqual([reason]);
    expect(commented.data.initialValue.text).toBe("Still there?");
    const saved = refused.saved as DataAnswer<{ error: string }>;
    expect(saved.init?.status).toBe(403);
    expect(saved.data.error).toBe(reason);
    const sent = refused.sent as DataAnswer<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
    expect(sent.init?.status).toBe(403);
    expect(sent.data.error[""]).toEqual([reason]);
    expect(sent.data.initialValue.text).toBe("Hello?");
    expect(refused.started.status).toBe(403);
    expect(await refused.started.text()).toBe(reason);
    expect(await getDb().select().from(schema.posts).where(eq(schema.posts.authorId, suspended.id))).toHaveLength(0);
    expect(await getDb().select().from(schema.messages).where(eq(schema.messages.senderId, suspended.id))).toHaveLength(0);
    expect(await getDb().select().from(schema.likes).where(eq(schema.likes.userId, suspended.id))).toHaveLength(0);
    // Reading still works, and the layout tells them why.
    const layout = (await layoutLoader({ request: new Request(`${BASE}/home`, { headers: { Cookie: await cookieOf(suspended) } }), params: {}, ...ctx })) as DataAnswer<{ user: { suspension: string | null } }>;
    expect(layout.data.user.suspension).toBe(reason);

    // Seven days on, by the clock alone: everything works again.
    vi.setSystemTime(T0 + 7 * DAY + 1);
    const allowed = await tryEverything();
    expect((allowed.composed as Response).status).toBe(302);
    expect((allowed.commented as Response).status).toBe(302);
    expect((allowed.saved as unknown as DataAnswer<{ saved: boolean }>).data.saved).toBe(true);
    expect((allowed.sent as Response).status).toBe(302);
    expect((allowed.started as Response).status).toBe(302);
    expect(await getDb().select().from(schema.posts).where(eq(schema.posts.authorId, suspended.id))).toHaveLength(2);

    // Permanent: still refused long after.
    await act(owner, { intent: "suspend", target: `user:${suspended.id}`, duration: "permanent", reason: "scam" });
    vi.setSystemTime(T0 + 400 * DAY);
    const later = await tryEverything();
    const permanent = "Your account is suspended permanently: Scam or fraud";
    expect((later.composed as DataAnswer<{ reply: { error: Record<string, string[]> } }>).data.reply.error[""]).toEqual([permanent]);
    expect((later.saved as DataAnswer<{ error: string }>).data.error).toBe(permanent);
    expect(later.started.status).toBe(403);
  });
});
