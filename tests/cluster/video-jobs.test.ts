// Video jobs across production processes on one PostgreSQL database and one
// bucket: a process killed with `kill -9` in the middle of a transcode leaves
// its job to another process, which takes it once the lease has run out and
// completes it exactly once (one MP4 and its posters in the bucket, the job
// done once); processes working side by side never take the same job.
// Run through tests/pg/run.mjs (npm run test:cluster).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "~/services/storage/s3.server";
import { createDatabase, dropDatabases, testServerUrl, uniqueName } from "../pg/databases.mjs";
import { startAppCluster, type AppCluster } from "../support/app-cluster";
import { startS3Server, type S3Server } from "../support/s3-server";

if (!testServerUrl()) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run test:cluster` (tests/pg/run.mjs)");

const run = promisify(execFile);
const prefix = uniqueName("campus_vjobs");
const LEASE_MS = 3_000;
let databaseUrl: string;
let db: pg.Pool;
let s3: S3Server;
const clusters: AppCluster[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "campus-vjobs-cluster-"));
/** An AVI (so it must be transcoded) long enough that its transcode takes several seconds. */
const longClip = path.join(tmp, "long.avi");
const shortClip = path.join(tmp, "short.avi");

beforeAll(async () => {
  databaseUrl = await createDatabase(prefix);
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  s3 = await startS3Server();
  const lavfi = (size: string, seconds: number) => ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30:duration=${seconds}`];
  await Promise.all([
    // 720p for 20 s: its transcode takes several seconds even on a fast machine (a 360p 12 s clip was done within the second the test waits).
    run("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...lavfi("1280x720", 20), "-c:v", "mpeg4", "-q:v", "4", longClip]),
    run("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...lavfi("320x240", 2), "-c:v", "mpeg4", "-q:v", "5", shortClip]),
  ]);
}, 120_000);

afterAll(async () => {
  for (const cluster of clusters) await cluster.stop();
  await db?.end();
  await s3?.stop();
  if (databaseUrl) await dropDatabases(prefix);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

afterEach((ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  for (const c of clusters) for (const p of c.processes) console.error(`--- process ${p.name}:${p.pid} (last lines)\n${p.output().slice(-4000)}`);
});

/** One more app process on the shared database and bucket, taking video jobs. */
async function startProcess(): Promise<AppCluster["processes"][number]> {
  const cluster = await startAppCluster({ count: 1, env: { DATABASE_URL: databaseUrl, ...s3.env, VIDEO_WORKERS: "1", VIDEO_LEASE_MS: String(LEASE_MS) } });
  clusters.push(cluster);
  return cluster.processes[0]!;
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const bucket = () =>
  createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });

let authorId: string | undefined;
/** A post with one uploaded video waiting for processing, as an upload leaves it (original in the bucket, rows and job); its ids. */
async function queueVideo(clip: string): Promise<{ postId: string; mediaId: string; original: string }> {
  if (!authorId) {
    authorId = randomBytes(12).toString("base64url");
    await query("insert into users (id, campus_id, first_name, last_name, username, email, verified, school_verified) values ($1, 'ou', 'Vid', 'Eo', 'vid-eo', 'vid@ou.edu', true, true)", [authorId]);
  }
  const postId = randomBytes(12).toString("base64url");
  const mediaId = randomBytes(12).toString("base64url");
  const original = `posts/${postId}/1.avi`;
  await bucket().put(original, fs.createReadStream(clip));
  await query(`insert into posts (id, campus_id, author_id, text, vid_count) values ($1, 'ou', $2, '[{"text":"Clip"}]'::jsonb, 1)`, [postId, authorId]);
  await query("insert into media (id, post_id, kind, path, name, img_order, mime_type, size, status) values ($1, $2, 'video', $3, 'clip.avi', 1, 'video/x-msvideo', $4, 'processing')", [
    mediaId,
    postId,
    original,
    fs.statSync(clip).size,
  ]);
  await query("insert into video_jobs (id, media_id) values ($1, $2)", [randomBytes(12).toString("base64url"), mediaId]);
  return { postId, mediaId, original };
}

type JobRow = { status: string; attempts: number; claimed_by: string | null; finished_at: string | null };
const jobOf = async (mediaId: string) => (await query<JobRow>("select status, attempts, claimed_by, finished_at from video_jobs where media_id = $1", [mediaId]))[0];
type MediaRow = { status: string; path: string; poster_path: string | null; poster_variants: number[] | null };
const mediaOf = async (mediaId: string) => (await query<MediaRow>("select status, path, poster_path, poster_variants from media where id = $1", [mediaId]))[0];

/** The processes a process started (ffmpeg under nice has the same pid): read from /proc. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Fields after the command name, which is in parentheses: state, then the parent's pid.
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** What the bucket holds for a processed video: exactly its MP4 and posters, nothing else under the post. */
async function expectOnlyOutputs(q: { postId: string; mediaId: string }) {
  const row = await mediaOf(q.mediaId);
  expect(row?.status).toBe("ready");
  const keys = await s3.keys(`posts/${q.postId}/`);
  expect(keys).toEqual([row!.path, ...row!.poster_variants!.map((w) => `${row!.poster_path}-${w}.webp`)].sort());
  expect(keys.filter((k) => k.endsWith(".mp4"))).toHaveLength(1);
}

describe("video jobs over several processes", () => {
  it("a job whose process was killed with kill -9 mid-transcode is completed by another process, once", async () => {
    const A = await startProcess();
    const q = await queueVideo(longClip);
    // A takes it and starts ffmpeg.
    await waitFor("A to claim the job", async () => (await jobOf(q.mediaId))?.status === "running", 30_000);
    expect((await jobOf(q.mediaId))?.claimed_by).toContain(`:${A.pid}:`);
    await waitFor("A's ffmpeg", async () => childrenOf(A.pid).length > 0, 30_000);
    await sleep(500);
    const tools = childrenOf(A.pid);
    process.kill(A.pid, "SIGKILL");
    // The ffmpeg it started runs in a group of its own: a process manager kills it with the service; here the test does.
    for (const pid of tools) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await A.exited;
    expect((await jobOf(q.mediaId))?.status).toBe("running");
    expect(await s3.keys(`posts/${q.postId}/`)).toEqual([q.original]);

    const B = await startProcess();
    await waitFor("B to complete the job", async () => (await jobOf(q.mediaId))?.status === "done", 180_000);
    const job = await jobOf(q.mediaId);
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    expect(job!.claimed_by).toContain(`:${B.pid}:`);
    await expectOnlyOutputs(q);
    expect(B.output()).not.toMatch(/video job .*(failed|could not)/);
  }, 300_000);

  it("two processes working side by side take each job once", async () => {
    // A second process beside B (started in the test before).
    await startProcess();
    const queued = [];
    for (let i = 0; i < 4; i++) queued.push(await queueVideo(shortClip));
    await waitFor("every job done", async () => {
      const rows = await query<{ n: number }>("select count(*)::int as n from video_jobs where status <> 'done'");
      return rows[0]!.n === 0;
    });
    for (const q of queued) {
      expect(await jobOf(q.mediaId)).toMatchObject({ status: "done", attempts: 1 });
      await expectOnlyOutputs(q);
    }
  }, 180_000);
});
