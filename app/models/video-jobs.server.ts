// The video processing queue (docs/product.md, Videos): one `video_jobs` row per
// uploaded video, written in the post's transaction. Any process claims a due
// job with one UPDATE (on PostgreSQL its row is picked FOR UPDATE SKIP LOCKED,
// so two processes never take the same one; SQLite serialises writers), holds
// it for a lease it renews while ffmpeg runs, and completes it only while it
// still holds it: a process that dies mid-job leaves the job to be taken again
// once its lease has run out, and its output, named by no row, to the storage sweep.
import { and, asc, eq, lt, lte, or, sql } from "drizzle-orm";
import { atLeastZero, getDb, newId, schema, skipLocked, transaction, type Tx } from "~/services/db.server";
import { posterKeys } from "~/services/media.server";
import { notifyVideoFailed } from "./notifications.server";

const { videoJobs, media, posts } = schema;

export type VideoJob = typeof videoJobs.$inferSelect;

/** Tries of one job: the first and two retries. */
export const VIDEO_MAX_ATTEMPTS = 3;
/** The wait before a retry, times the tries so far. */
const RETRY_BACKOFF_MS = 15_000;

/** What the author is told when their video is taken off the post. */
export function videoFailedNotice(reason: string): string {
  return `We couldn't process your video: ${reason}`;
}

/** Queues the processing of these (just inserted, "processing") media rows, in the caller's transaction. */
export async function enqueueVideoJobs(tx: Tx, mediaIds: string[], now = Date.now()): Promise<void> {
  if (!mediaIds.length) return;
  await tx.insert(videoJobs).values(mediaIds.map((mediaId) => ({ id: newId(), mediaId, status: "queued" as const, runAfter: now, createdAt: now })));
}

/** A job another process may take now: queued and due, or running on a lease that ran out. */
function dueCondition(now: number) {
  return or(and(eq(videoJobs.status, "queued"), lte(videoJobs.runAfter, now)), and(eq(videoJobs.status, "running"), lt(videoJobs.leaseUntil, now)));
}

/**
 * Takes one due job for `holder` until `now + leaseMs`, counting a try, in one
 * statement; null when none is due. Two holders claiming at once never get the same job.
 */
export async function claimVideoJob(holder: string, leaseMs: number, now = Date.now()): Promise<VideoJob | null> {
  const db = getDb();
  const due = dueCondition(now);
  const pick = db.select({ id: videoJobs.id }).from(videoJobs).where(due).orderBy(asc(videoJobs.runAfter), asc(videoJobs.createdAt)).limit(1);
  // A plain read first: an idle poll then writes nothing (on SQLite even an UPDATE
  // that changes no row waits for the write lock behind every other writer).
  if (!(await pick).length) return null;
  // A row another process is claiming right now is locked: skip it rather than wait and take it again.
  const locked = skipLocked(pick);
  const [job] = await db
    .update(videoJobs)
    .set({ status: "running", claimedBy: holder, leaseUntil: now + leaseMs, attempts: sql`${videoJobs.attempts} + 1` })
    .where(and(sql`${videoJobs.id} = (${locked})`, due))
    .returning();
  return job ?? null;
}

// What a database says when it could not take a lock in time: SQLite's busy and
// locked codes (after its busy timeout), PostgreSQL's lock not available,
// serialization failure and deadlock.
const BUSY_CODES = /^(?:SQLITE_BUSY|SQLITE_LOCKED|55P03$|40001$|40P01$)/;

/** Whether a statement failed only for want of a lock: the same write may simply be tried again later. */
export function isBusyError(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …") as its cause.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && BUSY_CODES.test(code)) return true;
  }
  return false;
}

/** Extends `holder`'s lease on a running job; false when it no longer holds it (taken again, or gone with its video). */
export async function renewVideoLease(jobId: string, holder: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const renewed = await getDb()
    .update(videoJobs)
    .set({ leaseUntil: now + leaseMs })
    .where(and(eq(videoJobs.id, jobId), eq(videoJobs.status, "running"), eq(videoJobs.claimedBy, holder)))
    .returning({ id: videoJobs.id });
  return renewed.length === 1;
}

/** Gives a job back untried (this process is shutting down): any process takes it at once. */
export async function releaseVideoJob(jobId: string, holder: string, now = Date.now()): Promise<void> {
  await getDb()
    .update(videoJobs)
    .set({ status: "queued", claimedBy: null, leaseUntil: null, runAfter: now, attempts: atLeastZero(sql`${videoJobs.attempts} - 1`) })
    .where(and(eq(videoJobs.id, jobId), eq(videoJobs.status, "running"), eq(videoJobs.claimedBy, holder)));
}

/** The uploaded original a job works on, and whose post it is in. */
export type VideoSource = { mediaId: string; path: string; mimeType: string; postId: string | null; authorId: string | null };

export async function videoJobSource(mediaId: string): Promise<VideoSource | null> {
  const [row] = await getDb()
    .select({ mediaId: media.id, path: media.path, mimeType: media.mimeType, postId: media.postId, authorId: posts.authorId })
    .from(media)
    .leftJoin(posts, eq(posts.id, media.postId))
    .where(eq(media.id, mediaId))
    .limit(1);
  return row ?? null;
}

