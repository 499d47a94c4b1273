// The permission rule: who may do each write (the table of
// app/models/permissions.server.ts), and every route action that changes
// something refusing a suspended user before it reads the body. A new route
// action, or a new permission, without a row here fails this file.
import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { blockUser } from "~/models/blocks.server";
import { renewToken } from "~/models/listings.server";
import { can, PERMISSIONS, portfolioTarget, postTarget, type PermissionAction } from "~/models/permissions.server";
import { createPost } from "~/models/posts.server";
import { suspendUser } from "~/models/suspensions.server";
import { getOwner, getUserById, insertUser, type User } from "~/models/users.server";
import { createSessionCookie } from "~/services/session.server";
import { getDb, schema } from "~/services/db.server";
import { eq } from "drizzle-orm";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
let n = 0;
async function student(campusId = "ou", email?: string): Promise<User> {
  n++;
  return insertUser({ campusId, firstName: `P${n}`, lastName: "T.", username: `perm-${n}`, email: email ?? `perm${n}@${campusId === "ut" ? "utexas" : "ou"}.edu`, verified: true, schoolVerified: true });
}

beforeAll(() => seed({ demo: false }));

// ---------------------------------------------------------------------------
// Who may do what

type Who = "student" | "not a student here" | "suspended" | "blocked" | "other campus's item";
/** What each actor gets for each action: "ok", or the refusal's reason. */
const EXPECTED: Record<PermissionAction, Record<Who, string>> = {
  "post.create": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "post.comment": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "post.save": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "post.report": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "post.manage": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "not-found" },
  "portfolio.comment": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "ok" },
  "portfolio.save": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "ok" },
  "portfolio.manage": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "message.start": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "message.send": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "offer.make": { student: "ok", "not a student here": "school", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "offer.respond": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "review.write": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "blocked", "other campus's item": "not-found" },
  "review.report": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "user.report": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "user.block": { student: "ok", "not a student here": "ok", suspended: "ok", blocked: "ok", "other campus's item": "ok" },
  "search.save": { student: "ok", "not a student here": "ok", suspended: "ok", blocked: "ok", "other campus's item": "ok" },
  "push.manage": { student: "ok", "not a student here": "ok", suspended: "ok", blocked: "ok", "other campus's item": "ok" },
  "profile.edit": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "account.change": { student: "ok", "not a student here": "ok", suspended: "suspended", blocked: "ok", "other campus's item": "ok" },
  "portfolio.delete": { student: "role", "not a student here": "role", suspended: "role", blocked: "role", "other campus's item": "role" },
  "moderation.review": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.dismiss": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.remove": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.suspend": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.unsuspend": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.appoint": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
  "moderation.move-out": { student: "not-found", "not a student here": "not-found", suspended: "not-found", blocked: "not-found", "other campus's item": "not-found" },
};

// Every action × role (users.role, and a suspension). A visitor is not in the table:
// checkPermission sends a visitor to sign in before any rule is asked.
type RoleWho = "member" | "suspended member" | "moderator" | "suspended moderator" | "owner";
const BY_ROLE: Record<PermissionAction, Record<RoleWho, string>> = {
  "post.create": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "post.comment": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "post.save": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "post.report": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "post.manage": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "portfolio.comment": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "portfolio.save": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "portfolio.manage": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "portfolio.delete": { member: "role", "suspended member": "role", moderator: "role", "suspended moderator": "role", owner: "ok" },
  "message.start": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "message.send": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "offer.make": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "offer.respond": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "review.write": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "review.report": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "user.report": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "user.block": { member: "ok", "suspended member": "ok", moderator: "ok", "suspended moderator": "ok", owner: "ok" },
  "search.save": { member: "ok", "suspended member": "ok", moderator: "ok", "suspended moderator": "ok", owner: "ok" },
  "push.manage": { member: "ok", "suspended member": "ok", moderator: "ok", "suspended moderator": "ok", owner: "ok" },
  "profile.edit": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  "account.change": { member: "ok", "suspended member": "suspended", moderator: "ok", "suspended moderator": "suspended", owner: "ok" },
  // A suspended moderator is no moderator until the suspension ends: the queue is not there for them.
  "moderation.review": { member: "not-found", "suspended member": "not-found", moderator: "ok", "suspended moderator": "not-found", owner: "ok" },
  "moderation.dismiss": { member: "not-found", "suspended member": "not-found", moderator: "ok", "suspended moderator": "not-found", owner: "ok" },
  "moderation.remove": { member: "not-found", "suspended member": "not-found", moderator: "ok", "suspended moderator": "not-found", owner: "ok" },
  "moderation.suspend": { member: "not-found", "suspended member": "not-found", moderator: "ok", "suspended moderator": "not-found", owner: "ok" },
  "moderation.unsuspend": { member: "not-found", "suspended member": "not-found", moderator: "ok", "suspended moderator": "not-found", owner: "ok" },
  "moderation.appoint": { member: "not-found", "suspended member": "not-found", moderator: "role", "suspended moderator": "not-found", owner: "ok" },
  "moderation.move-out": { member: "not-found", "suspended member": "not-found", moderator: "role", "suspended moderator": "not-found", owner: "ok" },
};

