// The periodic job that emails authors 3 days before a listing expires
// (models/listings.server.ts sendRenewalReminders), in the mail worker's
// style: runOnce for tests, start/stop for the server. Every process may run
// it: each listing is claimed in a transaction, so one email goes out.
import { sendRenewalReminders } from "~/models/listings.server";
import { periodicJob } from "~/services/periodic-job.server";

export type ListingReminderJob = {
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export function createListingReminderJob(opts: { intervalMs?: number; firstRunMs?: number; now?: () => number; log?: (m: string) => void } = {}): ListingReminderJob {
  const intervalMs = opts.intervalMs ?? 15 * 60_000;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));
  const runOnce = () => sendRenewalReminders(now());
  return { runOnce, ...periodicJob({ name: "listing reminders", run: runOnce, intervalMs, firstRunMs: opts.firstRunMs ?? 60_000, log }) };
}
