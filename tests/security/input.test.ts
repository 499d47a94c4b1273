// Rows 4 and 5 of the hardening issue, and malformed bodies: no request stalls
// the event loop or fills the disk, and bad bodies are 4xx, never 500.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { postForm, rawRequest, serverDir } from "./client";
import { closing, fieldPart, filePart, MULTIPART, partHead, streamRequest } from "./stream";
import { createPostAs, signUp, signUpStudent, type SecurityUser } from "./users";

const TOO_MANY_CHARACTERS = "Error: Too many characters!";
const TOO_MANY_FILES = "Please choose up to 10 photos.";
const MB = 1024 * 1024;

const tmpDir = () => path.join(serverDir(), "tmp");
/** What the server left in its temporary folder (it removes each request's folder before answering). */
const leftInTmp = () => fs.readdirSync(tmpDir());

async function eventually(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return check();
}

/** Runs `work` while asking /healthz every 50 ms; resolves with its result and the slowest health answer. */
async function whileHealthChecked<T>(work: () => Promise<T>): Promise<{ result: T; slowestHealthMs: number; checks: number }> {
  let running = true;
  let slowest = 0;
  let checks = 0;
  const probe = (async () => {
    while (running) {
      const res = await rawRequest("/healthz");
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, res.ms);
      checks++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const result = await work();
    return { result, slowestHealthMs: slowest, checks };
  } finally {
    running = false;
    await probe;
  }
}

let student: SecurityUser;
let postId: string;

beforeAll(async () => {
  student = await signUpStudent({ name: "Ivy Input" });
  postId = await createPostAs(student, `Input suite post ${Date.now()}`);
});

describe("row 4: one comment cannot freeze the server", () => {
  const hostile = `a${" ".repeat(100_000)}b`;

  it("a + 100,000 spaces + b as a form-encoded comment: a fast 413, and /healthz answers within 200 ms meanwhile", async () => {
    const { result, slowestHealthMs } = await whileHealthChecked(async () => {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await postForm(`/post/${postId}`, { intent: "comment", text: hostile }, { Cookie: student.cookie }));
      return runs;
    });
    for (const res of result) {
      expect(res.status).toBe(413);
      expect(res.ms).toBeLessThan(1000);
    }
    expect(slowestHealthMs).toBeLessThan(200);
  });

  it("the same text in a multipart upload (no 64 KB cap there) is refused at the field cap", async () => {
    const { result: res, slowestHealthMs } = await whileHealthChecked(() =>
      streamRequest("/create/upload?target=post", {
        headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
        pieces: [fieldPart("target", "post"), fieldPart("text", hostile), closing()],
      }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, reply: { error: { text: [TOO_MANY_CHARACTERS] } } });
    expect(slowestHealthMs).toBeLessThan(200);
  });

  it("text under every byte cap but over the schema's raw cap is a fast 400 with the spec's message", async () => {
    const res = await postForm(`/post/${postId}`, { intent: "comment", text: `a${" ".repeat(9_000)}b` }, { Cookie: student.cookie, Accept: "text/html" });
    expect(res.status).toBe(400);
    expect(res.ms).toBeLessThan(1000);
    expect(res.body).toContain(TOO_MANY_CHARACTERS);
  });
});

