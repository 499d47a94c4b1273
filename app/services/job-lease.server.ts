// A lease on a background job in the database, so that of all the processes on
// one database only one runs it at a time (the storage sweep). Written once for
// both dialects: the row is created if missing, then claimed by one UPDATE whose
// condition only holds once the previous lease has run out, so two processes
// claiming together cannot both succeed. A process that dies holding a lease
// blocks the job only until the lease runs out.
import { and, eq, lt, or } from "drizzle-orm";
import { dbClient, schema, type DbClient } from "./db.server";

const { jobLeases } = schema;

export type JobLease = {
  /** Takes the job until `at + ms`; false while another holder's lease runs. Renews a lease this holder has. */
  claim(at: number, ms: number): Promise<boolean>;
  /** Gives the job back (only if this holder still has it). */
  release(): Promise<void>;
};

export function jobLease(name: string, holder: string, client: DbClient = dbClient()): JobLease {
  const db = client.db;
  return {
    async claim(at, ms) {
      await db.insert(jobLeases).values({ name, holder: null, leaseUntil: 0 }).onConflictDoNothing();
      const claimed = await db
        .update(jobLeases)
        .set({ holder, leaseUntil: at + ms })
        .where(and(eq(jobLeases.name, name), or(lt(jobLeases.leaseUntil, at), eq(jobLeases.holder, holder))))
        .returning({ name: jobLeases.name });
      return claimed.length === 1;
    },
    async release() {
      await db.update(jobLeases).set({ holder: null, leaseUntil: 0 }).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}