describe("the permission table", () => {
  it("has a row of expectations for every action, and nothing else", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("answers each actor as the table says", async () => {
    const author = await student();
    const utAuthor = await student("ut");
    const ouPost = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Lamp" }], media: [], origin: BASE });
    const utPost = await createPost({ authorId: utAuthor.id, campusId: "ut", blocks: [{ text: "Desk" }], media: [], origin: BASE });
    const ok = await student();
    const outsider = await insertUser({ campusId: "ou", firstName: "Gmail", lastName: "U.", username: `perm-gmail-${++n}`, email: `g${n}@gmail.com`, verified: true });
    const suspended = await student();
    await suspendUser({ userId: suspended.id, permanent: false, reason: "Spam" });
    const blocked = await student();
    await blockUser(author.id, blocked.id);
    const actors: Record<Who, { user: User; target: string }> = {
      student: { user: ok, target: ouPost.id },
      "not a student here": { user: outsider, target: ouPost.id },
      suspended: { user: (await getUserById(suspended.id))!, target: ouPost.id },
      blocked: { user: blocked, target: ouPost.id },
      "other campus's item": { user: ok, target: utPost.id },
    };
    const got: Record<string, Record<string, string>> = {};
    for (const action of Object.keys(PERMISSIONS) as PermissionAction[]) {
      got[action] = {};
      for (const [who, { user, target }] of Object.entries(actors)) {
        // Posts for the post actions; the owner's items belong to no campus, and their owner is the author here.
        const about = action.startsWith("portfolio.")
          ? { authorIds: [author.id], campusId: null }
          : action.startsWith("post.") || action.startsWith("offer.") || action === "message.start"
            ? await postTarget(target, user.id)
            : action === "user.report" || action === "user.block" || action === "message.send"
              ? { authorIds: [author.id], campusId: null }
              : action === "review.write"
                ? // A sale of the post's author with the actor, on the post's campus (saleParty's answer).
                  { authorIds: [author.id], campusId: target === utPost.id ? "ut" : "ou" }
                : undefined;
        const decision = await can(user, action, { campusId: "ou", target: about });
        got[action][who] = decision.allowed ? "ok" : decision.refusal.reason;
      }
    }
    expect(got).toEqual(EXPECTED);
  });

  it("lists every action for every role, and answers each role as the table says", async () => {
    expect(Object.keys(BY_ROLE).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    const author = await student();
    const ouPost = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Chair" }], media: [], origin: BASE });
    const suspend = async (user: User) => {
      await suspendUser({ userId: user.id, permanent: false, reason: "Spam" });
      return (await getUserById(user.id))!;
    };
    const moderator = async () => {
      const user = await student();
      await getDb().update(schema.users).set({ role: "moderator" }).where(eq(schema.users.id, user.id));
      return (await getUserById(user.id))!;
    };
    const actors: Record<RoleWho, User> = {
      member: await student(),
      "suspended member": await suspend(await student()),
      moderator: await moderator(),
      "suspended moderator": await suspend(await moderator()),
      owner: (await getOwner())!,
    };
    const got: Record<string, Record<string, string>> = {};
    for (const action of Object.keys(PERMISSIONS) as PermissionAction[]) {
      got[action] = {};
      for (const [who, user] of Object.entries(actors)) {
        const about = action.startsWith("post.") || action.startsWith("offer.") || action === "message.start" ? await postTarget(ouPost.id, user.id) : action.startsWith("moderation.") ? undefined : { authorIds: [author.id], campusId: null };
        const decision = await can(user, action, { campusId: "ou", target: about });
        got[action][who] = decision.allowed ? "ok" : decision.refusal.reason;
      }
    }
    expect(got).toEqual(BY_ROLE);
  });

  it("a post hidden by reports, deleted or missing is not there for the rule; a reply is also about its thread's top post", async () => {
    const author = await student();
    const replier = await student();
    const top = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Top" }], media: [], origin: BASE });
    const reply = await createPost({ authorId: replier.id, campusId: "ou", blocks: [{ text: "Reply" }], media: [], origin: BASE, parentId: top.id });
    const viewer = await student();
    expect(await postTarget(reply.id, viewer.id)).toEqual({ authorIds: [replier.id, author.id], campusId: "ou" });
    expect(await postTarget("missing", viewer.id)).toBeNull();
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, top.id));
    expect(await postTarget(top.id, viewer.id)).toBeNull();
    expect(await postTarget(top.id, author.id)).not.toBeNull();
    expect(await portfolioTarget("game", "no-such-game")).toBeNull();
    // Blocked by the thread's author: replying under it is refused, whoever wrote the comment.
    await blockUser(author.id, viewer.id);
    const decision = await can(viewer, "post.comment", { campusId: "ou", target: await postTarget(reply.id, viewer.id) });
    expect(decision).toMatchObject({ allowed: false, refusal: { reason: "blocked" } });
  });
});

