// A corpus of bad inputs across every form: overlong fields, NUL bytes,
// invalid UTF-8, lists where one value is expected, huge bodies, wrong content
// types, markup and javascript: URLs in text and link fields, path tricks in
// /media. The safe outcome each time: the right 4xx, never a 500, nothing
// echoed raw, and no stored markup rendered as HTML when the page comes back.
import { beforeAll, describe, expect, it } from "vitest";
import { postForm, rawRequest, serverUrl, type RawResponse } from "./client";
import { BOUNDARY, closing, fieldPart, MULTIPART } from "./stream";
import { createPostAs, signUpStudent, usernameOf, type SecurityUser } from "./users";

const SCRIPT = `<script>alert("pwned")</script>`;
const IMG = `<img src=x onerror=alert(1)>`;
const JS_URL = "javascript:alert(document.cookie)";
const INVALID_UTF8 = Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xa0, 0xa1]);

let student: SecurityUser;
let username: string;
let postId: string;
const origin = () => new URL(serverUrl()).origin;

beforeAll(async () => {
  student = await signUpStudent({ name: "Corpus Case" });
  username = await usernameOf(student);
  postId = await createPostAs(student, `Corpus post ${Date.now()}`);
});

/** Nothing the server sends back carries a raw NUL or an unescaped copy of our markup. */
function expectSafe(res: RawResponse) {
  expect(res.status, res.body.slice(0, 300)).toBeLessThan(500);
  expect(res.body).not.toContain("\u0000");
  expect(res.body).not.toContain(SCRIPT);
  expect(res.body).not.toContain(IMG);
  expect(res.body).not.toMatch(/href="javascript:/i);
  const location = String(res.headers.location ?? "");
  expect(location).not.toMatch(/^\s*javascript:/i);
  if (location) expect(new URL(location, serverUrl()).origin).toBe(origin());
}

type Who = "visitor" | "student";
type Case = {
  name: string;
  path: () => string;
  who: Who;
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  status: number | number[];
};

const urlencoded = "application/x-www-form-urlencoded";
const big = (n: number) => "a".repeat(n);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const withBytes = (prefix: string, bytes: Buffer, suffix = "") => Buffer.concat([Buffer.from(prefix), bytes, Buffer.from(suffix)]);

const cases: Case[] = [
  // Huge bodies: 413 while streaming, whatever the form.
  { name: "login: a 70 KB body", path: () => "/login", who: "visitor", body: form({ method: "password", email: "a@b.co", password: big(70_000) }), status: 413 },
  { name: "register: a 70 KB name", path: () => "/register", who: "visitor", body: form({ email: "x@y.co", name: big(70_000), password: "p", terms: "on" }), status: 413 },
  { name: "forgot password: a 1 MB email", path: () => "/forgotpassword", who: "visitor", body: form({ email: big(1_000_000) }), status: 413 },
  { name: "contact form: a 200 KB message", path: () => "/more/help", who: "visitor", body: form({ email: "a@b.co", message: big(200_000) }), status: 413 },
  { name: "comment: a 70 KB text", path: () => `/post/${postId}`, who: "student", body: form({ intent: "comment", text: big(70_000) }), status: 413 },
  { name: "edit profile: a 70 KB bio", path: () => "/profile/edit", who: "student", body: form({ intent: "bio", bio: big(70_000) }), status: 413 },
  {
    name: "a 10 GB Content-Length is refused before reading",
    path: () => "/register",
    who: "visitor",
    body: "email=a",
    // The client sends 7 bytes of the 10 GB it announced: it cannot use this connection again.
    headers: { "Content-Length": "10000000000", Connection: "close" },
    status: [400, 413],
  },
  // Overlong fields under the body cap: refused before any schema looks at them.
  { name: "username: 20,000 characters", path: () => "/settings/account/screen_name", who: "student", body: form({ username: big(20_000) }), status: 413 },
  { name: "post composer: 12,000 characters", path: () => "/create/post?goBack=%2Fhome", who: "student", body: form({ intent: "send", text: big(12_000) }), status: 413 },
  { name: "contact form: 3,000 characters (over the form's own 2,000)", path: () => "/more/feedback", who: "visitor", body: form({ email: "a@b.co", message: big(3_000) }), status: 400 },
  { name: "first name: 21 characters", path: () => "/profile/edit", who: "student", body: form({ intent: "name", firstName: big(21), lastName: "Lee" }), status: 400 },
  { name: "bio: 161 characters", path: () => "/profile/edit", who: "student", body: form({ intent: "bio", bio: big(161) }), status: 400 },
  // NUL bytes and other control characters: cleaned, never echoed.
  { name: "login: NUL in the email", path: () => "/login", who: "visitor", body: "method=password&email=a%00%00b%40c.co&password=x%00y", status: [400] },
  { name: "register: NUL in every field", path: () => "/register", who: "visitor", body: "email=%00&name=%00%00&password=%00&terms=on%00", status: 400 },
  { name: "verify code: NUL and escape characters", path: () => "/add-code", who: "student", body: "intent=verify&email=a%40ou.edu&code=12%0034%1b56", status: 400 },
  { name: "comment: NUL inside the text", path: () => `/post/${postId}`, who: "student", body: "intent=comment&text=before%00after", status: 302 },
  // Invalid UTF-8, raw and percent-encoded.
  { name: "register: raw invalid UTF-8 in the name", path: () => "/register", who: "visitor", body: withBytes("email=bad%40example.com&password=pw&terms=on&name=", INVALID_UTF8), status: 400 },
  { name: "forgot password: percent-encoded invalid UTF-8", path: () => "/forgotpassword", who: "visitor", body: "email=%C3%28%FF%40ou.edu", status: 400 },
  { name: "bio: invalid UTF-8 is stored as replacement characters", path: () => "/profile/edit", who: "student", body: withBytes("intent=bio&bio=ok", INVALID_UTF8), status: 302 },
  { name: "bad percent-encoding", path: () => "/login", who: "visitor", body: "method=password&email=%ZZ%&password=%", status: 400 },
  // Lists where one value is expected.
  { name: "login: two emails", path: () => "/login", who: "visitor", body: "method=password&email=a%40b.co&email=c%40d.co&password=x&password=y", status: [400, 401] },
  { name: "comment: text twice keeps the first", path: () => `/post/${postId}`, who: "student", body: "intent=comment&text=first&text=second", status: 302 },
  { name: "comment: text[0] as a list", path: () => `/post/${postId}`, who: "student", body: "intent=comment&text[0]=a&text[1]=b", status: 400 },
  { name: "username as an object", path: () => "/settings/account/screen_name", who: "student", body: "username.a=1&username.b=2", status: 400 },
  { name: "intent twice on Save", path: () => `/post/${postId}`, who: "student", body: "intent=like&intent=delete&async=1", status: 200 },
  { name: "a form with 500 fields", path: () => "/login", who: "visitor", body: Array.from({ length: 500 }, (_, i) => `f${i}=1`).join("&"), status: 413 },
  // Wrong content types.
  { name: "login as text/plain", path: () => "/login", who: "visitor", body: "email=a@b.co", contentType: "text/plain", status: [400, 415] },
  { name: "comment as JSON", path: () => `/post/${postId}`, who: "student", body: JSON.stringify({ intent: "comment", text: "hi" }), contentType: "application/json", status: [400, 415] },
  { name: "register without a content type", path: () => "/register", who: "visitor", body: "email=a", contentType: "", status: [400, 415] },
  {
    name: "multipart with a file where a form takes none",
    path: () => "/login",
    who: "visitor",
    body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"; filename="x.png"\r\n\r\nabc\r\n`), closing()]),
    contentType: MULTIPART,
    status: 400,
  },
  {
    name: "multipart with 100 fields",
    path: () => `/post/${postId}`,
    who: "student",
    body: Buffer.concat([...Array.from({ length: 100 }, (_, i) => fieldPart(`f${i}`, "x")), closing()]),
    contentType: MULTIPART,
    status: 413,
  },
  // Markup and javascript: URLs in link fields.
  { name: "Save with returnTo=javascript:", path: () => `/post/${postId}`, who: "student", body: form({ intent: "like", returnTo: JS_URL }), status: 302 },
  { name: "composer closed with goBack=javascript:", path: () => `/create/post?goBack=${encodeURIComponent(JS_URL)}`, who: "student", body: form({ intent: "close", text: "" }), status: 302 },
  { name: "login with redirect=javascript:", path: () => "/login", who: "visitor", body: form({ method: "password", email: "nobody@example.com", password: "x", redirect: JS_URL }), status: [400, 401] },
  { name: "user_registration with redirect=//evil.example", path: () => "/user_registration", who: "visitor", body: form({ email: "new-person@example.com", redirect: "//evil.example" }), status: 302 },
  { name: "markup as a username", path: () => "/settings/account/screen_name", who: "student", body: form({ username: SCRIPT }), status: 400 },
  { name: "markup as an email", path: () => "/forgotpassword", who: "visitor", body: form({ email: `${IMG}@ou.edu` }), status: 400 },
  { name: "markup as a report reason", path: () => `/${username}-nobody`, who: "student", body: form({ intent: "report", reason: SCRIPT }), status: [400, 404] },
];

describe("bad inputs across every form", () => {
  it("has at least 30 of them", () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const headers: Record<string, string> = { Origin: origin(), ...c.headers };
    if (c.contentType !== "") headers["Content-Type"] = c.contentType ?? urlencoded;
    if (c.who === "student") headers.Cookie = student.cookie;
    const res = await rawRequest(c.path(), { method: "POST", headers, body: c.body });
    expectSafe(res);
    expect([c.status].flat(), `status ${res.status}: ${res.body.slice(0, 200)}`).toContain(res.status);
  });
});

