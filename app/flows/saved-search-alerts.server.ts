// The background job of saved-search alerts (docs/product.md §25), run by
// every server process: it takes queued listings (posted,
// renewed or shown again) one at a time, matches each against the saved
// searches of its campus and records the hits (the in-app notice of Right away
// at once), then sends the alert emails that are due: Right away at most one
// per search an hour, Once a day at 8:00 in the campus's time zone. Polling
// every few seconds keeps an alert within the minute; an idle poll is one read.
// Its first run indexes again the saved searches an older TERMS_VERSION indexed.
import crypto from "node:crypto";
import os from "node:os";
import { campusOrigin, defaultOrigin } from "~/services/urls.server";
import {
  matchNewListing,
  recordMatches,
  reindexSavedSearchTerms,
  searchesWithPendingHits,
  sendSearchAlerts,
  type PendingAlerts,
} from "~/models/saved-searches.server";
import { claimListingAlertJob, finishListingAlertJob, retryListingAlertJob } from "~/models/listing-alert-queue.server";
import { periodicJob } from "~/services/periodic-job.server";
import { lastDigestAt } from "~/utils/saved-searches";

const POLL_MS = 5_000;
const LEASE_MS = 60_000;
/** Listings matched per run at most, so a burst does not hold the emails back. */
const BATCH = 50;
const HOUR_MS = 3600_000;

/** When a search's pending hits are due to be emailed, and which of them (made before the cutoff); null: not yet. */
export function alertsDue(p: PendingAlerts, now: number): { cutoff: number } | null {
  if (p.notify === "off") return { cutoff: now + 1 };
  if (p.notify === "instant") return p.lastEmailedAt === null || p.lastEmailedAt <= now - HOUR_MS ? { cutoff: now + 1 } : null;
  const digestAt = lastDigestAt(now, p.timeZone);
  return (p.lastEmailedAt ?? 0) < digestAt && p.oldestHitAt < digestAt ? { cutoff: digestAt } : null;
}

/** Matches queued listings; returns how many were matched. */
export async function matchQueuedListings(holder: string, now: number, limit = BATCH): Promise<number> {
  let done = 0;
  while (done < limit) {
    const job = await claimListingAlertJob(holder, LEASE_MS, now);
    if (!job) break;
    try {
      await recordMatches(job.postId, await matchNewListing(job.postId, now), now);
      await finishListingAlertJob(job.id, holder);
    } catch (error) {
      await retryListingAlertJob(job, holder, now);
      throw error;
    }
    done++;
  }
  return done;
}

const originOf = (campus: { id: string; hostKey: string }) => campusOrigin(campus, defaultOrigin());

/** Sends the alert emails that are due; returns how many listings they named. */
export async function sendDueAlertEmails(now: number): Promise<number> {
  let named = 0;
  for (const pending of await searchesWithPendingHits()) {
    const due = alertsDue(pending, now);
    if (due) named += await sendSearchAlerts({ savedSearchId: pending.savedSearchId, previous: pending.lastEmailedAt, cutoff: due.cutoff, now, originOf });
  }
  return named;
}

export type ListingAlertJob = {
  runOnce(): Promise<{ matched: number; emailed: number }>;
  start(): void;
  stop(): Promise<void>;
};

export function createListingAlertJob(opts: { pollMs?: number; firstRunMs?: number; now?: () => number; log?: (m: string) => void } = {}): ListingAlertJob {
  const now = opts.now ?? Date.now;
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  // Searches indexed by an older version are indexed again before this process matches anything (once; retried on the next run if it fails).
  let reindexed = false;
  const runOnce = async () => {
    if (!reindexed) {
      await reindexSavedSearchTerms();
      reindexed = true;
    }
    const matched = await matchQueuedListings(holder, now());
    const emailed = await sendDueAlertEmails(now());
    return { matched, emailed };
  };
  return { runOnce, ...periodicJob({ name: "saved-search alerts", run: runOnce, intervalMs: opts.pollMs ?? POLL_MS, firstRunMs: opts.firstRunMs ?? 2_000, log: opts.log ?? ((m: string) => console.error(m)) }) };
}
