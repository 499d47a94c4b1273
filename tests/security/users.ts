// Users for the security suite, made through the app's own forms as a person
// would: POST /register, the code from the verification email (the test
// server's dev mailbox), and for a student a school email confirmed through
// /add-code the same way. Each user carries its session cookie.
import crypto from "node:crypto";
import { expect } from "vitest";
import { cookiesOf, postForm, rawRequest, serverUrl } from "./client";

export type SecurityUser = { email: string; password: string; name: string; cookie: string; base: string };

const PASSWORD = "correct horse 1";

/** An address no other test (or run) uses, on `domain`. */
export function uniqueEmail(domain = "example.com", prefix = "sec"): string {
  return `${prefix}-${crypto.randomBytes(6).toString("hex")}@${domain}`;
}

/** The newest email to `to` whose subject matches, as HTML of the dev mailbox. */
export async function newestMail(to: string, subject: RegExp, base = serverUrl()): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await rawRequest(`/dev/mail?${new URLSearchParams({ to })}`, { base });
    expect(res.status).toBe(200);
    const mails = res.body.split('data-testid="mail"').slice(1);
    const match = mails.find((m) => subject.test(m));
    if (match) return match;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

/** Every link in the bodies of the emails to `to` (the dev mailbox, newest first), entities decoded. */
export async function mailLinks(to: string, base = serverUrl()): Promise<string[]> {
  const page = await rawRequest(`/dev/mail?${new URLSearchParams({ to })}`, { base });
  expect(page.status).toBe(200);
  const bodies = page.body.split('class="mail__body"').slice(1).join("");
  return [...bodies.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'"));
}

/** The newest emailed link to `path` (e.g. "/verify?token="), as a path on the server it points at. */
export async function mailedLink(to: string, path: string, base = serverUrl()): Promise<string> {
  const href = (await mailLinks(to, base)).find((link) => link.includes(path));
  expect(href, `a ${path} link in the mail to ${to}`).toBeTruthy();
  const url = new URL(href!);
  return url.pathname + url.search;
}

/**
 * Registers through POST /register as a browser would: the cookie of the
 * pending session it starts (the address is not verified yet).
 */
export async function register(email: string, opts: { password?: string; name?: string; base?: string } = {}): Promise<string> {
  const fields = { email, name: opts.name ?? "Sec Tester", password: opts.password ?? PASSWORD, terms: "on" };
  const res = await postForm("/register", fields, {}, opts.base);
  expect(res.status, res.body.slice(0, 500)).toBe(302);
  expect(res.headers.location).toBe("/verify");
  return cookiesOf(res);
}

/** The 6-digit code in the subject of the newest matching email. */
async function codeFrom(to: string, subject: RegExp, base: string): Promise<string> {
  const mail = await newestMail(to, subject, base);
  const code = /mail__subject">[^<]*?(\d{6})</.exec(mail)?.[1];
  if (!code) throw new Error(`No code in the mail to ${to}`);
  return code;
}

/**
 * Registers and verifies a new account (signed in: `cookie`). With an address
 * on the campus's school domain the user is also school-verified there.
 */
export async function signUp(opts: { email?: string; name?: string; base?: string } = {}): Promise<SecurityUser> {
  const base = opts.base ?? serverUrl();
  const email = opts.email ?? uniqueEmail();
  const name = opts.name ?? "Sec Tester";
  let cookie = await register(email, { name, base });
  const code = await codeFrom(email, /verification code/, base);
  const verified = await postForm("/verify", { intent: "verify", code }, { Cookie: cookie }, base);
  expect(verified.status, verified.body.slice(0, 500)).toBe(302);
  cookie = cookiesOf(verified, cookie);
  return { email, password: PASSWORD, name, cookie, base };
}

/** Confirms `schoolEmail` for the user through /add-code (the code from its email). */
export async function addSchoolEmail(user: SecurityUser, schoolEmail: string): Promise<void> {
  const sent = await postForm("/add-code", { intent: "send", email: schoolEmail }, { Cookie: user.cookie }, user.base);
  expect(sent.status, sent.body.slice(0, 500)).toBe(302);
  const code = await codeFrom(schoolEmail, /school email code/, user.base);
  const confirmed = await postForm("/add-code", { intent: "verify", email: schoolEmail, code }, { Cookie: user.cookie }, user.base);
  expect(confirmed.status, confirmed.body.slice(0, 500)).toBe(302);
  user.cookie = cookiesOf(confirmed, user.cookie);
}

/** A signed-in student: an ordinary account plus a confirmed school email (ou.edu on localhost). */
export async function signUpStudent(opts: { schoolDomain?: string; name?: string; base?: string } = {}): Promise<SecurityUser> {
  const user = await signUp({ name: opts.name, base: opts.base });
  await addSchoolEmail(user, uniqueEmail(opts.schoolDomain ?? "ou.edu"));
  return user;
}

/**
 * Creates a post as `user` through /create/post (the no-JS composer), with any
 * other composer fields in `fields` (price, condition…), and finds its id on the feed.
 */
export async function createPostAs(user: SecurityUser, text: string, fields: Record<string, string> = {}): Promise<string> {
  const form = { intent: "send", target: "post", text, category: "all", ...fields };
  const sent = await postForm("/create/post?goBack=%2Fhome", form, { Cookie: user.cookie }, user.base);
  expect(sent.status, sent.body.slice(0, 500)).toBe(302);
  const feed = await rawRequest("/home", { base: user.base, headers: { Cookie: user.cookie } });
  // As React writes text into HTML.
  const escaped = text.slice(0, 40).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
  const at = feed.body.indexOf(escaped);
  // The card that holds the text: the last one opened before it.
  const ids = [...feed.body.slice(0, Math.max(at, 0)).matchAll(/<article class="card post-card" id="post-([\w-]+)"/g)];
  const id = at >= 0 ? ids.at(-1)?.[1] : undefined;
  if (!id) throw new Error(`The new post "${text}" is not on the feed`);
  return id;
}

/** The user's username, as their account settings show it. */
export async function usernameOf(user: SecurityUser): Promise<string> {
  const page = await rawRequest("/settings/account", { base: user.base, headers: { Cookie: user.cookie } });
  const username = /<small>@([\w-]+)<\/small>/.exec(page.body)?.[1];
  if (!username) throw new Error("No username on /settings/account");
  return username;
}

/**
 * Signs in by magic link (POST /login, the link from the dev mailbox, opened
 * in the same browser): the session cookie. For the seeded owner account, whose
 * password no test knows; each call sends the address one of its few emails.
 */
export async function signInByMagicLink(email: string, base = serverUrl()): Promise<string> {
  const asked = await postForm("/login", { method: "noPassword", email }, {}, base);
  expect(asked.status, asked.body.slice(0, 500)).toBe(302);
  const browser = cookiesOf(asked);
  const signedIn = await rawRequest(await mailedLink(email, "/auth/magic?", base), { base, headers: { Cookie: browser } });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.location).not.toMatch(/^\/login/);
  return cookiesOf(signedIn, browser);
}
