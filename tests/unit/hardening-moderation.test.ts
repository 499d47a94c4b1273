// Hardening (moderation, counters, tokens and text), against a real database:
// a suspended moderator is no moderator; every review needs open reports and
// takes them in its transaction (a Dismiss and a Remove at once: exactly one);
// two deletes of one post count once; code tries are claimed before they are
// compared; unsubscribe links expire, are revoked and show the address
// masked; one-line fields refuse line breaks; subjects stay on one line; the
// page cache and the renderer read the same tz cookie.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as layoutLoader } from "~/root.server";
import { ALREADY_RESOLVED, NOT_SUSPENDED, NOT_YOUR_OWN_SUSPENSION, ONLY_OWNER_LIFTS_MODERATORS } from "~/flows/moderation.server";
import { applyEmailChange } from "~/models/accounts.server";
import { sendMail } from "~/models/mail.server";
import { createPost, deletePost, PostError } from "~/models/posts.server";
import { suspendUser } from "~/models/suspensions.server";
import { maskEmail, readUnsubscribeToken, subscriberForToken, unsubscribeToken, UNSUBSCRIBE_LINK_DAYS } from "~/models/unsubscribe.server";
import { getOwner, getUserById, insertUser, isModerator, type User } from "~/models/users.server";
import { consumeCode, createVerification, MAX_CODE_ATTEMPTS } from "~/models/verifications.server";
import { action, loader } from "~/routes/moderation/route.server";
import { action as unsubscribeAction } from "~/routes/unsubscribe/route.server";
import { ONE_LINE_MESSAGES } from "~/schemas/fields";
import { usernameSchema } from "~/schemas/account";
import { magicLinkSchema, registerSchema, verifyCodeSchema } from "~/schemas/auth";
import { nameSchema } from "~/schemas/profile";
import { schoolCodeSchema } from "~/schemas/school";
import { getViewerTimeZone, timeZoneHint } from "~/services/client-hints.server";
import { getDb, newId, schema } from "~/services/db.server";
import { pageCacheKey } from "~/services/page-cache.server";
import { createSessionCookie } from "~/services/session.server";
import { parseWithSchema } from "~/utils/form";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const DAY = 24 * 3600_000;
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };

