// Videos end to end below HTTP, on both databases: the upload check (too long,
// unreadable, no ffmpeg), then each fixture queued with its post and processed
// by the worker through the disk storage and through S3 (s3rver): the media row
// points at an H.264/AAC MP4 within the caps with its posters, the original is
// gone; a damaged file is removed from its post with a notice to its author;
// stopping the worker mid-job kills ffmpeg and gives the job back untried.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createVideoWorker, processDueVideoJobs } from "~/flows/video-processing.server";
import { seed } from "~/flows/seed.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { videoJobOf } from "~/models/video-jobs.server";
import { resetConfig } from "~/services/config.server";
import { getDb, newId, schema } from "~/services/db.server";
import { MediaError, storeMedia } from "~/services/media.server";
import { getStorage, type Storage } from "~/services/storage.server";
import { createS3Storage } from "~/services/storage/s3.server";
import { resetFfmpegLookup, WORKSPACE_PREFIX } from "~/services/video/ffmpeg.server";
import { UNREADABLE } from "~/services/video/probe.server";
import { VIDEO_TOO_LONG, VIDEOS_UNAVAILABLE } from "~/utils/video-rules";
import { startS3Server, type S3Server } from "../support/s3-server";
import { ffprobeJson, makeVideoFixtures, type VideoFixtures } from "../support/video-fixtures";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "campus-vproc-test-"));
const previousTmp = process.env.TMPDIR;
process.env.TMPDIR = path.join(tmp, "tmp");
fs.mkdirSync(process.env.TMPDIR);
let fx: VideoFixtures;
let s3: S3Server;

beforeAll(async () => {
  [fx, s3] = await Promise.all([makeVideoFixtures(path.join(tmp, "fixtures")), startS3Server()]);
  await seed({ demo: false });
}, 300_000);

afterAll(async () => {
  await s3?.stop();
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  // ffmpeg's workspaces are removed on every path.
  expect(fs.readdirSync(process.env.TMPDIR!).filter((n) => n.startsWith(WORKSPACE_PREFIX))).toEqual([]);
});

const s3Storage = (): Storage =>
  createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });

const quiet = () => undefined;
let users = 0;
async function author() {
  const n = ++users;
  return insertUser({ campusId: "ou", firstName: "Vid", lastName: "Eo", username: `vproc-${n}`, email: `vproc-${n}@ou.edu`, verified: true, schoolVerified: true });
}

const fileOf = (file: string, name: string) => new File([fs.readFileSync(file)], name);

/** A post whose video (the fixture, stored as uploaded in `storage`) waits for the worker. */
async function queued(storage: Storage, fixture: string, mime = "video/mp4") {
  const me = await author();
  const postId = newId();
  const original = `posts/${postId}/1${path.extname(fixture)}`;
  await storage.put(original, fs.createReadStream(fixture));
  await createPost({
    id: postId,
    authorId: me.id,
    campusId: "ou",
    blocks: [{ text: "Watch this" }],
    origin: "http://localhost:3000",
    media: [{ kind: "video", path: original, name: path.basename(fixture), order: 1, width: null, height: null, variants: null, mimeType: mime, size: fs.statSync(fixture).size, status: "processing" }],
  });
  const [row] = await getDb().select().from(schema.media).where(eq(schema.media.postId, postId));
  return { postId, authorId: me.id, original, mediaId: row!.id };
}

async function mediaRow(id: string) {
  const [row] = await getDb().select().from(schema.media).where(eq(schema.media.id, id));
  return row;
}

/** The stored MP4 as ffprobe sees it. */
async function probeStored(storage: Storage, key: string) {
  const local = path.join(tmp, `${newId()}.mp4`);
  const stream = await storage.read(key);
  if (!stream) throw new Error(`${key} is not stored`);
  await pipeline(stream, fs.createWriteStream(local));
  return ffprobeJson(local);
}

const rate = (value = "0/1") => {
  const [n = 0, d = 1] = value.split("/").map(Number);
  return n / d;
};

async function expectProcessed(storage: Storage, q: Awaited<ReturnType<typeof queued>>, expected: { width: number; height: number; seconds: number }) {
  const row = await mediaRow(q.mediaId);
  expect(row).toMatchObject({ status: "ready", mimeType: "video/mp4", width: expected.width, height: expected.height });
  expect(Math.abs(row!.durationMs! - expected.seconds * 1000)).toBeLessThanOrEqual(500);
  // New names: the MP4 and posters share a base that is not the original's.
  expect(row!.path).toMatch(new RegExp(`^posts/${q.postId}/1-[\\w-]{10}\\.mp4$`));
  expect(row!.posterPath).toBe(row!.path.slice(0, -".mp4".length));
  expect(row!.posterVariants!.length).toBeGreaterThanOrEqual(2);
  expect(Math.max(...row!.posterVariants!)).toBeLessThanOrEqual(640);
  for (const w of row!.posterVariants!) expect(await storage.stat(`${row!.posterPath}-${w}.webp`), `poster ${w}`).not.toBeNull();
  expect(await storage.stat(q.original)).toBeNull();
  expect((await storage.stat(row!.path))?.size).toBe(row!.size);
  const probed = await probeStored(storage, row!.path);
  const v = probed.streams.find((s) => s.codec_type === "video")!;
  const a = probed.streams.find((s) => s.codec_type === "audio");
  expect(v.codec_name).toBe("h264");
  expect(v.pix_fmt).toBe("yuv420p");
  expect([v.width, v.height]).toEqual([expected.width, expected.height]);
  expect(Math.max(v.width!, v.height!)).toBeLessThanOrEqual(1280);
  expect(rate(v.avg_frame_rate)).toBeLessThanOrEqual(30.01);
  expect(v.side_data_list?.find((d) => d.side_data_type === "Display Matrix")?.rotation ?? 0).toBe(0);
  expect(a?.codec_name).toBe("aac");
  expect(Math.abs(Number(probed.format.duration) - expected.seconds)).toBeLessThanOrEqual(0.5);
  expect(await videoJobOf(q.mediaId)).toMatchObject({ status: "done", attempts: 1 });
}

