// The push worker of every server process (docs/product.md §26): claims queued
// pushes with a lease, sends each to its browser's push service, deletes a
// device the service says is gone (404/410), and retries a failure with backoff
// a few times before giving up on that one push.
import os from "node:os";
import { claimPushDeliveries, completePushDelivery, dropPushSubscription, failPushDelivery, type PushDelivery } from "~/models/push-subscriptions.server";
import { backoffDelay } from "~/services/mail-worker.server";
import { periodicJob, type PeriodicJob } from "~/services/periodic-job.server";
import { pushEnabled, sendPush, type PushOutcome } from "~/services/push.server";

/** Tries of one push before it is marked failed. */
export const PUSH_MAX_ATTEMPTS = 5;

export type PushRun = { claimed: number; sent: number; gone: number; retried: number; failed: number };

export type PushWorkerOptions = {
  send?: (d: PushDelivery) => Promise<PushOutcome>;
  holder?: string;
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
  now?: () => number;
  log?: (m: string) => void;
};

export function createPushWorker(opts: PushWorkerOptions = {}): PeriodicJob & { runOnce(): Promise<PushRun> } {
  const holder = opts.holder ?? `${os.hostname()}:${process.pid}:push:${Math.random().toString(36).slice(2, 8)}`;
  const send = opts.send ?? ((d: PushDelivery) => sendPush(d, { title: d.title, body: d.body, url: d.url }));
  const leaseMs = opts.leaseMs ?? 60_000;
  const batchSize = opts.batchSize ?? 10;
  const pollMs = opts.pollMs ?? 1_000;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));

  async function runOnce(): Promise<PushRun> {
    const run: PushRun = { claimed: 0, sent: 0, gone: 0, retried: 0, failed: 0 };
    const claimed = await claimPushDeliveries(holder, leaseMs, batchSize, now());
    run.claimed = claimed.length;
    // One batch at once: each push goes to its own service, and a slow one should not hold up the rest.
    await Promise.all(
      claimed.map(async (d) => {
        let outcome: PushOutcome;
        try {
          outcome = await send(d);
        } catch (error) {
          outcome = { ok: false, gone: false, error: String(error).slice(0, 500), retryable: true };
        }
        if (outcome.ok) {
          await completePushDelivery(d.id, holder);
          run.sent++;
        } else if (outcome.gone) {
          await dropPushSubscription(d.subscriptionId);
          run.gone++;
        } else if (outcome.retryable && d.attempts < PUSH_MAX_ATTEMPTS) {
          const delay = Math.max(backoffDelay(d.attempts, { baseMs: 30_000, maxMs: 3_600_000 }), outcome.retryAfterMs ?? 0);
          await failPushDelivery(d.id, holder, outcome.error, now() + delay);
          run.retried++;
        } else {
          await failPushDelivery(d.id, holder, outcome.error, null);
          run.failed++;
          log(`push ${d.id} failed after ${d.attempts} tries: ${outcome.error}`);
        }
      }),
    );
    return run;
  }

  const job = periodicJob({ name: "push delivery", run: runOnce, intervalMs: pollMs, firstRunMs: 0, next: (r) => (r.claimed === batchSize ? 0 : pollMs), log });
  return { runOnce, ...job };
}

/** The push worker of this process; null when push is off (production without VAPID keys). */
export function createPushDeliveryJob(): PeriodicJob | null {
  return pushEnabled() ? createPushWorker() : null;
}