let n = 0;
async function person(first: string, opts: Partial<typeof schema.users.$inferInsert> = {}): Promise<User> {
  n++;
  return await insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "H.",
    username: `hard-${n}-${first.toLowerCase()}`,
    email: `hard${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    ...opts,
  });
}

const cookieOf = async (user: User) => (await createSessionCookie(new Request(`${BASE}/`), user.id)).split(";")[0]!;

async function answer(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function act(user: User, fields: Record<string, string>): Promise<Response> {
  const request = new Request(`${BASE}/moderation`, {
    method: "POST",
    headers: { Cookie: await cookieOf(user), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return (await answer(() => action({ request, params: {}, ...ctx }))) as Response;
}

async function openQueue(user: User): Promise<Response | { data: unknown }> {
  const request = new Request(`${BASE}/moderation`, { headers: { Cookie: await cookieOf(user) } });
  return (await answer(() => loader({ request, params: {}, ...ctx }))) as Response | { data: unknown };
}

async function report(reporter: User, target: { type: "post" | "user"; id: string }, authorId: string) {
  await getDb().insert(schema.reports).values({
    id: newId(),
    reporterId: reporter.id,
    reportedUserId: authorId,
    targetType: target.type,
    targetId: target.id,
    reason: "spam",
    status: "open",
    createdAt: Date.now(),
  });
}

const post = async (authorId: string, text: string) => (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin: BASE })).id;
const reportsOf = async (targetId: string) => await getDb().select().from(schema.reports).where(eq(schema.reports.targetId, targetId));
const actionsOn = async (targetId: string) => await getDb().select().from(schema.moderationActions).where(eq(schema.moderationActions.targetId, targetId));
const fresh = async (user: User) => (await getUserById(user.id))!;

let owner: User;
beforeAll(async () => {
  await seed({ demo: false });
  owner = (await getOwner())!;
});
beforeEach(async () => {
  await getDb().delete(schema.reports);
  await getDb().delete(schema.moderationActions);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a suspended moderator", () => {
  it("is no moderator until the suspension ends: 404 for the queue and every form post, no Moderation count", async () => {
    const moderator = await person("Mia", { role: "moderator" });
    const reporter = await person("Rue");
    const own = await post(moderator.id, "The moderator's own post");
    await report(reporter, { type: "post", id: own }, moderator.id);
    const other = await post(reporter.id, "Someone else's post");
    await report(moderator, { type: "post", id: other }, reporter.id);
    expect(await act(owner, { intent: "suspend", target: `post:${own}`, duration: "7d", reason: "spam" })).toMatchObject({ status: 302 });
    const suspended = await fresh(moderator);
    expect(isModerator(suspended)).toBe(false);
    expect(isModerator(suspended, Date.now() + 8 * DAY)).toBe(true);

    expect(((await openQueue(suspended)) as Response).status).toBe(404);
    for (const fields of <Record<string, string>[]>[
      { intent: "unsuspend", target: `post:${own}` },
      { intent: "dismiss", target: `post:${other}` },
      { intent: "remove", target: `post:${other}` },
      { intent: "suspend", target: `post:${other}`, duration: "permanent", reason: "spam" },
    ]) {
      expect((await act(suspended, fields)).status, fields.intent).toBe(404);
    }
    expect((await fresh(moderator)).suspendedAt).not.toBeNull();
    expect((await reportsOf(other)).map((r) => r.status)).toEqual(["open"]);
    expect((await getDb().select().from(schema.posts).where(eq(schema.posts.id, other)))[0]!.deletedAt).toBeNull();
    expect(await actionsOn(other)).toHaveLength(0);

    const layout = (await layoutLoader({ request: new Request(`${BASE}/home`, { headers: { Cookie: await cookieOf(suspended) } }), params: {}, ...ctx })) as {
      data: { openReports: number; user: { isModerator: boolean } };
    };
    expect(layout.data.user.isModerator).toBe(false);
    expect(layout.data.openReports).toBe(0);

    // When it ends (by time alone), the powers are back.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 7 * DAY + 1000);
    expect((await openQueue(await fresh(moderator))) as { data: unknown }).toHaveProperty("data");
  });

  it("only the owner lifts a moderator's suspension; nobody lifts their own", async () => {
    const moderator = await person("Max", { role: "moderator" });
    const colleague = await person("Cole", { role: "moderator" });
    const reporter = await person("Rick");
    const own = await post(moderator.id, "Reported post of a moderator");
    await report(reporter, { type: "post", id: own }, moderator.id);
    await suspendUser({ userId: moderator.id, permanent: false, reason: "Spam" });

    const refused = await act(colleague, { intent: "unsuspend", target: `post:${own}` });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(ONLY_OWNER_LIFTS_MODERATORS);
    expect((await fresh(moderator)).suspendedAt).not.toBeNull();
    expect(await actionsOn(own)).toHaveLength(0);

    // The owner's own items: the owner is never suspended, so there is nothing of their own to lift.
    const ownerPost = await post(owner.id, "The owner's post");
    await report(reporter, { type: "post", id: ownerPost }, owner.id);
    const self = await act(owner, { intent: "unsuspend", target: `post:${ownerPost}` });
    expect(self.status).toBe(403);
    expect(await self.text()).toBe(NOT_YOUR_OWN_SUSPENSION);

    expect((await act(owner, { intent: "unsuspend", target: `post:${own}` })).status).toBe(302);
    expect((await fresh(moderator)).suspendedAt).toBeNull();
    expect((await actionsOn(own)).map((a) => a.action)).toEqual(["unsuspend"]);
  });
});

describe("every review needs open reports, and Lift suspension a current suspension", () => {
  it("refuses with 409, changing and recording nothing", async () => {
    const author = await person("Ace");
    const reporter = await person("Rae");
    const closed = await post(author.id, "Reports all closed");
    await report(reporter, { type: "post", id: closed }, author.id);
    await getDb().update(schema.reports).set({ status: "dismissed", resolvedAt: Date.now() }).where(eq(schema.reports.targetId, closed));
    await suspendUser({ userId: author.id, permanent: true, reason: "Spam" });

    for (const fields of <Record<string, string>[]>[
      { intent: "dismiss", target: `post:${closed}` },
      { intent: "remove", target: `post:${closed}` },
      { intent: "suspend", target: `post:${closed}`, duration: "7d", reason: "spam" },
      { intent: "unsuspend", target: `post:${closed}` },
    ]) {
      const res = await act(owner, fields);
      expect(res.status, fields.intent).toBe(409);
      expect(await res.text()).toBe(ALREADY_RESOLVED);
    }
    expect((await getDb().select().from(schema.posts).where(eq(schema.posts.id, closed)))[0]!.deletedAt).toBeNull();
    expect((await fresh(author)).suspendedUntil).toBeNull(); // still the permanent one
    expect((await fresh(author)).suspendedAt).not.toBeNull();
    expect(await actionsOn(closed)).toHaveLength(0);

    // Open reports, but nobody is suspended: Lift suspension is refused.
    const other = await person("Ann");
    const open = await post(other.id, "Open reports, no suspension");
    await report(reporter, { type: "post", id: open }, other.id);
    const lift = await act(owner, { intent: "unsuspend", target: `post:${open}` });
    expect(lift.status).toBe(409);
    expect(await lift.text()).toBe(NOT_SUSPENDED);
    // An expired suspension is no suspension either.
    await suspendUser({ userId: other.id, permanent: false, reason: "Spam", now: Date.now() - 8 * DAY });
    expect((await act(owner, { intent: "unsuspend", target: `post:${open}` })).status).toBe(409);
    expect(await actionsOn(open)).toHaveLength(0);
  });
});

describe("two reviews or two deletes at once", () => {
  it("a Dismiss and a Remove of one item: exactly one takes effect and is recorded; a Remove tells the author", async () => {
    for (let round = 0; round < 4; round++) {
      const author = await person(`Dara${round}`);
      const reporter = await person(`Reed${round}`);
      const id = await post(author.id, `Contested ${round}`);
      await report(reporter, { type: "post", id }, author.id);
      const target = `post:${id}`;
      const fields = round % 2 ? [{ intent: "remove", target }, { intent: "dismiss", target }] : [{ intent: "dismiss", target }, { intent: "remove", target }];
      const answers = await Promise.all(fields.map((f) => act(owner, f)));
      expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
      const actions = await actionsOn(id);
      expect(actions).toHaveLength(1);
      const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, id));
      const notices = await getDb()
        .select()
        .from(schema.notifications)
        .where(and(eq(schema.notifications.userId, author.id), eq(schema.notifications.type, "moderation")));
      const reports = await reportsOf(id);
      if (actions[0]!.action === "remove") {
        expect(row!.deletedAt).not.toBeNull();
        expect(reports.map((r) => r.status)).toEqual(["upheld"]);
        expect(notices.map((x) => x.message)).toEqual(["Your post was removed for breaking the rules: Spam"]);
      } else {
        expect(actions[0]!.action).toBe("dismiss");
        expect(row!.deletedAt).toBeNull();
        expect(reports.map((r) => r.status)).toEqual(["dismissed"]);
        expect(notices).toHaveLength(0);
      }
    }
  });

  it("two deletes of one post: the author's post count goes down once, the second is told it is gone", async () => {
    const author = await person("Dot");
    await post(author.id, "Kept");
    const id = await post(author.id, "Deleted twice at once");
    expect((await fresh(author)).totalPosts).toBe(2);
    const results = await Promise.allSettled([deletePost(id, author.id), deletePost(id, author.id), deletePost(id, author.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(refusals.map((e) => (e instanceof PostError ? e.status : e))).toEqual([404, 404]);
    expect((await fresh(author)).totalPosts).toBe(1);
  });
});

describe("code tries are counted before they are compared", () => {
  it(`${MAX_CODE_ATTEMPTS} tries at most, even all at once; then the right code is refused too`, async () => {
    const v = await createVerification({ type: "signup", target: "burst@example.com", withCode: true });
    const wrong = v.code === "000000" ? "111111" : "000000";
    const results = await Promise.all(Array.from({ length: 30 }, () => consumeCode("signup", "burst@example.com", wrong)));
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(MAX_CODE_ATTEMPTS - 1);
    expect(results.filter((r) => !r.ok && r.reason === "too-many")).toHaveLength(30 - (MAX_CODE_ATTEMPTS - 1));
    expect(await consumeCode("signup", "burst@example.com", v.code!)).toEqual({ ok: false, reason: "too-many" });
    const [row] = await getDb().select().from(schema.verifications).where(eq(schema.verifications.id, v.id));
    expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it("the right code within the tries works once", async () => {
    const v = await createVerification({ type: "signup", target: "right@example.com", withCode: true });
    const wrong = v.code === "000000" ? "111111" : "000000";
    expect(await consumeCode("signup", "right@example.com", wrong)).toEqual({ ok: false, reason: "invalid" });
    const [first, second] = await Promise.all([consumeCode("signup", "right@example.com", v.code!), consumeCode("signup", "right@example.com", v.code!)]);
    expect([first!.ok, second!.ok].sort()).toEqual([false, true]);
  });
});

describe("unsubscribe links", () => {
  it(`expire after ${UNSUBSCRIBE_LINK_DAYS} days and are not forged or from the old format`, async () => {
    const user = await person("Una");
    const now = Date.now();
    const token = unsubscribeToken(user.id, { now });
    expect(readUnsubscribeToken(token, now + UNSUBSCRIBE_LINK_DAYS * DAY - 1)).toBe(user.id);
    expect(readUnsubscribeToken(token, now + UNSUBSCRIBE_LINK_DAYS * DAY)).toBeNull();
    expect(await subscriberForToken(token, now + UNSUBSCRIBE_LINK_DAYS * DAY + 1)).toBeNull();
    // Another time or version under the same signature.
    const [id, version, , sig] = token.split(".");
    expect(readUnsubscribeToken(`${id}.${version}.${(now + DAY).toString(36)}.${sig}`, now)).toBeNull();
    expect(readUnsubscribeToken(`${id}.7.${now.toString(36)}.${sig}`, now)).toBeNull();
    // The first format: the user id and a signature, never expiring.
    expect(readUnsubscribeToken(`${id}.${sig}`, now)).toBeNull();
  });

  it("are revoked when the emails are turned back on (the page goes on with a new link) or the address changes", async () => {
    const user = await person("Vic");
    const old = unsubscribeToken(user.id);
    const post = (token: string, intent: string) =>
      unsubscribeAction({ request: new Request(`${BASE}/unsubscribe`, { method: "POST", body: new URLSearchParams({ token, intent }) }), params: {}, ...ctx });
    expect(((await post(old, "unsubscribe")) as Response).status).toBe(302);
    expect(await subscriberForToken(old)).not.toBeNull(); // turning them off keeps the link working
    const back = (await post(old, "resubscribe")) as Response;
    expect((await fresh(user)).emailNotifications).toBe(true);
    expect(await subscriberForToken(old)).toBeNull();
    const next = new URL(back.headers.get("Location")!, BASE).searchParams.get("token")!;
    expect(await subscriberForToken(next)).toMatchObject({ id: user.id, emailNotifications: true });
    // The new link expires when the used one would have.
    expect(next.split(".")[2]).toBe(old.split(".")[2]);

    await applyEmailChange(user.id, `moved-${user.id}@example.com`);
    expect(await subscriberForToken(next)).toBeNull();
    expect(await subscriberForToken(unsubscribeToken(user.id, { version: (await fresh(user)).unsubscribeVersion }))).not.toBeNull();
  });

  it("show the address masked: the first character, dots, the domain", async () => {
    expect(maskEmail("jordan@ou.edu")).toBe("j•••@ou.edu");
    expect(maskEmail("a@b.co")).toBe("a•••@b.co");
    const user = await person("Wes");
    expect(await subscriberForToken(unsubscribeToken(user.id))).toMatchObject({ maskedEmail: `h•••@ou.edu` });
    expect(JSON.stringify(await subscriberForToken(unsubscribeToken(user.id)))).not.toContain(user.email);
  });
});

describe("one-line fields refuse line breaks and control characters", () => {
  const errorsOf = (fields: Record<string, string>, schemaOf: Parameters<typeof parseWithSchema>[1]) => {
    const result = parseWithSchema(new URLSearchParams(fields), schemaOf);
    return result.status === "success" ? {} : (result.reply().error ?? {});
  };

  it.each(["E\r\nBcc: x@y", "Eve\n", "Eve\tQ", "E\u0007ve", "Eve\u2028"])("names: %j", (name) => {
    expect(errorsOf({ firstName: name, lastName: "Q" }, nameSchema).firstName).toEqual([ONE_LINE_MESSAGES.name]);
    expect(errorsOf({ firstName: "Eve", lastName: name }, nameSchema).lastName).toEqual([ONE_LINE_MESSAGES.name]);
    expect(errorsOf({ email: "a@ou.edu", first: name, last: "Q" }, magicLinkSchema).first).toEqual([ONE_LINE_MESSAGES.name]);
    expect(errorsOf({ email: "a@ou.edu", name: `${name} Lee`, password: "correct horse", terms: "on" }, registerSchema).name).toEqual([ONE_LINE_MESSAGES.name]);
  });

  it("usernames, email addresses and codes", () => {
    expect(errorsOf({ username: "bob\r\n" }, usernameSchema).username).toEqual([ONE_LINE_MESSAGES.username]);
    expect(errorsOf({ email: "a@ou.edu\r\nBcc: x@y.com", name: "Ann Lee", password: "correct horse", terms: "on" }, registerSchema).email).toEqual([ONE_LINE_MESSAGES.email]);
    expect(errorsOf({ email: "a@ou.edu\n", code: "123456" }, schoolCodeSchema).email).toEqual([ONE_LINE_MESSAGES.email]);
    expect(errorsOf({ email: "a@ou.edu", code: "123456\n" }, schoolCodeSchema).code).toEqual([ONE_LINE_MESSAGES.code]);
    expect(errorsOf({ code: "12345\u00006" }, verifyCodeSchema).code).toEqual([ONE_LINE_MESSAGES.code]);
  });

  it("(control) the same fields without them pass, spaces at the ends trimmed as before", () => {
    expect(errorsOf({ firstName: " Eve ", lastName: "Q" }, nameSchema)).toEqual({});
    expect(errorsOf({ username: " bob " }, usernameSchema)).toEqual({});
    expect(errorsOf({ code: " 123456 " }, verifyCodeSchema)).toEqual({});
    expect(errorsOf({ email: "A@OU.edu", name: "Ann Lee", password: "correct horse", terms: "on" }, registerSchema)).toEqual({});
  });

  it("and the mail layer keeps subjects on one line and refuses an address with a line break", async () => {
    const id = await sendMail({ to: "subject@example.com", subject: "Eve\r\nBcc: x@y saved your post", html: "", text: "", kind: "like" });
    const [row] = await getDb().select().from(schema.mail).where(eq(schema.mail.id, id));
    expect(row!.subject).toBe("Eve Bcc: x@y saved your post");
    await expect(sendMail({ to: "a@example.com\r\nBcc: x@y.com", subject: "Hi", html: "", text: "", kind: "like" })).rejects.toThrow();
  });
});

describe("the tz cookie", () => {
  const visitor = (cookie: string) => ({ method: "GET", originalUrl: "/home", headers: { host: "localhost:3000", cookie } });
  const request = (cookie: string) => new Request(`${BASE}/home`, { headers: { Cookie: cookie } });

  it("the first valid one counts, for the renderer and the cache key alike; a repeated one is ignored", () => {
    const both = "tz=America%2FNew_York; tz=Asia%2FTokyo";
    expect(timeZoneHint(both)).toBe("America/New_York");
    expect(getViewerTimeZone(request(both), "America/Chicago")).toBe("America/New_York");
    expect(pageCacheKey(visitor(both))).toBe(pageCacheKey(visitor("tz=America%2FNew_York")));
    expect(pageCacheKey(visitor(both))).not.toBe(pageCacheKey(visitor("tz=Asia%2FTokyo")));
    // An invalid first one is skipped, by both.
    const junkFirst = "tz=Not%2FA_Zone; tz=Asia%2FTokyo";
    expect(timeZoneHint(junkFirst)).toBe("Asia/Tokyo");
    expect(pageCacheKey(visitor(junkFirst))).toBe(pageCacheKey(visitor("tz=Asia%2FTokyo")));
    // An invalid one alone is no hint: the same page as none.
    expect(pageCacheKey(visitor("tz=Not%2FA_Zone"))).toBe(pageCacheKey(visitor("")));
  });
});
