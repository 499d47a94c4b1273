import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { config } from "./config.server";

export type Db = BetterSQLite3Database<typeof schema>;
/** What a transaction callback receives; queries on it run inside the transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const MIGRATIONS = path.resolve(process.cwd(), "db/migrations");

export function openDatabase(file: string): { db: Db; sqlite: Database.Database } {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return { db, sqlite };
}

// One client per process; kept on globalThis so a rebuilt module in watch mode reuses it.
const g = globalThis as typeof globalThis & { __db?: { db: Db; sqlite: Database.Database } };

export function getDb(): Db {
  g.__db ??= openDatabase(config().databasePath);
  return g.__db.db;
}

/** The raw driver, for the few statements Drizzle cannot express (FTS, pragmas). */
export function getSqlite(): Database.Database {
  getDb();
  return g.__db!.sqlite;
}

/**
 * Runs `fn` in one transaction. better-sqlite3 transactions are synchronous: the
 * callback must not be async (its statements would run outside the transaction).
 * This is the one place a Postgres dialect swaps in an async transaction.
 */
export function transaction<T>(fn: (tx: Tx) => T): T {
  return getDb().transaction(fn);
}

/** Random URL-safe id: 96 bits as 16 base64url characters. */
export function newId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
}

export { schema };