// ---------------------------------------------------------------------------
// Every route action × intent, as a suspended user

type RouteAction = (args: ActionFunctionArgs) => Promise<unknown> | unknown;
type Case = { intent: string; path: (ids: Ids) => string; params: (ids: Ids) => Record<string, string>; fields?: (ids: Ids) => Record<string, string>; multipart?: boolean };
type Ids = { own: string; others: string; chat: string; other: User; me: User; sale: string };

/**
 * Each route module with an action: the intents a suspended user must be
 * refused, or why the route is open to them.
 */
const ROUTES: Record<string, { cases: Case[] } | { exempt: string }> = {
  "$username": {
    cases: [{ intent: "report", path: (i) => `/${i.other.username}`, params: (i) => ({ username: i.other.username }), fields: () => ({ intent: "report", reason: "spam" }) }],
  },
  "add-code": { exempt: "proves a school email: no content" },
  "auth.google": { exempt: "signing in" },
  "auth.magic": { exempt: "signing in" },
  "create.comment.$id": {
    cases: [{ intent: "send", path: (i) => `/create/comment/${i.others}`, params: (i) => ({ id: i.others }), fields: () => ({ intent: "send", text: "Hi" }), multipart: true }],
  },
  "create.post": { cases: [{ intent: "send", path: () => "/create/post", params: () => ({}), fields: () => ({ intent: "send", text: "Hi" }), multipart: true }] },
  "create.upload": { cases: [{ intent: "upload", path: () => "/create/upload?target=post", params: () => ({}), fields: () => ({ text: "Hi" }), multipart: true }] },
  "forgotpassword": { exempt: "signing in" },
  "game.$id": {
    cases: [
      { intent: "like", path: () => "/game/g", params: () => ({ id: "snake" }), fields: () => ({ intent: "like" }) },
      { intent: "comment", path: () => "/game/g", params: () => ({ id: "snake" }), fields: () => ({ intent: "comment", text: "Hi" }) },
    ],
  },
  "login": { exempt: "signing in" },
  "login_.sent": { exempt: "signing in" },
  "logout": { exempt: "signing out is always allowed" },
  "messages.$id": {
    cases: [
      { intent: "send", path: (i) => `/messages/${i.chat}`, params: (i) => ({ id: i.chat }), fields: () => ({ intent: "send", text: "Hi" }) },
      { intent: "report", path: (i) => `/messages/${i.chat}`, params: (i) => ({ id: i.chat }), fields: () => ({ intent: "report", reason: "spam" }) },
      { intent: "offer make", path: (i) => `/messages/${i.chat}?offer=make`, params: (i) => ({ id: i.chat }), fields: () => ({ amount: "5" }) },
      { intent: "offer accept", path: (i) => `/messages/${i.chat}?offer=accept`, params: (i) => ({ id: i.chat }), fields: () => ({ offerId: "x" }) },
      { intent: "offer counter", path: (i) => `/messages/${i.chat}?offer=counter`, params: (i) => ({ id: i.chat }), fields: () => ({ offerId: "x", amount: "5" }) },
    ],
  },
  "messages._index": { cases: [{ intent: "start", path: (i) => `/messages?post=${i.others}`, params: () => ({}) }] },
  "moderation": { exempt: "moderators only: a suspended moderator is not one (tests/unit/hardening-moderation.test.ts)" },
  "moderation_.move-out": { exempt: "the owner only, who is never suspended" },
  "more.$panel": { exempt: "Contact Me and Feedback reach the owner only: how a suspended user appeals" },
  "post.$id": {
    cases: [
      { intent: "like", path: (i) => `/post/${i.others}`, params: (i) => ({ id: i.others }), fields: () => ({ intent: "like" }) },
      { intent: "comment", path: (i) => `/post/${i.others}`, params: (i) => ({ id: i.others }), fields: () => ({ intent: "comment", text: "Hi" }) },
      { intent: "comment (upload)", path: (i) => `/post/${i.others}`, params: (i) => ({ id: i.others }), fields: () => ({ intent: "comment", text: "Hi" }), multipart: true },
      { intent: "report", path: (i) => `/post/${i.others}`, params: (i) => ({ id: i.others }), fields: () => ({ intent: "report", reason: "spam" }) },
      { intent: "delete", path: (i) => `/post/${i.own}`, params: (i) => ({ id: i.own }), fields: () => ({ intent: "delete" }) },
      { intent: "status", path: (i) => `/post/${i.own}`, params: (i) => ({ id: i.own }), fields: () => ({ intent: "status", status: "sold" }) },
      { intent: "renew", path: (i) => `/post/${i.own}`, params: (i) => ({ id: i.own }), fields: () => ({ intent: "renew" }) },
    ],
  },
  "post.$id_.edit": {
    cases: [{ intent: "send", path: (i) => `/post/${i.own}/edit`, params: (i) => ({ id: i.own }), fields: () => ({ intent: "send", text: "Changed" }), multipart: true }],
  },
  "post.$id_.renew": {
    cases: [{ intent: "renew link", path: (i) => `/post/${i.own}/renew`, params: (i) => ({ id: i.own }), fields: () => ({ token: "" }) }],
  },
  "profile.edit": {
    cases: [
      { intent: "name", path: () => "/profile/edit", params: () => ({}), fields: () => ({ intent: "name", firstName: "New", lastName: "Name" }) },
      { intent: "bio", path: () => "/profile/edit", params: () => ({}), fields: () => ({ intent: "bio", bio: "Hi" }) },
      { intent: "photo", path: () => "/profile/edit", params: () => ({}), fields: () => ({ intent: "photo" }), multipart: true },
    ],
  },
  "profile.photo": { cases: [{ intent: "photo", path: () => "/profile/photo", params: () => ({}), fields: () => ({}), multipart: true }] },
  "profile.set-up": {
    cases: [
      { intent: "photo", path: () => "/profile/set-up?step=photo", params: () => ({}), fields: () => ({ intent: "photo" }), multipart: true },
      { intent: "bio", path: () => "/profile/set-up?step=bio", params: () => ({}), fields: () => ({ intent: "bio", bio: "Hi" }) },
    ],
  },
  "project.$id": {
    cases: [
      { intent: "like", path: () => "/project/p", params: () => ({ id: "trivia-api" }), fields: () => ({ intent: "like" }) },
      { intent: "comment", path: () => "/project/p", params: () => ({ id: "trivia-api" }), fields: () => ({ intent: "comment", text: "Hi" }) },
    ],
  },
  "register": { exempt: "signing up" },
  "sales.$id.review": {
    cases: [
      { intent: "review", path: (i) => `/sales/${i.sale}/review`, params: (i) => ({ id: i.sale }), fields: () => ({ intent: "review", rating: "5" }) },
      { intent: "answer", path: (i) => `/sales/${i.sale}/review`, params: (i) => ({ id: i.sale }), fields: () => ({ intent: "answer", review: "x", answer: "Thanks" }) },
    ],
  },
  "reset-password": { exempt: "signing in" },
  "select-city": { exempt: "chooses which campus's site to read: nothing shown to others" },
  "settings.account.email": { cases: [{ intent: "change", path: () => "/settings/account/email", params: () => ({}), fields: () => ({ email: "new@ou.edu", currentPassword: "x" }) }] },
  "settings.account.password": { exempt: "securing the account is always allowed" },
  "settings.account.screen_name": { cases: [{ intent: "change", path: () => "/settings/account/screen_name", params: () => ({}), fields: () => ({ username: "someone-new" }) }] },
  "settings.blocked": { exempt: "unblocking is always allowed" },
  "settings.saved-searches": { exempt: "saved searches are private to their owner: allowed while suspended" },
  "settings.push": { exempt: "push notifications on one's own devices are always the user's choice (push.manage)" },
  "unsubscribe": { exempt: "fewer emails is always allowed" },
  "user_registration": { exempt: "signing up" },
  "verify": { exempt: "verifying the sign-up email" },
};

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");

