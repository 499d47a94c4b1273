// The mail claim on SQLite: one UPDATE … RETURNING. SQLite takes the write
// lock before it reads, so the rows it returns are this worker's alone, also
// against another process on the same file.
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { schemas } from "../../../../db/schema";
import type { Db, OutboxDialect } from "../types";

const { mail } = schemas.sqlite;

export function createSqliteOutbox(db: Db): OutboxDialect {
  return {
    claim: ({ workerId, at, leaseMs, batchSize }) => {
      const due = or(
        and(eq(mail.status, "queued"), lte(mail.nextAttemptAt, at)),
        and(eq(mail.status, "sending"), lte(mail.claimedAt, at - leaseMs)),
      );
      const ids = db.select({ id: mail.id }).from(mail).where(due).orderBy(mail.nextAttemptAt).limit(batchSize);
      return db
        .update(mail)
        .set({ status: "sending", claimedBy: workerId, claimedAt: at, attempts: sql`${mail.attempts} + 1` })
        .where(and(inArray(mail.id, ids), due))
        .returning();
    },
  };
}
