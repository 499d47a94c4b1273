// A crash mid-upload costs no disk for ever: the production server is killed
// (SIGKILL) while it stores the photos of a post, which leaves WebP variants on
// disk that no row names; once they are an hour old (their times set back
// here), the storage sweep of the restarted server removes them, and the
// photos of a post that was committed stay.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, localCampusOrigins, spawnAppServer, waitUntilListening } from "../e2e/app-server";
import { dropDatabase, newDatabaseUrl } from "../e2e/database";
import { rawRequest } from "./client";
import { BOUNDARY, closing, fieldPart, MULTIPART } from "./stream";
import { signUpStudent } from "./users";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-crash-"));
fs.mkdirSync(path.join(dir, "tmp"));
let databaseUrl: string | undefined;
let child: ReturnType<typeof spawnAppServer> | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  if (databaseUrl) await dropDatabase(databaseUrl);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under the server's uploads folder, as paths relative to it. */
function uploads(): string[] {
  const root = path.join(dir, "uploads");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

/** A noisy photo: slow enough to re-encode that the server is still storing when it is killed. */
function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 100 + seed, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function uploadBody(text: string, photos: Buffer[]): Buffer {
  return Buffer.concat([
    fieldPart("target", "post"),
    fieldPart("text", text),
    ...photos.flatMap((bytes, i) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="photo-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from("\r\n"),
    ]),
    closing(),
  ]);
}

describe("a crash mid-upload", () => {
  it("leaves files no row names, and the restarted server's sweep removes them once an hour old", { timeout: 180_000 }, async () => {
    databaseUrl = await newDatabaseUrl(dir);
    const port = await freePort();
    const env = { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, CAMPUS_ORIGINS: localCampusOrigins(port), DATABASE_URL: databaseUrl, SEED_DEMO: "0" };
    child = spawnAppServer(env, dir);
    const { url } = await waitUntilListening(child);
    const student = await signUpStudent({ base: url });
    const headers = { "Content-Type": MULTIPART, Origin: url, Cookie: student.cookie };

    // A post that commits: its photo's files are named by a row.
    const kept = await rawRequest("/create/upload?target=post", { method: "POST", base: url, headers, body: uploadBody("Committed lamp", [await photo(0)]) });
    expect(kept.status, kept.body.slice(0, 300)).toBeLessThan(400);
    const committed = uploads();
    expect(committed.length).toBeGreaterThan(0);

    // Another upload, killed while its variants are being written.
    const photos = await Promise.all([1, 2, 3, 4].map(photo));
    const cut = rawRequest("/create/upload?target=post", { method: "POST", base: url, headers, body: uploadBody("Never committed", photos) }).catch(() => null);
    const started = Date.now();
    while (uploads().length === committed.length && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 10));
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGKILL");
    await exited;
    await cut;
    const leftovers = uploads().filter((f) => !committed.includes(f));
    expect(leftovers.length).toBeGreaterThan(0);

    // An hour later (the files' times set back), the server starts again.
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const file of uploads()) fs.utimesSync(path.join(dir, "uploads", file), old, old);
    child = spawnAppServer(env, dir);
    const restarted = await waitUntilListening(child);
    const deadline = Date.now() + 30_000;
    // The line with the counts comes once the sweep is over (after its last delete).
    const swept = /storage sweep: removed \d+ orphaned object\(s\)/;
    while (!swept.test(restarted.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

    expect(uploads()).toEqual(committed);
    expect(restarted.output()).toMatch(swept);
    // The committed post's photo is still served; the other post never existed.
    const feed = await rawRequest("/home", { base: url, headers: { Cookie: student.cookie } });
    expect(feed.body).toContain("Committed lamp");
    expect(feed.body).not.toContain("Never committed");
    const media = await rawRequest(`/media/${committed[0]!.split(path.sep).join("/")}`, { base: url });
    expect(media.status).toBe(200);
  });
});