describe("the upload check", () => {
  it("refuses a video over 3 minutes and an unreadable one before storing anything", async () => {
    const prefix = `posts/${newId()}`;
    await expect(storeMedia(prefix, [fileOf(fx.tooLong, "long.mp4")])).rejects.toMatchObject({ message: VIDEO_TOO_LONG, status: 400 });
    await expect(storeMedia(prefix, [fileOf(fx.corrupt, "broken.mp4")])).rejects.toMatchObject({ message: UNREADABLE, status: 400 });
    expect(await getStorage().stat(`${prefix}/1.mp4`)).toBeNull();
  });

  it("stores a video as uploaded, processing", async () => {
    const [stored] = await storeMedia(`posts/${newId()}`, [fileOf(fx.avi, "clip.avi")]);
    expect(stored).toMatchObject({ kind: "video", status: "processing" });
    expect(stored!.path).toMatch(/\/1\.avi$/);
    expect(await getStorage().stat(stored!.path)).not.toBeNull();
  });

  it("refuses videos, not photos, when the server has no ffmpeg", async () => {
    const previousPath = process.env.PATH;
    process.env.PATH = path.join(tmp, "empty");
    resetConfig();
    resetFfmpegLookup();
    try {
      const error = await storeMedia(`posts/${newId()}`, [fileOf(fx.compliant, "clip.mp4")]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaError);
      expect((error as MediaError).message).toBe(VIDEOS_UNAVAILABLE);
      const png = await (await import("sharp")).default({ create: { width: 40, height: 30, channels: 3, background: "#888" } }).png().toBuffer();
      const [photo] = await storeMedia(`posts/${newId()}`, [new File([new Uint8Array(png)], "a.png")]);
      expect(photo?.kind).toBe("image");
    } finally {
      process.env.PATH = previousPath;
      resetConfig();
      resetFfmpegLookup();
    }
  });
});

describe("the worker", () => {
  for (const driver of ["disk", "S3"] as const) {
    it(`makes each kind of upload an MP4 that plays everywhere, with posters (${driver})`, async () => {
      const storage = driver === "disk" ? getStorage() : s3Storage();
      const cases = [
        { fixture: fx.avi, mime: "video/x-msvideo", expected: { width: 640, height: 480, seconds: 3 } },
        { fixture: fx.rotated, mime: "video/mp4", expected: { width: 360, height: 640, seconds: 2 } },
        { fixture: fx.compliant, mime: "video/mp4", expected: { width: 640, height: 360, seconds: 3 } },
        ...(fx.hevcMov ? [{ fixture: fx.hevcMov, mime: "video/quicktime", expected: { width: 640, height: 360, seconds: 3 } }] : []),
      ];
      const jobs = [];
      for (const c of cases) jobs.push({ q: await queued(storage, c.fixture, c.mime), expected: c.expected });
      const results = await processDueVideoJobs({ storage, log: quiet });
      expect(results).toEqual(cases.map(() => "done"));
      for (const { q, expected } of jobs) await expectProcessed(storage, q, expected);
    }, 180_000);
  }

  it("removes a damaged video from its post and tells its author, once", async () => {
    const storage = getStorage();
    const q = await queued(storage, fx.corrupt);
    expect(await processDueVideoJobs({ storage, log: quiet })).toEqual(["failed"]);
    expect(await mediaRow(q.mediaId)).toBeUndefined();
    expect(await storage.stat(q.original)).toBeNull();
    const [post] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, q.postId));
    expect(post).toMatchObject({ deletedAt: null, vidCount: 0 });
    const page = await getNotificationsPage({ userId: q.authorId, timeZone: "UTC" });
    expect(page.items.map((n) => n.notice)).toEqual([`We couldn't process your video: ${UNREADABLE}`]);
  }, 60_000);

  it("on stop kills ffmpeg and gives the job back; the 1080p clip then becomes a 720p MP4", async () => {
    const storage = getStorage();
    const q = await queued(storage, fx.fullHd);
    const worker = createVideoWorker({ workers: 1, leaseMs: 5_000, pollMs: 50, storage, log: quiet });
    worker.start();
    // Wait until it works on the job (running), then stop it mid-transcode.
    for (let i = 0; i < 200 && (await videoJobOf(q.mediaId))?.status !== "running"; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1500));
    const stoppedAt = Date.now();
    await worker.stop();
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(await videoJobOf(q.mediaId)).toMatchObject({ status: "queued", attempts: 0, claimedBy: null });
    expect(await mediaRow(q.mediaId)).toMatchObject({ status: "processing", path: q.original });
    const started = Date.now();
    expect(await processDueVideoJobs({ storage, log: quiet })).toEqual(["done"]);
    console.log(`1080p 10 s clip processed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await expectProcessed(storage, q, { width: 1280, height: 720, seconds: 10 });
    const row = await mediaRow(q.mediaId);
    expect(row!.size).toBeLessThanOrEqual(2.5 * 1024 * 1024);
  }, 180_000);
});
