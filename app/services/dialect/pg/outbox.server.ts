// The mail claim on PostgreSQL: one UPDATE whose rows come from a
// SELECT … FOR UPDATE SKIP LOCKED. A row another worker is claiming at the same
// moment is locked, so this one skips it instead of waiting and taking it
// again; the due condition is checked again on the locked rows.
//
// The ids are picked by `= any(array(…))`, an init plan that runs once: with
// `in (…)` the planner may make the locking subquery the inner side of a
// nested loop and run it again for every outer row, past its limit.
import { and, eq, lte, or, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { schemas } from "../../../../db/schema";
import type { OutboxDialect, OutboxMail } from "../types";

const { mail } = schemas.pg;

export function createPgOutbox(handle: { native: NodePgDatabase<Record<string, unknown>> }): OutboxDialect {
  const { native } = handle;
  return {
    async claim({ workerId, at, leaseMs, batchSize }) {
      const due = or(
        and(eq(mail.status, "queued"), lte(mail.nextAttemptAt, at)),
        and(eq(mail.status, "sending"), lte(mail.claimedAt, at - leaseMs)),
      );
      const ids = native
        .select({ id: mail.id })
        .from(mail)
        .where(due)
        .orderBy(mail.nextAttemptAt)
        .limit(batchSize)
        .for("update", { skipLocked: true });
      const rows = await native
        .update(mail)
        .set({ status: "sending", claimedBy: workerId, claimedAt: at, attempts: sql`${mail.attempts} + 1` })
        .where(and(sql`${mail.id} = any(array(${ids}))`, due))
        .returning();
      // UPDATE … RETURNING has no order: oldest due first, as they were picked.
      rows.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdAt - b.createdAt);
      // Same columns and value types as the SQLite table the models are typed from.
      return rows as OutboxMail[];
    },
  };
}