describe("stored markup comes back as text", () => {
  it("in a comment and a post: escaped on the post page, the feed and the thread", async () => {
    for (const text of [SCRIPT, IMG, JS_URL]) {
      const res = await postForm(`/post/${postId}`, { intent: "comment", text: `${text} tail` }, { Cookie: student.cookie });
      expect(res.status).toBe(302);
    }
    const newPost = await createPostAs(student, `${IMG} ${SCRIPT} for sale`);
    for (const page of [`/post/${postId}`, `/post/${newPost}`, "/home", `/${username}`]) {
      const res = await rawRequest(page, { headers: { Cookie: student.cookie } });
      expect(res.status).toBe(200);
      expectSafe(res);
    }
    const thread = await rawRequest(`/post/${postId}`);
    expect(thread.body).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; tail");
    expect(thread.body).toContain("javascript:alert(document.cookie) tail");
  });

  it("in the name and bio: escaped on the profile", async () => {
    const name = await postForm("/profile/edit", { intent: "name", firstName: IMG.slice(0, 20), lastName: "<b>" }, { Cookie: student.cookie });
    expect(name.status).toBe(302);
    const bio = await postForm("/profile/edit", { intent: "bio", bio: `${SCRIPT} ${JS_URL}` }, { Cookie: student.cookie });
    expect(bio.status).toBe(302);
    const profile = await rawRequest(`/${username}`);
    expectSafe(profile);
    expect(profile.body).not.toContain("<img src=x onerro");
    expect(profile.body).toContain("&lt;script&gt;");
  });

  it("NUL and invalid UTF-8 are never stored: the bio comes back clean", async () => {
    const res = await rawRequest("/profile/edit", {
      method: "POST",
      headers: { "Content-Type": urlencoded, Origin: origin(), Cookie: student.cookie },
      body: withBytes("intent=bio&bio=clean%00start", INVALID_UTF8, "%01end"),
    });
    expect(res.status).toBe(302);
    const profile = await rawRequest(`/${username}`);
    expect(profile.body).not.toContain("\u0000");
    expect(profile.body).not.toContain("\u0001");
    expect(profile.body).toContain("cleanstart\uFFFD(\uFFFD\uFFFD\uFFFD\uFFFDend");
  });

  it("in the contact form: escaped in the email to the owner", async () => {
    const res = await postForm("/more/help", { email: "sender@example.com", message: `${SCRIPT} ${IMG}` });
    expect(res.status).toBeLessThan(400);
    const mail = await rawRequest("/dev/mail?to=owner%40example.com");
    expectSafe(mail);
    expect(mail.body).toContain("&lt;script&gt;");
  });

  it("a multipart post with markup in its text and file name", async () => {
    const body = Buffer.concat([
      fieldPart("target", "post"),
      fieldPart("text", `${SCRIPT} multipart`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${IMG}.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n`),
      closing(),
    ]);
    const res = await rawRequest("/create/upload?target=post", { method: "POST", headers: { "Content-Type": MULTIPART, Origin: origin(), Cookie: student.cookie }, body });
    expect(res.status).toBe(400);
    expectSafe(res);
  });
});

describe("path tricks in /media", () => {
  it.each([
    "/media/..%2f..%2fapp.db",
    "/media/..%2F..%2Fetc%2Fpasswd",
    "/media/%2e%2e/%2e%2e/app.db",
    "/media/posts/%00.webp",
    "/media/posts%00/../../app.db",
    "/media/..%5c..%5capp.db",
    "/media/..\\..\\app.db",
    "/media/%c0%ae%c0%ae/app.db",
    "/media//etc/passwd",
    "/media/posts/x/1-320.webp%00.txt",
  ])("%s is a 400 or 404", async (path) => {
    const res = await rawRequest(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain("SQLite format");
    expect(res.body).not.toContain("root:");
  });
});
