// The video processing queue on both databases: a video's job is written with
// its post; claims are exclusive (two holders racing take each job once); a
// running job whose lease ran out is taken again and the late holder cannot
// complete it; retries back off and the third failure (or a permanent one at
// once) removes the video from its post with a notice to its author; deleting
// a post takes its pending job and every file of its videos.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keysInUse } from "~/models/stored-media.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { createPost, deletePost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import {
  claimVideoJob,
  completeVideoJob,
  releaseVideoJob,
  renewVideoLease,
  retryOrFailVideoJob,
  videoFailedNotice,
  videoJobOf,
  type VideoJob,
} from "~/models/video-jobs.server";
import { seed } from "~/flows/seed.server";
import { getDb, newId, schema } from "~/services/db.server";
import { getStorage } from "~/services/storage.server";

beforeAll(async () => {
  await seed({ demo: false });
});
// Each test claims at times of its own: the jobs of the tests before are out of its way.
beforeEach(async () => {
  await getDb().delete(schema.videoJobs);
});

let users = 0;
async function author() {
  const n = ++users;
  return insertUser({ campusId: "ou", firstName: "Vid", lastName: "Eo", username: `vjobs-${n}`, email: `vjobs-${n}@ou.edu`, verified: true, schoolVerified: true });
}

/** A post with a photo and `videos` uploaded videos (processing); returns the post, its author and the video media ids. */
async function postWithVideos(videos = 1, authorId?: string) {
  const authorIdUsed = authorId ?? (await author()).id;
  const postId = newId();
  await createPost({
    id: postId,
    authorId: authorIdUsed,
    campusId: "ou",
    blocks: [{ text: "Bike for sale" }],
    origin: "http://localhost:3000",
    media: [
      { kind: "image", path: `posts/${postId}/1`, name: "bike.png", order: 1, width: 800, height: 600, variants: [200], mimeType: "image/webp", size: 10 },
      ...Array.from({ length: videos }, (_, i) => ({
        kind: "video" as const,
        path: `posts/${postId}/${i + 2}.mov`,
        name: "ride.mov",
        order: i + 2,
        width: null,
        height: null,
        variants: null,
        mimeType: "video/quicktime",
        size: 10,
        status: "processing" as const,
      })),
    ],
  });
  const rows = await getDb().select().from(schema.media).where(eq(schema.media.postId, postId));
  return { postId, authorId: authorIdUsed, videoIds: rows.filter((r) => r.kind === "video").map((r) => r.id), rows };
}

/** Claims until this holder has the job of `mediaId` (earlier tests' jobs may be due too; they are given back). */
async function claimFor(mediaId: string, holder: string, leaseMs: number, now: number): Promise<VideoJob> {
  const others: VideoJob[] = [];
  try {
    for (;;) {
      const job = await claimVideoJob(holder, leaseMs, now);
      if (!job) throw new Error(`no job for ${mediaId}`);
      if (job.mediaId === mediaId) return job;
      others.push(job);
    }
  } finally {
    for (const other of others) await releaseVideoJob(other.id, holder, now);
  }
}

const processed = (base: string) => ({ path: `${base}.mp4`, size: 1234, width: 640, height: 360, durationMs: 3000, posterPath: base, posterVariants: [200, 400, 640] });

