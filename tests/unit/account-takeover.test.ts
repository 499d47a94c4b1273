// Account takeover paths (docs/product.md §3, §23): the lockout counts before
// it hashes, and an address registered by someone else stays theirs only until
// its owner proves it. Routes are called with real Requests, as a browser would.
import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AuthError, changePassword, googleSignIn, passwordSignIn, registerWithPassword, resetPassword } from "~/models/accounts.server";
import { getPasswordHash } from "~/models/passwords.server";
import { getUserByEmail, getUserById } from "~/models/users.server";
import { loader as rootLoader } from "~/root";
import { action as profileAction, loader as profileLoader } from "~/routes/$username/route.server";
import { loader as changeEmailLinkLoader } from "~/routes/auth.email/route.server";
import { loader as magicLinkLoader } from "~/routes/auth.magic/route.server";
import { action as createCommentAction } from "~/routes/create.comment.$id/route.server";
import { action as createPostAction, loader as createPostLoader } from "~/routes/create.post/route.server";
import { loader as loginSentLoader } from "~/routes/login_.sent/route.server";
import { action as loginAction } from "~/routes/login/route.server";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout/route.server";
import { loader as notificationsLoader } from "~/routes/notifications/route.server";
import { action as postAction } from "~/routes/post.$id/route.server";
import { loader as profileEditLoader } from "~/routes/profile.edit/route.server";
import { action as registerAction } from "~/routes/register/route.server";
import { loader as accountLoader } from "~/routes/settings.account._index/route.server";
import { action as changeEmailAction, loader as changeEmailLoader } from "~/routes/settings.account.email/route.server";
import { loader as verifyLoader, action as verifyAction } from "~/routes/verify/route.server";
import { createPost } from "~/models/posts.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie, getSessionUser, getUserId } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const IP = "127.0.0.1";
const context = { cspNonce: "", clientIp: IP };
let n = 0;

beforeAll(async () => {
  await seed({ demo: false });
});

afterEach(async () => {
  vi.restoreAllMocks();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AuthError) return error.code;
    throw error;
  }
}

