// The video processor (docs/product.md, Videos): every process takes due jobs
// of the `video_jobs` queue (app/models/video-jobs.server.ts), at most
// VIDEO_WORKERS at a time, whichever process received the upload. A job reads
// the original through the storage interface into a temporary folder of its
// own, transcodes it and makes its posters (ffmpeg at low priority), stores
// them under new names (so /media can cache them for good), points the media
// row at them, and only then deletes the original. It renews its lease while
// ffmpeg runs; one that lost its lease, or is cut by a crash, leaves files no
// row names, which the storage sweep removes after an hour.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  claimVideoJob,
  completeVideoJob,
  isBusyError,
  releaseVideoJob,
  renewVideoLease,
  retryOrFailVideoJob,
  VIDEO_MAX_ATTEMPTS,
  videoJobSource,
  type VideoFailure,
  type VideoJob,
} from "~/models/video-jobs.server";
import { config } from "~/services/config.server";
import { newId } from "~/services/db.server";
import type { PeriodicJob } from "~/services/periodic-job.server";
import { getStorage, type Storage } from "~/services/storage.server";
import { ffmpegLookup, VideoError, withWorkspace } from "~/services/video/ffmpeg.server";
import { posters, transcode, type VideoPoster } from "~/services/video/transcode.server";

/** How often an idle worker looks for a job (an upload in this process wakes it at once). */
const POLL_MS = 3_000;

/** Errors no retry cures: the file itself is the problem. */
const PERMANENT = new Set<VideoError["reason"]>(["unsupported", "unreadable", "no-video", "too-long"]);

const SOMETHING_WENT_WRONG = "Something went wrong.";

export type VideoJobOptions = {
  /** Who holds the jobs this worker claims (one name per worker of a process). */
  holder: string;
  leaseMs: number;
  storage?: Storage;
  now?: () => number;
  /** Aborted on shutdown: ffmpeg is killed and the job given back untried. */
  signal?: AbortSignal;
  log?: (message: string) => void;
};

export type VideoJobResult = "done" | "retry" | "failed" | "lost" | "released";

/** The MP4's base name: the original's, with a new id (posters are `{base}-{width}.webp`, the MP4 `{base}.mp4`). */
function outputBase(original: string): string {
  return `${original.replace(/\.[^./]+$/, "")}-${newId().slice(0, 10)}`;
}

function failureOf(error: unknown): VideoFailure {
  if (error instanceof VideoError) {
    return { reason: error.message, detail: `${error.reason}: ${error.detail ?? error.message}`, permanent: PERMANENT.has(error.reason) };
  }
  return { reason: SOMETHING_WENT_WRONG, detail: error instanceof Error ? error.message : String(error), permanent: false };
}

/**
 * Runs one claimed job to its end: done (the video is ready), retry or failed
 * (tries left or not; a failed video is removed from its post and its author
 * told), lost (another holder has it now: what this run stored is deleted),
 * released (shutdown: given back untried).
 */