describe("the video queue", () => {
  it("writes a queued job with each uploaded video, and none for a photo", async () => {
    const { videoIds, rows } = await postWithVideos(2);
    expect(rows.find((r) => r.kind === "image")?.status).toBe("ready");
    for (const id of videoIds) {
      expect(rows.find((r) => r.id === id)?.status).toBe("processing");
      expect(await videoJobOf(id)).toMatchObject({ status: "queued", attempts: 0 });
    }
    const jobs = await getDb().select().from(schema.videoJobs);
    expect(jobs.filter((j) => rows.some((r) => r.kind === "image" && r.id === j.mediaId))).toEqual([]);
  });

  it("gives each job to one holder when several claim at once", async () => {
    const { videoIds } = await postWithVideos(4);
    const now = Date.now() + 60_000;
    const holders = ["a", "b", "c", "d", "e", "f"];
    const claimed: VideoJob[] = [];
    // Every holder keeps claiming until nothing is due: six racing loops.
    await Promise.all(
      holders.map(async (holder) => {
        for (let job = await claimVideoJob(holder, 60_000, now); job; job = await claimVideoJob(holder, 60_000, now)) claimed.push(job);
      }),
    );
    const ours = claimed.filter((j) => videoIds.includes(j.mediaId));
    expect(ours.map((j) => j.mediaId).sort()).toEqual([...videoIds].sort());
    expect(new Set(claimed.map((j) => j.id)).size).toBe(claimed.length);
    for (const job of ours) {
      expect(job).toMatchObject({ status: "running", attempts: 1, leaseUntil: now + 60_000 });
      expect(holders).toContain(job.claimedBy);
    }
    // Running on a live lease: nobody else gets them.
    expect(await claimVideoJob("late", 60_000, now + 1000)).toBeNull();
    for (const job of claimed) await releaseVideoJob(job.id, job.claimedBy!, now);
  });

  it("takes a job again once its lease ran out, and only the new holder completes it", async () => {
    const { videoIds } = await postWithVideos(1);
    const mediaId = videoIds[0]!;
    const t0 = Date.now() + 120_000;
    const first = await claimFor(mediaId, "first", 1000, t0);
    expect(await renewVideoLease(first.id, "first", 1000, t0 + 500)).toBe(true);
    expect(await claimVideoJob("second", 1000, t0 + 1000)).toBeNull();
    const second = await claimFor(mediaId, "second", 1000, t0 + 1501);
    expect(second).toMatchObject({ id: first.id, attempts: 2, claimedBy: "second" });
    // The first holder is gone as far as the queue knows: no renewal, no completion.
    expect(await renewVideoLease(first.id, "first", 1000, t0 + 1600)).toBe(false);
    expect(await completeVideoJob(first, "first", processed("posts/x/late"), t0 + 1700)).toBe(false);
    expect(await completeVideoJob(second, "second", processed(`posts/x/2-done`), t0 + 1800)).toBe(true);
    const [row] = await getDb().select().from(schema.media).where(eq(schema.media.id, mediaId));
    expect(row).toMatchObject({ status: "ready", path: "posts/x/2-done.mp4", mimeType: "video/mp4", width: 640, height: 360, durationMs: 3000, posterPath: "posts/x/2-done", posterVariants: [200, 400, 640], size: 1234 });
    expect(await videoJobOf(mediaId)).toMatchObject({ status: "done", finishedAt: t0 + 1800 });
    // Done is done: never taken again.
    expect(await claimVideoJob("third", 1000, t0 + 100_000)).toBeNull();
  });

  it("retries twice with a wait, then removes the video from its post and tells its author", async () => {
    const { postId, authorId, videoIds } = await postWithVideos(1);
    const mediaId = videoIds[0]!;
    const original = `posts/${postId}/2.mov`;
    await getStorage().put(original, Buffer.from("original"));
    const failure = { reason: "The video could not be processed.", detail: "ffmpeg exited with 1", permanent: false };
    let at = Date.now() + 200_000;
    for (const attempt of [1, 2]) {
      const job = await claimFor(mediaId, "w", 60_000, at);
      expect(job.attempts).toBe(attempt);
      const outcome = await retryOrFailVideoJob(job, "w", failure, at);
      expect(outcome).toEqual({ outcome: "retry", runAfter: at + 15_000 * attempt });
      expect(await videoJobOf(mediaId)).toMatchObject({ status: "queued", lastError: "ffmpeg exited with 1", claimedBy: null });
      // Not before the wait is over.
      expect(await claimVideoJob("w", 60_000, at + 1000)).toBeNull();
      at += 15_000 * attempt;
    }
    const third = await claimFor(mediaId, "w", 60_000, at);
    expect(third.attempts).toBe(3);
    const outcome = await retryOrFailVideoJob(third, "w", failure, at);
    expect(outcome).toEqual({ outcome: "failed", keys: [original] });
    // The caller (the worker) removes the files; the rows are gone already.
    expect(await getDb().select().from(schema.media).where(eq(schema.media.id, mediaId))).toEqual([]);
    expect(await videoJobOf(mediaId)).toBeNull();
    const [post] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, postId));
    expect(post).toMatchObject({ deletedAt: null, imgCount: 1, vidCount: 0 });
    const rest = await getDb().select().from(schema.media).where(eq(schema.media.postId, postId));
    expect(rest.map((r) => r.kind)).toEqual(["image"]);
    const page = await getNotificationsPage({ userId: authorId, timeZone: "UTC" });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ actor: null, notice: "We couldn't process your video: The video could not be processed.", href: `/post/${postId}` });
    expect(videoFailedNotice("x")).toBe("We couldn't process your video: x");
  });

  it("gives up at once on a permanent error", async () => {
    const { videoIds, authorId } = await postWithVideos(1);
    const at = Date.now() + 400_000;
    const job = await claimFor(videoIds[0]!, "w", 60_000, at);
    const outcome = await retryOrFailVideoJob(job, "w", { reason: "The file is damaged or is not a video we can read.", detail: "unreadable", permanent: true }, at);
    expect(outcome.outcome).toBe("failed");
    const page = await getNotificationsPage({ userId: authorId, timeZone: "UTC" });
    expect(page.items[0]?.notice).toBe("We couldn't process your video: The file is damaged or is not a video we can read.");
    // A holder that lost the job changes nothing.
    expect(await retryOrFailVideoJob(job, "w", { reason: "x", detail: "x", permanent: true }, at)).toEqual({ outcome: "lost" });
  });

  it("counts posters and a processing video's original as keys in use", async () => {
    const { postId, videoIds } = await postWithVideos(1);
    const original = `posts/${postId}/2.mov`;
    const base = `posts/${postId}/2-Ab_c-1d`;
    expect([...(await keysInUse([original, `${base}.mp4`, `${base}-200.webp`]))]).toEqual([original]);
    const at = Date.now() + 600_000;
    const job = await claimFor(videoIds[0]!, "w", 60_000, at);
    expect(await completeVideoJob(job, "w", processed(base), at)).toBe(true);
    const asked = [original, `${base}.mp4`, `${base}-200.webp`, `${base}-400.webp`, `${base}-640.webp`, `${base}-800.webp`];
    expect([...(await keysInUse(asked))].sort()).toEqual([`${base}-200.webp`, `${base}-400.webp`, `${base}-640.webp`, `${base}.mp4`].sort());
  });

  it("deleting a post removes its pending job, its original, and a processed video's MP4 and posters", async () => {
    const me = await author();
    const { postId, videoIds } = await postWithVideos(2, me.id);
    const storage = getStorage();
    const [pending, done] = videoIds as [string, string];
    const at = Date.now() + 800_000;
    const job = await claimFor(done, "w", 60_000, at);
    const base = `posts/${postId}/3-xyz`;
    expect(await completeVideoJob(job, "w", processed(base), at)).toBe(true);
    const keys = [`posts/${postId}/2.mov`, `${base}.mp4`, `${base}-200.webp`, `${base}-400.webp`, `${base}-640.webp`, `posts/${postId}/1-200.webp`];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    await deletePost(postId, me.id);
    for (const key of keys) expect(await storage.stat(key), key).toBeNull();
    expect(await videoJobOf(pending)).toBeNull();
    expect(await videoJobOf(done)).toBeNull();
  });
});