function routeFilesWithActions(): string[] {
  return fs
    .readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && /export (?:async )?(?:const|function) action\b/.test(fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")))
    // A route is named by its folder: its action lives in route.server.ts.
    .map((f) => f.replace(/\/route\.server\.ts$/, ""))
    .sort();
}

function multipartBody(fields: Record<string, string>): { body: Buffer; type: string } {
  const boundary = "----perm" + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: Buffer.from(parts.join("") + `--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

async function statusOf(result: unknown): Promise<{ status: number; text: string }> {
  if (result instanceof Response) return { status: result.status, text: await result.clone().text() };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, text: JSON.stringify((result as { data?: unknown }).data ?? result) };
}

describe("every route action refuses a suspended user", () => {
  it("lists every route module with an action", () => {
    expect(routeFilesWithActions()).toEqual(Object.keys(ROUTES).sort());
  });

  const cases = Object.entries(ROUTES).flatMap(([file, entry]) => ("cases" in entry ? entry.cases.map((c) => [file, c] as const) : []));
  it.each(cases.map(([file, c]) => [`${file} ${c.intent}`, file, c] as const))("%s", async (_name, file, c) => {
    const me = await student();
    const other = await student();
    const own = await createPost({ authorId: me.id, campusId: "ou", blocks: [{ text: "Mine" }], media: [], origin: BASE, listing: { priceCents: 1000, isFree: false, priceTerms: null, condition: null, pickupSpot: null } });
    const others = await createPost({ authorId: other.id, campusId: "ou", blocks: [{ text: "Theirs" }], media: [], origin: BASE });
    const { startConversation } = await import("~/models/messages.server");
    const chat = (await startConversation({ userId: me.id, postId: others.id })).id;
    // A sale of their post to me (after a message from me), for the review screen.
    const { sendMessage } = await import("~/models/messages.server");
    const { recordSale } = await import("~/models/sales.server");
    await sendMessage({ chatId: chat, senderId: me.id, text: "Still there?", origin: BASE });
    const sale = (await recordSale({ postId: others.id, sellerId: other.id, buyerId: me.id, priceCents: 0 })).id;
    await suspendUser({ userId: me.id, permanent: false, reason: "Spam" });
    const ids: Ids = { own: own.id, others: others.id, chat, other, me, sale };
    const cookie = (await createSessionCookie(new Request(BASE), me.id)).split(";")[0]!;
    let fields = c.fields?.(ids) ?? {};
    if (file === "post.$id_.renew") {
      const [row] = await getDb().select({ at: schema.posts.lastActivityAt }).from(schema.posts).where(eq(schema.posts.id, own.id));
      fields = { token: renewToken(own.id, row!.at, Date.now() + 3600_000) };
    }
    const encoded = c.multipart ? multipartBody(fields) : { body: Buffer.from(new URLSearchParams(fields).toString()), type: "application/x-www-form-urlencoded" };
    const request = new Request(`${BASE}${c.path(ids)}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": encoded.type, Origin: BASE }, body: new Uint8Array(encoded.body) });
    const mod = (await import(`~/routes/${file}/route.server.ts`)) as { action: RouteAction };
    let result: unknown;
    try {
      result = await mod.action({ request, params: c.params(ids), context: { cspNonce: "", clientIp: "127.0.0.1" } });
    } catch (thrown) {
      result = thrown;
    }
    const { status, text } = await statusOf(result);
    expect(status, `${file} ${c.intent}: ${text.slice(0, 200)}`).toBe(403);
    expect(text).toMatch(/suspended/);
    // Nothing changed: the post is still there, unsold and not renewed, with no comments or saves.
    const [mine] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, own.id));
    expect(mine).toMatchObject({ deletedAt: null, status: "available", renewedAt: null });
    const [theirs] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, others.id));
    expect(theirs).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect(await getUserById(me.id)).toMatchObject({ username: me.username, bio: me.bio, firstName: me.firstName });
    expect(await getDb().select().from(schema.reviews).where(eq(schema.reviews.saleId, sale))).toEqual([]);
  });
});
