// PostgreSQL through node-postgres: a pg.Pool; each transaction checks out one
// pooled client for its whole callback (drizzle's transaction on a Pool).
//
// Transactions are SERIALIZABLE, as they are on SQLite (one at a time): a
// callback that reads a row, awaits, then writes what it read plus one gets
// the right total under concurrency. Postgres refuses the loser of a conflict
// with a serialization failure instead of blocking; the whole callback then
// runs again (a few times, with a short random pause), so a callback must not
// have effects other than its statements on `tx` — which the rule of no I/O
// inside a transaction already asks.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type { Logger } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { driverError } from "../errors";
import type { Db, Tx } from "../types";

const MIGRATIONS = path.resolve(process.cwd(), "db/migrations-pg");
/** pg_advisory_lock key that serialises migrate + seed between processes starting together. */
const MIGRATION_LOCK = 7_240_311_202;
/** serialization_failure, deadlock_detected: the transaction can simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_TRIES = 10;

/** What the Postgres concern modules (search, outbox, rate limits) work with. */
export type PgHandle = {
  /** Drizzle on the pool with the Postgres tables. */
  native: NodePgDatabase<Record<string, unknown>>;
  pool: pg.Pool;
  /** The same instance, typed like every model sees it (db/schema's SQLite types). */
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

type TxContext = { tx: Tx; done: boolean };

export function openPg(
  url: string,
  opts: { schema: Record<string, unknown>; poolMax: number; logger?: Logger },
): PgHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax,
    connectionTimeoutMillis: 10_000,
    // Tests and one-off scripts end when their work is done.
    allowExitOnIdle: true,
  });
  // An idle client that loses its server must not take the process down; the next query reconnects.
  pool.on("error", (error) => console.error(`database: ${error.message}`));
  const native = drizzle(pool, { schema: opts.schema, logger: opts.logger });
  // The two schema files have the same tables and columns: the same builder calls work on both.
  const db = native as unknown as Db;

  // Which transaction the running code is in, so a nested transaction() becomes a savepoint of it.
  const context = new AsyncLocalStorage<TxContext>();
  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = context.getStore();
    const run = async (tx: unknown) => {
      const ctx: TxContext = { tx: tx as Tx, done: false };
      try {
        return await context.run(ctx, () => fn(ctx.tx));
      } finally {
        ctx.done = true;
      }
    };
    if (outer && !outer.done) return (outer.tx as unknown as NodePgDatabase).transaction(run);
    for (let attempt = 1; ; attempt++) {
      try {
        return await native.transaction(run, { isolationLevel: "serializable" });
      } catch (error) {
        const code = driverError(error)?.code;
        if (attempt >= MAX_TRIES || !code || !RETRYABLE.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  return {
    native,
    pool,
    db,
    transaction,
    async migrate(then) {
      // A session-level advisory lock on one client, held across the migrations and the seed.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        try {
          await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
          await then?.();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
