// The video worker among other writers, on both databases: a claim the
// database is too busy to take (SQLite's write lock held elsewhere) is tried
// again at the next poll without an error in the log, and the job is then done;
// an idle poll takes no write lock at all; only unexpected errors count as
// errors. And ffmpeg bounds its own CPU time, so a copy whose Node process died
// ends by itself.
import fs from "node:fs";
import os from "node:os";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createVideoWorker } from "~/flows/video-processing.server";
import { seed } from "~/flows/seed.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { claimVideoJob, isBusyError, videoJobOf } from "~/models/video-jobs.server";
import { getDb, newId, schema } from "~/services/db.server";
import { getStorage } from "~/services/storage.server";
import { runTool } from "~/services/video/ffmpeg.server";
import { tinyVideo } from "../support/video-fixtures";

const onSqlite = !/^postgres(?:ql)?:/.test(process.env.DATABASE_URL ?? "");

beforeAll(async () => {
  await seed({ demo: false });
});
beforeEach(async () => {
  await getDb().delete(schema.videoJobs);
});

let users = 0;
/** A post whose one real (tiny) video waits for the worker; its media id. */
async function queuedVideo(): Promise<string> {
  const n = ++users;
  const me = await insertUser({ campusId: "ou", firstName: "Vid", lastName: "W.", username: `vworker-${n}`, email: `vworker-${n}@ou.edu`, verified: true, schoolVerified: true });
  const postId = newId();
  const key = `posts/${postId}/1.mp4`;
  const bytes = Buffer.from(await tinyVideo());
  await getStorage().put(key, bytes);
  await createPost({
    id: postId,
    authorId: me.id,
    campusId: "ou",
    blocks: [{ text: "Clip" }],
    origin: "http://localhost:3000",
    media: [{ kind: "video", path: key, name: "clip.mp4", order: 1, width: null, height: null, variants: null, mimeType: "video/mp4", size: bytes.length, status: "processing" }],
  });
  const [row] = await getDb().select({ id: schema.media.id }).from(schema.media).where(eq(schema.media.postId, postId));
  return row!.id;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("busy databases", () => {
  it("knows a lock it could not take from other errors, through drizzle's wrapping", () => {
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    expect(isBusyError(new DrizzleQueryError("update video_jobs …", [], busy))).toBe(true);
    expect(isBusyError(busy)).toBe(true);
    expect(isBusyError(Object.assign(new Error("snapshot"), { code: "SQLITE_BUSY_SNAPSHOT" }))).toBe(true);
    expect(isBusyError(new DrizzleQueryError("…", [], Object.assign(new Error("lock"), { code: "55P03" })))).toBe(true);
    expect(isBusyError(new DrizzleQueryError("…", [], Object.assign(new Error("dup"), { code: "23505" })))).toBe(false);
    expect(isBusyError(new DrizzleQueryError("…", [], Object.assign(new Error("corrupt"), { code: "SQLITE_CORRUPT" })))).toBe(false);
    expect(isBusyError(new Error("boom"))).toBe(false);
    expect(isBusyError("SQLITE_BUSY")).toBe(false);
  });

  it.skipIf(!onSqlite)("an idle poll takes no write lock: no job due is answered at once while another connection writes", async () => {
    const other = new Database(process.env.DATABASE_URL!);
    try {
      other.exec("BEGIN IMMEDIATE");
      const started = performance.now();
      expect(await claimVideoJob("idle", 60_000)).toBeNull();
      // Without the read first, the UPDATE would wait out the 5 s busy timeout.
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });

  it.skipIf(!onSqlite)(
    "a claim refused for SQLITE_BUSY logs nothing and is tried again at the next poll",
    async () => {
      const mediaId = await queuedVideo();
      const logged: string[] = [];
      const other = new Database(process.env.DATABASE_URL!);
      const worker = createVideoWorker({ workers: 1, leaseMs: 30_000, pollMs: 300, log: (m) => logged.push(m) });
      try {
        // Another connection holds the write lock past the claim's busy timeout.
        other.exec("BEGIN IMMEDIATE");
        worker.start();
        worker.nudge();
        await new Promise((r) => setTimeout(r, 6_500));
        expect(await videoJobOf(mediaId)).toMatchObject({ status: "queued", attempts: 0 });
        other.exec("COMMIT");
        await until(async () => (await videoJobOf(mediaId))?.status === "done", 60_000);
      } finally {
        if (other.inTransaction) other.exec("ROLLBACK");
        other.close();
        await worker.stop();
      }
      expect(logged).toEqual([]);
    },
    90_000,
  );
});

describe("ffmpeg's own limit", () => {
  it.skipIf(!fs.existsSync("/proc/self/limits"))("runs with a CPU-time limit of its own, never shorter than the wall-clock one", async () => {
    const timeoutMs = 20_000;
    let pid = 0;
    const running = runTool("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10", "-f", "null", "-"], { timeoutMs, onSpawn: (p) => (pid = p) }).catch((e: unknown) => e);
    try {
      // `nice` replaces itself with ffmpeg (same pid), which sets its limit once its options are read.
      let limit = "";
      await until(async () => {
        const limits = fs.existsSync(`/proc/${pid}/limits`) ? fs.readFileSync(`/proc/${pid}/limits`, "utf8") : "";
        limit = /^Max cpu time\s+(\S+)/m.exec(limits)?.[1] ?? "";
        return /^\d+$/.test(limit);
      }, 10_000);
      expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("-timelimit");
      expect(Number(limit)).toBe((timeoutMs / 1000) * os.availableParallelism());
    } finally {
      process.kill(-pid, "SIGKILL");
      await running;
    }
  });
});
