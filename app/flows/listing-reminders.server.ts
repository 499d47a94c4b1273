// The periodic job that emails authors 3 days before a listing expires
// (models/listings.server.ts sendRenewalReminders), in the mail worker's
// style: runOnce for tests, start/stop for the server. Every process may run
// it: each listing is claimed in a transaction, so one email goes out.
import { sendRenewalReminders } from "~/models/listings.server";

export type ListingReminderJob = {
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export function createListingReminderJob(opts: { intervalMs?: number; firstRunMs?: number; now?: () => number; log?: (m: string) => void } = {}): ListingReminderJob {
  const intervalMs = opts.intervalMs ?? 15 * 60_000;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  const runOnce = () => sendRenewalReminders(now());

  function schedule(delay: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = runOnce().then(
        () => schedule(intervalMs),
        (error: unknown) => {
          log(`listing reminders: ${String(error)}`);
          schedule(intervalMs);
        },
      );
    }, delay);
    // Never what keeps a process alive (a seed-only run exits as before).
    timer.unref?.();
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      schedule(opts.firstRunMs ?? 60_000);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

let processJob: ListingReminderJob | undefined;

/** Starts this process's reminder job once (a second call is a no-op). */
export function startListingReminders(): ListingReminderJob {
  processJob ??= createListingReminderJob();
  processJob.start();
  return processJob;
}