export async function processVideoJob(job: VideoJob, opts: VideoJobOptions): Promise<VideoJobResult> {
  const storage = opts.storage ?? getStorage();
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));
  const written: string[] = [];
  const pids = new Set<number>();
  let lost = false;
  const killTools = () => {
    for (const pid of pids) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  const onAbort = () => killTools();
  opts.signal?.addEventListener("abort", onAbort);
  // Renewed well before it runs out; a renewal that fails means another holder took the job: stop working on it.
  const renewal = setInterval(() => {
    renewVideoLease(job.id, opts.holder, opts.leaseMs, now()).then(
      (held) => {
        if (!held && !lost) {
          lost = true;
          killTools();
        }
      },
      // A busy database: the lease outlasts a few missed renewals.
      (error: unknown) => {
        if (!isBusyError(error)) log(`video job ${job.id}: could not renew its lease: ${String(error)}`);
      },
    );
  }, Math.max(200, Math.floor(opts.leaseMs / 3)));
  renewal.unref?.();
  const removeWritten = () => storage.remove(written).catch((error: unknown) => log(`video job ${job.id}: could not remove ${written.join(", ")}: ${String(error)}`));
  try {
    // Taken again after each of three processes died running it: a file that kills the worker is not tried a fourth time.
    if (job.attempts > VIDEO_MAX_ATTEMPTS) throw new VideoError("failed", "Processing the video took too long.", `${job.attempts - 1} tries ended without a result`);
    const source = await videoJobSource(job.mediaId);
    if (!source) return "lost";
    const processed = await withWorkspace(async (dir) => {
      const input = path.join(dir, "original");
      const original = await storage.read(source.path);
      if (!original) throw new Error(`${source.path} is not in the store`);
      await pipeline(original, fs.createWriteStream(input, { flags: "wx" }));
      const onSpawn = (pid: number) => {
        pids.add(pid);
        if (lost || opts.signal?.aborted) killTools();
      };
      const video = await transcode(input, path.join(dir, "out"), { onSpawn });
      const images = await posters(video.path, path.join(dir, "posters"), { onSpawn });
      if (lost || opts.signal?.aborted) throw new Error("stopped");
      const base = outputBase(source.path);
      const mp4 = `${base}.mp4`;
      await storage.put(mp4, fs.createReadStream(video.path));
      written.push(mp4);
      // Keyed by width: a tiny clip's posters (never enlarged) may share one.
      const byWidth = new Map<number, VideoPoster>();
      for (const poster of [images.thumbnail, images.thumbnail2x, images.large]) if (!byWidth.has(poster.width)) byWidth.set(poster.width, poster);
      for (const [width, poster] of byWidth) {
        const key = `${base}-${width}.webp`;
        await storage.put(key, fs.createReadStream(poster.path));
        written.push(key);
      }
      const size = (await fs.promises.stat(video.path)).size;
      return {
        path: mp4,
        size,
        width: video.width,
        height: video.height,
        durationMs: Math.round(video.duration * 1000),
        posterPath: base,
        posterVariants: [...byWidth.keys()].sort((a, b) => a - b),
      };
    });
    if (!(await completeVideoJob(job, opts.holder, processed, now()))) {
      await removeWritten();
      return "lost";
    }
    // The original is never served once the MP4 is there.
    if (source.path !== processed.path) {
      await storage.remove([source.path]).catch((error: unknown) => log(`video job ${job.id}: could not remove the original ${source.path}: ${String(error)}`));
    }
    return "done";
  } catch (error) {
    await removeWritten();
    if (lost) return "lost";
    if (opts.signal?.aborted) {
      await releaseVideoJob(job.id, opts.holder, now());
      return "released";
    }
    const failure = failureOf(error);
    const outcome = await retryOrFailVideoJob(job, opts.holder, failure, now());
    if (outcome.outcome === "failed") {
      log(`video job ${job.id}: failed (${failure.detail}); the video was removed from its post`);
      await storage.remove(outcome.keys).catch((removeError: unknown) => log(`video job ${job.id}: could not remove ${outcome.keys.join(", ")}: ${String(removeError)}`));
    } else if (outcome.outcome === "retry") {
      log(`video job ${job.id}: try ${job.attempts} failed (${failure.detail}); trying again`);
    }
    return outcome.outcome;
  } finally {
    clearInterval(renewal);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

const processName = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** Tests: claims and runs due jobs one after another until none is due; what each ended as. */
export async function processDueVideoJobs(opts: Partial<VideoJobOptions> = {}): Promise<VideoJobResult[]> {
  const holder = opts.holder ?? processName;
  const leaseMs = opts.leaseMs ?? config().video.leaseMs;
  const now = opts.now ?? Date.now;
  const results: VideoJobResult[] = [];
  for (let job = await claimVideoJob(holder, leaseMs, now()); job; job = await claimVideoJob(holder, leaseMs, now())) {
    results.push(await processVideoJob(job, { ...opts, holder, leaseMs }));
  }
  return results;
}

export type VideoWorker = PeriodicJob & {
  /** Look for a job now (an upload in this process queued one). */
  nudge(): void;
};

/**
 * This process's video worker: every few seconds, and when nudged, it claims
 * jobs while fewer than `workers` run. Stop kills the ffmpeg in flight, gives
 * its jobs back and resolves once they are.
 */
export function createVideoWorker(opts: { workers: number; leaseMs: number; pollMs?: number; storage?: Storage; log?: (m: string) => void }): VideoWorker {
  const log = opts.log ?? ((m: string) => console.error(m));
  const pollMs = opts.pollMs ?? POLL_MS;
  const active = new Set<Promise<unknown>>();
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;
  let stopping = new AbortController();
  let slot = 0;

  const schedule = (delay: number) => {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      tick();
    }, delay);
    timer.unref?.();
  };

  const fill = async () => {
    // A process without ffmpeg takes no job: another process (or a later start with ffmpeg) will.
    if (!(await ffmpegLookup()).tools) return;
    while (running && active.size < opts.workers) {
      const holder = `${processName}:${++slot}`;
      let job: VideoJob | null;
      try {
        job = await claimVideoJob(holder, opts.leaseMs);
      } catch (error) {
        // The database is busy with other writes: not a fault, the next poll claims again.
        if (isBusyError(error)) return;
        throw error;
      }
      if (!job) return;
      const run: Promise<unknown> = processVideoJob(job, { holder, leaseMs: opts.leaseMs, storage: opts.storage, signal: stopping.signal, log })
        .catch((error: unknown) => log(`video job ${job.id}: ${String(error)}`))
        .finally(() => {
          active.delete(run);
          // A slot is free: the next job need not wait for the poll.
          if (running) tick();
        });
      active.add(run);
    }
  };

  function tick() {
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = fill()
      .catch((error: unknown) => log(`video worker: ${String(error)}`))
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          tick();
        } else schedule(pollMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = new AbortController();
      schedule(Math.min(pollMs, 1_000));
    },
    nudge() {
      tick();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopping.abort();
      await ticking;
      await Promise.all([...active]);
    },
  };
}

let current: VideoWorker | undefined;

/** The server's video worker (jobs registry), or null when VIDEO_WORKERS=0. */
export function createVideoProcessingJob(): VideoWorker | null {
  const { workers, leaseMs } = config().video;
  if (!workers) return null;
  current = createVideoWorker({ workers, leaseMs });
  return current;
}

/** A post with videos was just written in this process: its jobs start now rather than at the next poll. */
export function nudgeVideoWorker(): void {
  current?.nudge();
}