/** What processing stored: the MP4 and its posters (`{posterPath}-{width}.webp`). */
export type ProcessedVideo = {
  path: string;
  size: number;
  width: number;
  height: number;
  durationMs: number;
  posterPath: string;
  posterVariants: number[];
};

/**
 * Points the video's media row at its MP4 and posters and marks the job done,
 * in one transaction, only while `holder` still holds the job. False
 * otherwise (another process took it after this lease ran out, or the video
 * was removed from its post): the caller then deletes what it stored.
 */
export async function completeVideoJob(job: Pick<VideoJob, "id" | "mediaId">, holder: string, video: ProcessedVideo, now = Date.now()): Promise<boolean> {
  return transaction(async (tx) => {
    const done = await tx
      .update(videoJobs)
      .set({ status: "done", leaseUntil: null, finishedAt: now, lastError: null })
      .where(and(eq(videoJobs.id, job.id), eq(videoJobs.status, "running"), eq(videoJobs.claimedBy, holder)))
      .returning({ id: videoJobs.id });
    if (!done.length) return false;
    const updated = await tx
      .update(media)
      .set({ ...video, mimeType: "video/mp4", status: "ready" })
      .where(and(eq(media.id, job.mediaId), eq(media.status, "processing")))
      .returning({ id: media.id });
    if (!updated.length) throw new Error(`video job ${job.id}: media ${job.mediaId} is not processing`);
    return true;
  });
}

export type VideoFailure = {
  /** What the author is told after "We couldn't process your video: ". */
  reason: string;
  /** For the job's last_error (ffmpeg's words). */
  detail: string;
  /** A file that will never process (damaged, not a video, too long): no retry. */
  permanent: boolean;
};

export type FailureOutcome =
  | { outcome: "retry"; runAfter: number }
  /** The video was taken off its post; the caller removes `keys` from the store. */
  | { outcome: "failed"; keys: string[] }
  /** This holder no longer held the job: nothing changed. */
  | { outcome: "lost" };

/**
 * After a try failed: queued again after a short wait while tries remain and
 * the error may pass; otherwise the video is removed from its post (the rest
 * of the post stays) and its author notified, in one transaction.
 */
export async function retryOrFailVideoJob(job: Pick<VideoJob, "id" | "mediaId" | "attempts">, holder: string, failure: VideoFailure, now = Date.now()): Promise<FailureOutcome> {
  return transaction(async (tx): Promise<FailureOutcome> => {
    const held = { id: videoJobs.id };
    const mine = and(eq(videoJobs.id, job.id), eq(videoJobs.status, "running"), eq(videoJobs.claimedBy, holder));
    if (!failure.permanent && job.attempts < VIDEO_MAX_ATTEMPTS) {
      const runAfter = now + RETRY_BACKOFF_MS * job.attempts;
      const queued = await tx
        .update(videoJobs)
        .set({ status: "queued", claimedBy: null, leaseUntil: null, runAfter, lastError: failure.detail.slice(0, 2000) })
        .where(mine)
        .returning(held);
      return queued.length ? { outcome: "retry", runAfter } : { outcome: "lost" };
    }
    const failed = await tx
      .update(videoJobs)
      .set({ status: "failed", leaseUntil: null, finishedAt: now, lastError: failure.detail.slice(0, 2000) })
      .where(mine)
      .returning(held);
    if (!failed.length) return { outcome: "lost" };
    const [row] = await tx
      .select({ path: media.path, postId: media.postId, posterPath: media.posterPath, posterVariants: media.posterVariants, authorId: posts.authorId })
      .from(media)
      .leftJoin(posts, eq(posts.id, media.postId))
      .where(eq(media.id, job.mediaId))
      .limit(1);
    if (!row) return { outcome: "failed", keys: [] };
    // The job row goes with it (it cascades with its media row).
    await tx.delete(media).where(eq(media.id, job.mediaId));
    if (row.postId) {
      await tx.update(posts).set({ vidCount: atLeastZero(sql`${posts.vidCount} - 1`) }).where(eq(posts.id, row.postId));
      if (row.authorId) await notifyVideoFailed(tx, { userId: row.authorId, postId: row.postId, message: videoFailedNotice(failure.reason), now });
    }
    return { outcome: "failed", keys: [row.path, ...posterKeys(row)] };
  });
}

/**
 * Whether `key` is a video's upload as sent, still waiting for its MP4: only its
 * job reads it, through the store; /media answers it like a missing file.
 */
export async function isUnprocessedVideo(key: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.path, key), eq(media.status, "processing")))
    .limit(1);
  return row !== undefined;
}

/** The job of a media row (tests, and a post's page asking whether a video is still coming). */
export async function videoJobOf(mediaId: string): Promise<VideoJob | null> {
  const [job] = await getDb().select().from(videoJobs).where(eq(videoJobs.mediaId, mediaId)).limit(1);
  return job ?? null;
}
