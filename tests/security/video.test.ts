// Videos as raw HTTP against the production build: a video over 3 minutes is
// refused at upload (4xx, the message, the draft back, nothing stored); a
// damaged file behind a valid MP4 header is refused at upload or taken off its
// post by the job with a notice to its author; and the upload as sent is never
// served by its key, not even to its author, while its MP4 is being made.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREADABLE } from "~/services/video/probe.server";
import { VIDEO_TOO_LONG } from "~/utils/video-rules";
import { startAppServer, type AppServer } from "../e2e/app-server";
import { rawRequest, serverUrl, type RawResponse } from "./client";
import { closing, fieldPart, MULTIPART, partHead } from "./stream";
import { signUpStudent, type SecurityUser } from "./users";

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "campus-sec-video-"));
const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const as = (user: SecurityUser) => ({ Cookie: user.cookie });

const file = { tooLong: path.join(tmp, "long.mp4"), short: path.join(tmp, "short.mp4"), corrupt: path.join(tmp, "corrupt.mp4") };

// This file's own server takes no video job (VIDEO_WORKERS=0): an upload stays as sent, processing, for as long as the test looks.
let idle: AppServer;

beforeAll(async () => {
  const ffmpeg = (args: string[]) => run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args]);
  [idle] = await Promise.all([
    startAppServer({ VIDEO_WORKERS: "0" }),
    // 181 s of tiny frames: small, and one second over the limit.
    ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=16x16:rate=2:duration=181", "-c:v", "libx264", "-preset", "ultrafast", file.tooLong]),
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file.short]).then(() =>
      // A real MP4's first 8 KB (the header a sniffer and a prober read first), then noise.
      fs.promises.writeFile(file.corrupt, Buffer.concat([fs.readFileSync(file.short).subarray(0, 8192), randomBytes(64 * 1024)])),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await idle?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The no-JS composer's multipart post of a listing with one video. */
function postVideo(user: SecurityUser, text: string, video: string, base: string): Promise<RawResponse> {
  const fields = { intent: "send", target: "post", text, category: "all" };
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => fieldPart(name, value)),
    partHead("files", path.basename(video), "video/mp4"),
    fs.readFileSync(video),
    Buffer.from("\r\n"),
    closing(),
  ]);
  return rawRequest("/create/post?goBack=%2Fhome", { method: "POST", base, headers: { "Content-Type": MULTIPART, Origin: new URL(base).origin, ...as(user) }, body });
}

const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/** The post on its author's feed that says `text`, or undefined. */
async function postIdOf(user: SecurityUser, text: string, base: string): Promise<string | undefined> {
  const feed = (await rawRequest("/home", { base, headers: as(user) })).body;
  const at = feed.indexOf(escaped(text));
  return at >= 0 ? [...feed.slice(0, at).matchAll(/<article class="card post-card" id="post-([\w-]+)"/g)].at(-1)?.[1] : undefined;
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** A refused upload: 4xx, the message shown, the text back in the composer, no post. */
async function expectRefused(res: RawResponse, message: string, draft: string, user: SecurityUser, base: string) {
  expect(res.status, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const page = withoutScripts(res.body);
  expect(page).toContain(escaped(message));
  expect(page).toMatch(new RegExp(`<textarea[^>]*name="text"[^>]*>${escaped(draft)}</textarea>`));
  expect(await postIdOf(user, draft, base)).toBeUndefined();
}

describe("video uploads", () => {
  it("a video over 3 minutes: 4xx 'Videos can be at most 3 minutes long.', the draft kept, nothing stored", async () => {
    const author = await signUpStudent({ base: idle.url });
    const uploads = path.join(idle.dir, "uploads");
    const before = filesUnder(uploads);
    const draft = `Long concert recording ${stamp()}`;
    await expectRefused(await postVideo(author, draft, file.tooLong, idle.url), VIDEO_TOO_LONG, draft, author, idle.url);
    expect(filesUnder(uploads)).toEqual(before);
    // Nor left in the server's temporary folder (ffprobe's workspace, the parsed upload).
    expect(filesUnder(path.join(idle.dir, "tmp"))).toEqual([]);
  }, 60_000);

  it("a damaged file behind a valid header: refused at upload, or removed from its post by the job with the notice", async () => {
    const author = await signUpStudent();
    const draft = `Broken clip ${stamp()}`;
    const res = await postVideo(author, draft, file.corrupt, serverUrl());
    if (res.status !== 302) {
      await expectRefused(res, UNREADABLE, draft, author, serverUrl());
      return;
    }
    // Taken: the post stays, the video goes, and its author is told why.
    const postId = await postIdOf(author, draft, serverUrl());
    expect(postId).toBeTruthy();
    let notices = "";
    for (let i = 0; i < 60 && !notices.includes("We couldn&#x27;t process your video: "); i++) {
      await new Promise((r) => setTimeout(r, 500));
      notices = (await rawRequest("/notifications", { headers: as(author) })).body;
    }
    expect(notices).toContain("We couldn&#x27;t process your video: ");
    const page = await rawRequest(`/post/${postId}`, { headers: as(author) });
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<video|Processing video/);
    expect((await rawRequest(`/media/posts/${postId}/1.mp4`, { headers: as(author) })).status).toBe(404);
  }, 60_000);

  it("the upload as sent is a 404 by its key to everyone, its author included, while it waits for processing", async () => {
    const [author, other] = await Promise.all([signUpStudent({ base: idle.url }), signUpStudent({ base: idle.url })]);
    const draft = `Bike walkaround ${stamp()}`;
    const sent = await postVideo(author, draft, file.short, idle.url);
    expect(sent.status, sent.body.slice(0, 300)).toBe(302);
    const postId = await postIdOf(author, draft, idle.url);
    expect(postId).toBeTruthy();
    const key = `posts/${postId}/1.mp4`;
    // It is there, as sent, for the job to read through the store.
    expect(fs.existsSync(path.join(idle.dir, "uploads", key))).toBe(true);
    expect((await rawRequest(`/post/${postId}`, { base: idle.url, headers: as(author) })).body).toContain("Processing video…");
    for (const headers of [{}, as(other), as(author), { ...as(author), Range: "bytes=0-99" }]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await rawRequest(`/media/${key}`, { base: idle.url, method, headers });
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.headers["content-type"] ?? "").not.toMatch(/^video\//);
        expect(res.bytes.includes(fs.readFileSync(file.short).subarray(0, 64))).toBe(false);
      }
    }
  }, 60_000);
});
