// The queue of listings to match against saved searches (docs/product.md §25):
// a row written in the transaction that posts, renews or shows a listing again, so matching never runs in the poster's request and a
// listing is never missed. Any process claims a due row with one UPDATE (on
// PostgreSQL FOR UPDATE SKIP LOCKED, as the video queue does) and a lease; a
// process that dies mid-job leaves it to another once the lease ran out.
import { and, asc, eq, lt, lte, or, sql } from "drizzle-orm";
import { getDb, newId, schema, skipLocked, type Tx } from "~/services/db.server";

const { listingAlertJobs: jobs } = schema;


/** Queues the matching of a listing that was posted, renewed or shown again, in the caller's transaction. */
export async function enqueueListingAlerts(tx: Tx, postId: string, now = Date.now()): Promise<void> {
  await tx.insert(jobs).values({ id: newId(), postId, status: "queued", runAfter: now, createdAt: now });
}

function dueCondition(now: number) {
  return or(and(eq(jobs.status, "queued"), lte(jobs.runAfter, now)), and(eq(jobs.status, "running"), lt(jobs.leaseUntil, now)));
}

export type ListingAlertJob = typeof jobs.$inferSelect;

/** Takes one due job for `holder` until `now + leaseMs`, in one statement (as the video queue does); null when none is due. */
export async function claimListingAlertJob(holder: string, leaseMs: number, now = Date.now()): Promise<ListingAlertJob | null> {
  const db = getDb();
  const due = dueCondition(now);
  const pick = db.select({ id: jobs.id }).from(jobs).where(due).orderBy(asc(jobs.runAfter), asc(jobs.createdAt)).limit(1);
  // An idle poll writes nothing.
  if (!(await pick).length) return null;
  const [job] = await db
    .update(jobs)
    .set({ status: "running", claimedBy: holder, leaseUntil: now + leaseMs, attempts: sql`${jobs.attempts} + 1` })
    .where(and(sql`${jobs.id} = (${skipLocked(pick)})`, due))
    .returning();
  return job ?? null;
}

/** A job that failed three times is dropped: one listing's alerts never hold up the queue. */
const MAX_ATTEMPTS = 3;

/** After a failed try: queued again a little later, or given up. */
export async function retryListingAlertJob(job: Pick<ListingAlertJob, "id" | "attempts">, holder: string, now = Date.now()): Promise<void> {
  const mine = and(eq(jobs.id, job.id), eq(jobs.claimedBy, holder));
  if (job.attempts >= MAX_ATTEMPTS) await getDb().delete(jobs).where(mine);
  else await getDb().update(jobs).set({ status: "queued", claimedBy: null, leaseUntil: null, runAfter: now + 15_000 * job.attempts }).where(mine);
}

/** Marks a job done (its listing matched and recorded). */
export async function finishListingAlertJob(jobId: string, holder: string): Promise<void> {
  await getDb().delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.claimedBy, holder)));
}