/** Runs a loader or action; a thrown Response (redirect, 4xx) is the answer too. */
async function run<T>(fn: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function get(path: string, cookie = "") {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** The cookies a response sets, merged over the ones a browser already had. */
function jar(res: Response, previous = ""): string {
  const cookies = new Map(previous.split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const [name, value] = [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)];
    if (value) cookies.set(name, pair);
    else cookies.delete(name);
  }
  return [...cookies.values()].join("; ");
}

function location(res: unknown): string | null {
  return res instanceof Response ? res.headers.get("Location") : null;
}

function status(res: unknown): number {
  if (res instanceof Response) return res.status;
  const init = (res as { init?: ResponseInit | null } | null)?.init;
  return init?.status ?? 200;
}

async function newestMail(to: string) {
  return (await getDb().select().from(schema.mail).where(eq(schema.mail.to, to)).orderBy(desc(schema.mail.createdAt), desc(schema.mail.id)).limit(1))[0];
}

async function linkIn(to: string, path: string): Promise<URL> {
  const html = (await newestMail(to))!.html;
  const href = new RegExp(`href="([^"]*${path.replace(/[/?]/g, "\\$&")}[^"]*)"`).exec(html)![1]!.replace(/&amp;/g, "&");
  return new URL(href);
}

/** Signs up through /register like a browser: the pending session's cookie and the user. */
async function register(opts: { email?: string; password?: string } = {}) {
  n++;
  const email = opts.email ?? `taken${n}@ou.edu`;
  const password = opts.password ?? "attacker-pass-1";
  const res = await run(() =>
    registerAction({ request: post("/register", { email, name: `Vic Tim${"x".repeat(n % 5)}`, password, terms: "on" }), context, params: {} }),
  );
  expect(location(res)).toBe("/verify");
  return { cookie: jar(res as Response), user: (await getUserByEmail(email))!, email, password };
}

async function signedInVerified() {
  const { user, cookie } = await register({ password: "owner-pass-1" });
  await getDb().update(schema.users).set({ verified: true, schoolVerified: true }).where(eq(schema.users.id, user.id));
  return { user: (await getUserById(user.id))!, cookie, password: "owner-pass-1" };
}

describe("lockout that counts before it checks (point 2)", () => {
  it("30 parallel attempts run exactly 5 hashes; the right password after 5 wrong ones is refused", async () => {
    const user = await registerWithPassword({ email: "burst@example.com", fullName: "Burst Target", password: "right-password", campusId: "ou" });
    const scrypt = vi.spyOn(crypto, "scrypt");
    // Parallel requests reach the counter in no fixed order, so the burst is all wrong guesses:
    // whichever five are counted first are hashed, the rest are refused unhashed.
    const guesses = Array.from({ length: 30 }, (_, i) => `wrong-${i}-xx`);
    const results = await Promise.all(guesses.map(async (p) => await codeOf(passwordSignIn(user.email, p))));
    expect(scrypt).toHaveBeenCalledTimes(5);
    expect(results.filter((r) => r === "wrong-password")).toHaveLength(4);
    expect(results.filter((r) => r === "too-many-requests")).toHaveLength(26);

    // Locked: refused with the lockout message (docs/product.md §3), no hash at all, even for the right password.
    expect(await codeOf(passwordSignIn(user.email, "right-password"))).toBe("too-many-requests");
    expect(scrypt).toHaveBeenCalledTimes(5);
    // A password reset lifts it (docs/product.md §3).
    await resetPassword(user.id, "another-password");
    expect(await codeOf(passwordSignIn(user.email, "another-password"))).toBe("ok");
  }, 120_000);

  it("the right password among the first five gets in, and only the wrong ones count", async () => {
    const user = await registerWithPassword({ email: "early@example.com", fullName: "Early Bird", password: "right-password", campusId: "ou" });
    const results = await Promise.all(["right-password", "x-wrong-1", "x-wrong-2"].map(async (p) => await codeOf(passwordSignIn(user.email, p))));
    expect(results).toEqual(["ok", "wrong-password", "wrong-password"]);
    expect(await codeOf(passwordSignIn(user.email, "x-wrong-3"))).toBe("wrong-password");
    expect(await codeOf(passwordSignIn(user.email, "x-wrong-4"))).toBe("wrong-password");
    expect(await codeOf(passwordSignIn(user.email, "x-wrong-5"))).toBe("too-many-requests");
  }, 120_000);

  it("an unknown address and an account without a password cost one hash too (same time as a known one)", async () => {
    const google = await googleSignIn({ sub: "g-timing", email: "nopass@example.com", emailVerified: true, name: "No Pass" }, "ou", { firstName: "No", lastName: "Pass" });
    const scrypt = vi.spyOn(crypto, "scrypt");
    expect(await codeOf(passwordSignIn("nobody-here@example.com", "whatever-1"))).toBe("user-not-found");
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(await codeOf(passwordSignIn(google.user.email, "whatever-1"))).toBe("invalid-login-credentials");
    expect(scrypt).toHaveBeenCalledTimes(2);
    // An unknown address is refused alike after five tries, and then without hashing.
    for (let i = 0; i < 4; i++) expect(await codeOf(passwordSignIn("ghost@example.com", "whatever-1"))).toBe("user-not-found");
    expect(await codeOf(passwordSignIn("ghost@example.com", "whatever-1"))).toBe("user-not-found");
    const before = scrypt.mock.calls.length;
    expect(await codeOf(passwordSignIn("ghost@example.com", "whatever-1"))).toBe("too-many-requests");
    expect(scrypt).toHaveBeenCalledTimes(before);
  }, 120_000);

  it("the current password on change-password counts toward the same lockout", async () => {
    const user = await registerWithPassword({ email: "changer@example.com", fullName: "Change Er", password: "right-password", campusId: "ou" });
    for (let i = 1; i <= 4; i++) expect(await codeOf(changePassword(user.id, `wrong-${i}-xx`, "new-password-1"))).toBe("wrong-password");
    expect(await codeOf(changePassword(user.id, "wrong-5-xx", "new-password-1"))).toBe("too-many-requests");
    const scrypt = vi.spyOn(crypto, "scrypt");
    expect(await codeOf(changePassword(user.id, "right-password", "new-password-1"))).toBe("too-many-requests");
    expect(await codeOf(passwordSignIn(user.email, "right-password"))).toBe("too-many-requests");
    expect(scrypt).not.toHaveBeenCalled();
  }, 120_000);
});

describe("no pre-created accounts (point 3)", () => {
  it("a session issued before verification browses as a visitor, opens /verify and signs out; nothing else", async () => {
    const { cookie, user } = await register();
    const { user: author } = await signedInVerified();
    const { id: postId } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Lamp" }], media: [], origin: BASE });
    expect(await getUserId(get("/home", cookie))).toBeNull();
    expect((await getSessionUser(get("/home", cookie)))?.id).toBe(user.id);

    const toVerify = (res: unknown) => expect(location(res) ?? "").toMatch(/^\/verify(\?|$)/);
    const params = { id: postId };
    toVerify(await run(() => createPostLoader({ request: get("/create/post", cookie), context, params: {} })));
    toVerify(await run(() => createPostAction({ request: post("/create/post", { text: "Spam" }, cookie), context, params: {} })));
    toVerify(await run(() => createCommentAction({ request: post(`/create/comment/${postId}`, { text: "Spam" }, cookie), context, params })));
    toVerify(await run(() => postAction({ request: post(`/post/${postId}`, { intent: "like", returnTo: "/home" }, cookie), context, params })));
    toVerify(await run(() => accountLoader({ request: get("/settings/account", cookie), context, params: {} })));
    toVerify(await run(() => changeEmailLoader({ request: get("/settings/account/email", cookie), context, params: {} })));
    toVerify(await run(() => changeEmailAction({ request: post("/settings/account/email", { email: "mine@example.com", currentPassword: "attacker-pass-1" }, cookie), context, params: {} })));
    toVerify(await run(() => notificationsLoader({ request: get("/notifications", cookie), context, params: {} })));
    toVerify(await run(() => profileEditLoader({ request: get("/profile/edit", cookie), context, params: {} })));
    expect((await getDb().select().from(schema.likes).where(eq(schema.likes.userId, user.id)))).toHaveLength(0);
    expect((await getDb().select().from(schema.posts).where(eq(schema.posts.authorId, user.id)))).toHaveLength(0);

    // What it may do: browse (as a visitor: the profile offers Claim), /verify, log out.
    const profile = (await run(() => profileLoader({ request: get(`/${author.username}`, cookie), context, params: { username: author.username } }))) as { viewer: string };
    expect(profile.viewer).toBe("visitor");
    const root = (await run(() => rootLoader({ request: get("/home", cookie), context, params: {} }))) as { data: { user: unknown; pending: unknown } };
    expect(root.data.user).toBeNull();
    expect(root.data.pending).toEqual({ username: user.username });
    expect(await run(() => verifyLoader({ request: get("/verify", cookie), context, params: {} }))).toMatchObject({ email: user.email });
    expect(await run(() => logoutLoader({ request: get("/logout", cookie), context, params: {} }))).toBeNull();
    const out = (await run(() => logoutAction({ request: post("/logout", {}, cookie), context, params: {} }))) as Response;
    expect(location(out)).toBe("/home");
    expect(await getSessionUser(get("/home", cookie))).toBeNull();
  }, 60_000);

  it("the sign-up link verifies nothing in another browser: it asks to sign in; in the signing-up session it verifies", async () => {
    const { cookie, user } = await register();
    const link = await linkIn(user.email, "/verify?token=");
    const path = link.pathname + link.search;

    const elsewhere = await run(() => verifyLoader({ request: get(path), context, params: {} }));
    expect(location(elsewhere)).toBe(`/login?${new URLSearchParams({ redirect: path })}`);
    expect((await getUserById(user.id))!.verified).toBe(false);

    // Signed in as another (verified) account: still nothing.
    const { cookie: other } = await signedInVerified();
    const otherAccount = await run(() => verifyLoader({ request: get(path, other), context, params: {} }));
    expect(location(otherAccount)).toBe("/home");
    expect((await getUserById(user.id))!.verified).toBe(false);

    const here = await run(() => verifyLoader({ request: get(path, cookie), context, params: {} }));
    expect(location(here)).toBe("/home");
    expect((await getUserById(user.id))!.verified).toBe(true);
  }, 60_000);

  it("…or after signing in with the account's password in that other browser", async () => {
    const { user, password } = await register();
    const link = await linkIn(user.email, "/verify?token=");
    const path = link.pathname + link.search;
    const login = await run(() => loginAction({ request: post("/login", { method: "password", email: user.email, password, redirect: path }), context, params: {} }));
    expect(location(login)).toBe(path);
    const cookie = jar(login as Response);
    const done = await run(() => verifyLoader({ request: get(path, cookie), context, params: {} }));
    expect(location(done)).toBe("/home");
    expect((await getUserById(user.id))!.verified).toBe(true);
  }, 60_000);

  it("the typed code needs the signing-up session too", async () => {
    const { user } = await register();
    const code = /data-code>(\d{6})</.exec((await newestMail(user.email))!.html)![1]!;
    const res = await run(() => verifyAction({ request: post("/verify", { intent: "verify", code }), context, params: {} }));
    expect(location(res)).toMatch(/^\/login\?/);
    expect((await getUserById(user.id))!.verified).toBe(false);
  }, 60_000);

  it("proven by a magic link: the password set before goes and the earlier sessions end", async () => {
    const attacker = await register({ email: "victim1@ou.edu", password: "attacker-P-1" });
    const relogin = await run(() => loginAction({ request: post("/login", { method: "password", email: "victim1@ou.edu", password: "attacker-P-1" }), context, params: {} }));
    const secondAttackerSession = jar(relogin as Response);
    expect(await getSessionUser(get("/home", secondAttackerSession))).not.toBeNull();

    // The owner asks for a sign-in link and opens it in the same browser.
    const asked = await run(() => loginAction({ request: post("/login", { method: "noPassword", email: "victim1@ou.edu" }), context, params: {} }));
    const ownerBrowser = jar(asked as Response);
    const link = await linkIn("victim1@ou.edu", "/auth/magic?");
    const signedIn = await run(() => magicLinkLoader({ request: get(link.pathname + link.search, ownerBrowser), context, params: {} }));
    expect(location(signedIn)).toBe("/home");
    const owner = jar(signedIn as Response, ownerBrowser);

    expect(await getUserById(attacker.user.id)).toMatchObject({ verified: true });
    expect(await getPasswordHash(attacker.user.id)).toBeNull();
    expect(await codeOf(passwordSignIn("victim1@ou.edu", "attacker-P-1"))).toBe("invalid-login-credentials");
    expect(await getSessionUser(get("/home", attacker.cookie))).toBeNull();
    expect(await getSessionUser(get("/home", secondAttackerSession))).toBeNull();
    expect(location(await run(() => accountLoader({ request: get("/settings/account", attacker.cookie), context, params: {} })))).toMatch(/^\/login\?/);
    expect((await getSessionUser(get("/home", owner)))?.id).toBe(attacker.user.id);
  }, 60_000);

  it("proven by Google or by a password reset: the same", async () => {
    const a = await register({ email: "victim2@ou.edu", password: "attacker-P-2" });
    await googleSignIn({ sub: "g-victim2", email: "victim2@ou.edu", emailVerified: true, name: "Vic Tim" }, "ou", { firstName: "Vic", lastName: "Tim" });
    expect(await getPasswordHash(a.user.id)).toBeNull();
    expect(await getSessionUser(get("/home", a.cookie))).toBeNull();
    expect((await getUserById(a.user.id))!.verified).toBe(true);

    const b = await register({ email: "victim3@ou.edu", password: "attacker-P-3" });
    await resetPassword(b.user.id, "owners-own-pass");
    expect(await codeOf(passwordSignIn("victim3@ou.edu", "attacker-P-3"))).toBe("wrong-password");
    expect(await codeOf(passwordSignIn("victim3@ou.edu", "owners-own-pass"))).toBe("ok");
    expect(await getSessionUser(get("/home", b.cookie))).toBeNull();
    expect((await getUserById(b.user.id))!.verified).toBe(true);
  }, 60_000);

  it("a verified account signing in by magic link or Google keeps its password and other sessions", async () => {
    const { user, cookie, password } = await signedInVerified();
    await googleSignIn({ sub: `g-keep-${user.id}`, email: user.email, emailVerified: true, name: "Keep Me" }, "ou", { firstName: "Keep", lastName: "Me" });
    expect(await getPasswordHash(user.id)).not.toBeNull();
    expect(await getUserId(get("/home", cookie))).toBe(user.id);
    expect(await codeOf(passwordSignIn(user.email, password))).toBe("ok");
  }, 60_000);
});

describe("changing the email (point 3)", () => {
  it("asks for the current password, ends the other sessions and tells the old address", async () => {
    const { user, cookie, password } = await signedInVerified();
    const elsewhere = (await createSessionCookie(get("/"), user.id)).split(";")[0]!;
    const ask = (fields: Record<string, string>) => run(() => changeEmailAction({ request: post("/settings/account/email", fields, cookie), context, params: {} }));
    const newEmail = `moved${user.id.slice(0, 6).toLowerCase()}@example.com`;

    const missing = (await ask({ email: newEmail })) as { data: { error: Record<string, string[]> } };
    expect(status(missing)).toBe(400);
    expect(missing.data.error.currentPassword).toEqual([AUTH_MESSAGES["current-password-required"]]);
    const wrong = (await ask({ email: newEmail, currentPassword: "not-it-at-all" })) as { data: { error: Record<string, string[]> } };
    expect(status(wrong)).toBe(400);
    expect(wrong.data.error.currentPassword).toEqual(["Wrong password!"]);
    expect(await newestMail(newEmail)).toBeUndefined();

    const sent = await ask({ email: newEmail, currentPassword: password });
    expect(location(sent)).toBe("/settings/account/email");
    const link = await linkIn(newEmail, "/auth/email?token=");
    // Opened in another browser (a phone's mail app): it still takes effect.
    const applied = await run(() => changeEmailLinkLoader({ request: get(link.pathname + link.search), context, params: {} }));
    expect(location(applied)).toBe("/login");
    expect((await getUserById(user.id))!.email).toBe(newEmail);
    expect(await getUserId(get("/home", cookie))).toBe(user.id); // the session that asked stays
    expect(await getUserId(get("/home", elsewhere))).toBeNull(); // the others end
    expect(await newestMail(user.email)).toMatchObject({ subject: "Your account email was changed" });
    expect((await newestMail(user.email))!.html).toContain(newEmail);
  }, 60_000);

  it("wrong current passwords count toward the lockout", async () => {
    const { cookie } = await signedInVerified();
    const ask = (currentPassword: string) =>
      run(() => changeEmailAction({ request: post("/settings/account/email", { email: "elsewhere@example.com", currentPassword }, cookie), context, params: {} }));
    for (let i = 0; i < 4; i++) expect(status(await ask(`wrong-${i}-xx`))).toBe(400);
    const locked = (await ask("wrong-5-xx")) as { data: { error: Record<string, string[]> } };
    expect(status(locked)).toBe(429);
    expect(locked.data.error[""]).toEqual([AUTH_MESSAGES["too-many-requests"]]);
  }, 120_000);

  it("an account without a password needs a sign-in within the last minutes", async () => {
    const { user } = await googleSignIn({ sub: "g-fresh", email: "fresh@example.com", emailVerified: true, name: "Fresh Login" }, "ou", { firstName: "Fresh", lastName: "Login" });
    const cookie = (await createSessionCookie(get("/"), user.id)).split(";")[0]!;
    const form = { email: "fresh-new@example.com" };
    expect(await run(() => changeEmailLoader({ request: get("/settings/account/email", cookie), context, params: {} }))).toMatchObject({ proof: "fresh" });
    expect(location(await run(() => changeEmailAction({ request: post("/settings/account/email", form, cookie), context, params: {} })))).toBe("/settings/account/email");

    // The same session 11 minutes later: sign in again first.
    await getDb().update(schema.sessions).set({ createdAt: Date.now() - 11 * 60_000 }).where(eq(schema.sessions.userId, user.id));
    expect(await run(() => changeEmailLoader({ request: get("/settings/account/email", cookie), context, params: {} }))).toMatchObject({ proof: "sign-in-again" });
    const stale = (await run(() => changeEmailAction({ request: post("/settings/account/email", form, cookie), context, params: {} }))) as { data: { error: Record<string, string[]> } };
    expect(status(stale)).toBe(403);
    expect(stale.data.error[""]).toEqual([AUTH_MESSAGES["fresh-sign-in"]]);
    // "Email me a link to log in" sends one to the account's own address, back to this page.
    const again = await run(() => changeEmailAction({ request: post("/settings/account/email", { intent: "sign-in-again" }, cookie), context, params: {} }));
    expect(location(again)).toMatch(/^\/login\/sent\?/);
    expect(await newestMail("fresh@example.com")).toMatchObject({ subject: "Your link to log in" });
  }, 60_000);
});

describe("Claim this account (point 11)", () => {
  it("sends the sign-in link to the account's own address and shows it masked; the visitor cannot choose it", async () => {
    const { user } = await register({ email: "jordan.claim@ou.edu" });
    const res = await run(() =>
      profileAction({ request: post(`/${user.username}`, { intent: "claim", email: "attacker@evil.example" }), context, params: { username: user.username } }),
    );
    const to = location(res)!;
    expect(to).toBe(`/login/sent?claim=${user.username}`);
    expect(to).not.toContain("jordan");
    expect(await newestMail("jordan.claim@ou.edu")).toMatchObject({ subject: "Your link to log in" });
    expect(await newestMail("attacker@evil.example")).toBeUndefined();

    const page = (await run(() => loginSentLoader({ request: get(to), context, params: {} }))) as Record<string, string>;
    expect(page.email).toBe("j•••@ou.edu");
    expect(JSON.stringify(page)).not.toContain("jordan.claim");

    // A verified account is not claimable.
    const { user: verified } = await signedInVerified();
    const refused = await run(() => profileAction({ request: post(`/${verified.username}`, { intent: "claim" }), context, params: { username: verified.username } }));
    expect(location(refused)).toBe(`/${verified.username}`);
  }, 60_000);
});
