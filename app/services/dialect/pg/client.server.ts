// PostgreSQL through node-postgres: a pg.Pool; each transaction checks out one
// pooled client for its whole callback (drizzle's transaction on a Pool).
//
// Transactions are SERIALIZABLE, as they are on SQLite (one at a time): a
// callback that reads a row, awaits, then writes what it read plus one gets
// the right total under concurrency. Postgres refuses the loser of a conflict
// with a serialization failure instead of blocking; the whole callback then
// runs again (in the retry lane, see RETRY_LANE_LOCK), so a callback must not
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
/**
 * pg_advisory_lock key of the retry lane. A hot row (one post's counter, saved
 * or commented on by a hundred people at once, over several processes) makes
 * most contenders lose every round, and retrying them all at once only repeats
 * that. So a transaction that lost runs again in the lane: one at a time
 * across every process (this session-level lock, taken before BEGIN so the
 * retry's snapshot is fresh), and each process sends one of its retries to
 * wait for the lock at a time (an in-process queue), so waiting never ties up
 * more than one pooled connection per process.
 */
const RETRY_LANE_LOCK = 7_240_311_203;

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
        if (attempt === 1) return await native.transaction(run, { isolationLevel: "serializable" });
        return await inRetryLane((client) => drizzle(client, { schema: opts.schema, logger: opts.logger }).transaction(run, { isolationLevel: "serializable" }));
      } catch (error) {
        const code = driverError(error)?.code;
        if (attempt >= MAX_TRIES || !code || !RETRYABLE.has(code)) throw error;
      }
    }
  }

  // The in-process end of the retry lane: a promise chain, one retry at a time.
  let laneTail: Promise<unknown> = Promise.resolve();
  async function inRetryLane<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const previous = laneTail;
    let leave!: () => void;
    laneTail = new Promise<void>((resolve) => (leave = resolve));
    try {
      await previous;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("select pg_advisory_lock($1)", [RETRY_LANE_LOCK]);
        try {
          return await fn(client);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [RETRY_LANE_LOCK]).catch((error: Error) => (broken = error));
        }
      } finally {
        // A client whose unlock failed may still hold the lock: it is closed, not reused.
        client.release(broken);
      }
    } finally {
      leave();
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
