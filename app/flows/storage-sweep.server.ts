// The storage sweep: objects of the media store (disk or bucket) that no row
// names and that are older than an hour are removed. They are what an upload
// cut short by a crash leaves behind (its objects are written before the post's
// row commits, and a process killed in between cannot clean up), and temporary
// names of disk writes that never finished.
//
// Only objects last written more than an hour ago are considered: an upload in
// progress writes its objects and commits its rows within one request, so
// nothing it is still writing or about to name is touched. One process at a
// time sweeps (a lease in the database, renewed after every page); the others
// skip their turn. Runs a few seconds after the server starts, then hourly, in
// the mail worker's style: runOnce for tests, start/stop for the server.
import os from "node:os";
import { keysInUse, MEDIA_FOLDERS } from "~/models/stored-media.server";
import { jobLease } from "~/services/job-lease.server";
import { periodicJob } from "~/services/periodic-job.server";
import { getStorage, type Storage } from "~/services/storage.server";

/** How old an object no row names must be before it is removed. */
export const ORPHAN_AGE_MS = 60 * 60_000;
const LEASE_NAME = "storage-sweep";
/** Long enough for one page (a listing, a few queries, a delete); renewed after each. */
const LEASE_MS = 10 * 60_000;

export type SweepResult = {
  /** false: another process was sweeping. */
  ran: boolean;
  /** Objects old enough to be considered. */
  checked: number;
  removed: number;
};

export type SweepOptions = {
  storage?: Storage;
  now?: () => number;
  /** Who holds the lease (tests give two "processes" two names). */
  holder?: string;
  pageSize?: number;
  /** Checked between pages: a shutdown does not wait for a whole sweep. */
  stopping?: () => boolean;
  log?: (message: string) => void;
};

const processHolder = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** One sweep of the whole store; does nothing while another holder's lease runs. */
export async function sweepStorage(opts: SweepOptions = {}): Promise<SweepResult> {
  const storage = opts.storage ?? getStorage();
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));
  const lease = jobLease(LEASE_NAME, opts.holder ?? processHolder);
  const result: SweepResult = { ran: false, checked: 0, removed: 0 };
  if (!(await lease.claim(now(), LEASE_MS))) return result;
  result.ran = true;
  try {
    sweep: for (const folder of MEDIA_FOLDERS) {
      for await (const page of storage.list(folder, opts.pageSize)) {
        if (opts.stopping?.()) break sweep;
        const cutoff = now() - ORPHAN_AGE_MS;
        const old = page.filter((o) => o.modifiedAt < cutoff).map((o) => o.key);
        result.checked += old.length;
        const used = old.length ? await keysInUse(old) : new Set<string>();
        const orphans = old.filter((key) => !used.has(key));
        if (orphans.length) {
          await storage.remove(orphans);
          result.removed += orphans.length;
        }
        if (!(await lease.claim(now(), LEASE_MS))) {
          log("storage sweep: lost its lease to another process; stopped");
          break sweep;
        }
      }
    }
  } finally {
    await lease.release();
  }
  if (result.removed) log(`storage sweep: removed ${result.removed} orphaned object(s) of ${result.checked} older than an hour`);
  return result;
}

export type StorageSweepJob = {
  runOnce(): Promise<SweepResult>;
  start(): void;
  /** Stops the schedule; a sweep in flight stops after its current page. */
  stop(): Promise<void>;
};

export function createStorageSweepJob(opts: SweepOptions & { intervalMs?: number; firstRunMs?: number } = {}): StorageSweepJob {
  const intervalMs = opts.intervalMs ?? 60 * 60_000;
  const log = opts.log ?? ((m: string) => console.error(m));
  let stopped = false;
  const runOnce = () => sweepStorage({ ...opts, log, stopping: () => stopped || (opts.stopping?.() ?? false) });
  const job = periodicJob({ name: "storage sweep", run: runOnce, intervalMs, firstRunMs: opts.firstRunMs ?? 5_000, log });
  return {
    runOnce,
    start() {
      stopped = false;
      job.start();
    },
    stop() {
      stopped = true;
      return job.stop();
    },
  };
}
