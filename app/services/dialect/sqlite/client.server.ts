// SQLite through better-sqlite3: one connection per process, shared by every
// request, with async transactions that really are transactions.
//
// better-sqlite3 runs each statement synchronously and cannot keep a
// transaction open across an `await` by itself: between BEGIN and COMMIT any
// other request's statement would land inside it. So the connection has one
// async lock. `transaction()` takes it for the whole callback (BEGIN IMMEDIATE
// … COMMIT/ROLLBACK); every other statement waits until it is free.
//
// How a statement is routed: models use drizzle's `sqlite-proxy` driver, so
// every statement goes through one async function (`run` below) — the hook the
// sync driver lacks. Statements on the `tx` a transaction hands out run at once
// (they are the lock holder's); statements on the shared `db` run at once when
// the lock is free and otherwise queue for it. An AsyncLocalStorage context
// marks the code running inside a transaction callback, so a statement issued
// there on the shared `db` (it would wait for its own transaction, and on
// Postgres it would run on another connection, outside the transaction) fails
// loudly instead, and a nested `transaction()` becomes a savepoint.
//
// The other design considered, wrapping the sync driver's builders so that
// their `then` takes the lock, means patching drizzle's query classes; the proxy
// is drizzle's public driver API. Measured with the feed loader bench (100,000
// posts, tests/bench): page 1 median 1.5 ms with the sync driver before, see the
// README's data notes for the figure with this one (budget 15 ms). Prepared
// statements are cached per SQL text, which the sync driver did not do.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle as drizzleSync } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Logger } from "drizzle-orm";
import { drizzle, type AsyncRemoteCallback } from "drizzle-orm/sqlite-proxy";
import { schemas } from "../../../../db/schema";
import type { Db, Tx } from "../types";

const MIGRATIONS = path.resolve(process.cwd(), "db/migrations");
const STATEMENT_CACHE_SIZE = 500;

/** A FIFO async mutex. */
class Lock {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  get isHeld(): boolean {
    return this.held;
  }

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Hands the lock to the next waiter, if any. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/** The transaction a piece of code runs in (AsyncLocalStorage). */
type TxContext = { done: boolean; savepoints: number };

export type SqliteHandle = {
  db: Db;
  /** The open connection, for statements drizzle cannot build (FTS5). Use only through `exclusive`. */
  sqlite: Database.Database;
  /**
   * Runs `fn` with the connection to itself: after any open transaction, or
   * at once inside the caller's own transaction.
   */
  exclusive<T>(fn: (sqlite: Database.Database) => T | Promise<T>): Promise<T>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

export const MISUSED_DB =
  "A statement on the shared database was issued inside a transaction callback: use the `tx` it was given.";
const TX_ENDED = "A statement used the `tx` of a transaction that has already ended.";

export function openSqlite(file: string, opts: { logger?: Logger } = {}): SqliteHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");

  const cache = new Map<string, Database.Statement>();
  function prepare(source: string): Database.Statement {
    let statement = cache.get(source);
    if (statement) return statement;
    statement = sqlite.prepare(source);
    if (statement.reader) statement.raw(true);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, statement);
    return statement;
  }

  // sqlite-proxy wants rows as arrays of values (`raw`); `get` one array or undefined.
  function execute(source: string, params: unknown[], method: Parameters<AsyncRemoteCallback>[2]): { rows: unknown[] } {
    const statement = prepare(source);
    if (!statement.reader) {
      statement.run(...params);
      return { rows: [] };
    }
    if (method === "get") return { rows: statement.get(...params) as unknown[] };
    return { rows: statement.all(...params) };
  }

  const lock = new Lock();
  const context = new AsyncLocalStorage<TxContext>();
  const open = () => {
    const ctx = context.getStore();
    return ctx && !ctx.done ? ctx : undefined;
  };

  const shared: AsyncRemoteCallback = async (source, params, method) => {
    if (open()) throw new Error(MISUSED_DB);
    if (!lock.isHeld) return execute(source, params, method);
    await lock.acquire();
    try {
      return execute(source, params, method);
    } finally {
      lock.release();
    }
  };
  const inside: AsyncRemoteCallback = async (source, params, method) => {
    if (!open()) throw new Error(TX_ENDED);
    return execute(source, params, method);
  };

  const db = drizzle(shared, { schema: schemas.sqlite, logger: opts.logger });
  const tx = drizzle(inside, { schema: schemas.sqlite, logger: opts.logger });
  // Drizzle's own transaction would send BEGIN through the shared path, without the lock.
  for (const instance of [db, tx]) {
    instance.transaction = () => Promise.reject(new Error("Use transaction() from ~/services/db.server."));
  }

  async function exclusive<T>(fn: (sqlite: Database.Database) => T | Promise<T>): Promise<T> {
    if (open()) return fn(sqlite);
    await lock.acquire();
    try {
      return await fn(sqlite);
    } finally {
      lock.release();
    }
  }

  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = open();
    if (outer) {
      const name = `sp${++outer.savepoints}`;
      sqlite.exec(`savepoint ${name}`);
      try {
        const result = await fn(tx);
        sqlite.exec(`release ${name}`);
        return result;
      } catch (error) {
        sqlite.exec(`rollback to ${name}`);
        sqlite.exec(`release ${name}`);
        throw error;
      }
    }
    await lock.acquire();
    const ctx: TxContext = { done: false, savepoints: 0 };
    try {
      sqlite.exec("begin immediate");
      let result: T;
      try {
        result = await context.run(ctx, () => fn(tx));
        ctx.done = true;
        sqlite.exec("commit");
      } catch (error) {
        ctx.done = true;
        if (sqlite.inTransaction) sqlite.exec("rollback");
        throw error;
      }
      return result;
    } finally {
      ctx.done = true;
      lock.release();
    }
  }

  return {
    db,
    sqlite,
    exclusive,
    transaction,
    // Migrations run in one transaction with the connection to themselves; the
    // seed after them uses the ordinary paths (it is idempotent).
    migrate: async (then) => {
      await exclusive((connection) => migrate(drizzleSync(connection), { migrationsFolder: MIGRATIONS }));
      await then?.();
    },
    close: async () => {
      await lock.acquire();
      sqlite.close();
    },
  };
}