describe("row 5: uploads cannot fill the disk", () => {
  function* fortyFilesThenLongText(): Generator<Buffer> {
    yield fieldPart("target", "post");
    for (let i = 0; i < 40; i++) yield* filePart("files", `photo-${i}.jpg`, 2 * MB);
    yield fieldPart("text", "x".repeat(3 * MB));
    yield closing();
  }

  it("40 parts of 2 MB plus an oversized text field to /create/upload: 413, reading stopped, nothing left in the temp folder", async () => {
    const res = await streamRequest("/create/upload?target=post", { headers: { "Content-Type": MULTIPART, Cookie: student.cookie }, pieces: fortyFilesThenLongText() });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, reply: { error: { files: [TOO_MANY_FILES] } } });
    expect(res.finished).toBe(false);
    expect(res.sent).toBeLessThan(40 * MB);
    expect(leftInTmp()).toEqual([]);
  });

  it("the oversized text field first: 413 before a single file is written", async () => {
    function* longTextFirst(): Generator<Buffer> {
      yield fieldPart("target", "post");
      yield partHead("text");
      for (let i = 0; i < 12; i++) yield Buffer.alloc(256 * 1024, 120);
      yield Buffer.from("\r\n");
      for (let i = 0; i < 40; i++) yield* filePart("files", `photo-${i}.jpg`, 2 * MB);
      yield closing();
    }
    const res = await streamRequest("/create/upload?target=post", { headers: { "Content-Type": MULTIPART, Cookie: student.cookie }, pieces: longTextFirst() });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ reply: { error: { text: [TOO_MANY_CHARACTERS] } } });
    expect(res.sent).toBeLessThan(20 * MB);
    expect(leftInTmp()).toEqual([]);
  });

  it("the eleventh file is refused as soon as its headers arrive, before any of it is written", async () => {
    function* elevenFiles(): Generator<Buffer> {
      yield fieldPart("target", "post");
      for (let i = 0; i < 10; i++) yield* filePart("files", `p${i}.png`, 20 * 1024);
      yield partHead("files", "p10.png"); // and then nothing: the client holds the request open
    }
    const res = await streamRequest("/create/upload?target=post", { headers: { "Content-Type": MULTIPART, Cookie: student.cookie }, pieces: elevenFiles(), holdOpen: true, timeoutMs: 10_000 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ reply: { error: { files: [TOO_MANY_FILES] } } });
    expect(leftInTmp()).toEqual([]);
  });

  it("a file over the photo limit stops the upload while it streams (no-JS composer too)", async () => {
    function* bigPhoto(): Generator<Buffer> {
      yield fieldPart("intent", "send");
      yield* filePart("files", "huge.jpg", 40 * MB);
      yield closing();
    }
    const res = await streamRequest("/create/post?goBack=%2Fhome", { headers: { "Content-Type": MULTIPART, Cookie: student.cookie }, pieces: bigPhoto() });
    expect(res.status).toBe(413);
    expect(res.body).toContain("Photos must be under 15 MB and videos under 100 MB.");
    expect(res.sent).toBeLessThan(35 * MB);
    expect(leftInTmp()).toEqual([]);
  });

  it("an upload cut off half way leaves nothing in the temp folder", async () => {
    function* threeFiles(): Generator<Buffer> {
      yield fieldPart("target", "post");
      for (let i = 0; i < 3; i++) yield* filePart("files", `cut-${i}.jpg`, 2 * MB);
      yield closing();
    }
    const res = await streamRequest("/create/upload?target=post", {
      headers: { "Content-Type": MULTIPART, Cookie: student.cookie },
      pieces: threeFiles(),
      abortAfter: 3 * MB,
    });
    expect(res.status).toBe(0);
    expect(await eventually(() => leftInTmp().length === 0)).toBe(true);
    // The server is fine afterwards.
    expect((await rawRequest("/healthz")).status).toBe(200);
  });

  it("the profile photo takes one photo within the photo limit", async () => {
    const user = await signUp({ name: "Pat Photo" });
    function* twoPhotos(): Generator<Buffer> {
      yield* filePart("photo", "a.png", 1024);
      yield* filePart("photo", "b.png", 1024);
      yield closing();
    }
    const two = await streamRequest("/profile/photo", { headers: { "Content-Type": MULTIPART, Cookie: user.cookie }, pieces: twoPhotos() });
    expect(two.status).toBe(413);
    function* hugePhoto(): Generator<Buffer> {
      yield* filePart("photo", "a.png", 30 * MB);
      yield closing();
    }
    const huge = await streamRequest("/profile/photo", { headers: { "Content-Type": MULTIPART, Cookie: user.cookie }, pieces: hugePhoto() });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({ ok: false, error: "Photos must be under 15 MB and videos under 100 MB." });
    expect(huge.sent).toBeLessThan(28 * MB);
    expect(leftInTmp()).toEqual([]);
  });

  it("a user who may not post is refused before the upload is read", async () => {
    const outsider = await signUp({ name: "Owen Outsider" });
    function* files(): Generator<Buffer> {
      yield fieldPart("target", "post");
      for (let i = 0; i < 5; i++) yield* filePart("files", `o${i}.jpg`, 2 * MB);
      yield closing();
    }
    const res = await streamRequest("/create/upload?target=post", { headers: { "Content-Type": MULTIPART, Cookie: outsider.cookie }, pieces: files() });
    expect(res.status).toBe(403);
    expect(leftInTmp()).toEqual([]);
  });
});

describe("malformed multipart bodies are 4xx", () => {
  const noBoundary = { "Content-Type": "multipart/form-data" };

  it.each([
    ["/login", false],
    ["/register", false],
    ["/create/upload?target=post", true],
    ["/create/post", true],
    ["/post/{id}", true],
    ["/profile/photo", true],
    ["/profile/edit", true],
  ])("%s without a boundary is a 400", async (route, signedIn) => {
    const res = await rawRequest(route.replace("{id}", postId), {
      method: "POST",
      headers: { ...noBoundary, Origin: new URL(student.base).origin, ...(signedIn ? { Cookie: student.cookie } : {}) },
      body: "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n",
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ["a boundary that never appears", `multipart/form-data; boundary=nothere`, "just some bytes"],
    ["a part without Content-Disposition", MULTIPART, `--${MULTIPART.split("=")[1]}\r\nX-Other: 1\r\n\r\nb\r\n--${MULTIPART.split("=")[1]}--\r\n`],
    ["a body cut before the closing boundary", MULTIPART, fieldPart("text", "hello").toString()],
    ["a boundary of 200 characters", `multipart/form-data; boundary=${"b".repeat(200)}`, "x"],
    ["a quoted boundary with spaces around", `multipart/form-data ;  boundary="${MULTIPART.split("=")[1]}" `, fieldPart("text", "hi").toString() + closing().toString()],
  ])("%s: never a 500", async (_name, type, body) => {
    const res = await rawRequest(`/post/${postId}`, { method: "POST", headers: { "Content-Type": type, Origin: new URL(student.base).origin, Cookie: student.cookie }, body });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(500);
  });
});
