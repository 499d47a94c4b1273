// What differs between the two databases, and nothing else. DATABASE_URL picks
// one implementation of `DbClient` once at start (app/services/db.server.ts);
// models and services only ever see these interfaces and the `Db` below.
//
// Layout: one folder per dialect, one module per concern:
//   sqlite/client.server.ts   better-sqlite3 behind one async lock (transactions, migrations)
//   sqlite/search.server.ts   FTS5
//   sqlite/outbox.server.ts   the mail claim (one UPDATE … RETURNING under the write lock)
//   sqlite/rate-limit.server.ts
//   pg/…                      the same concerns on node-postgres (pg.Pool)
import type { RateLimiterStoreAbstract } from "rate-limiter-flexible";
import type { SQL } from "drizzle-orm";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import type * as schema from "../../../db/schema/sqlite";

/**
 * The database every model uses: typed from the SQLite schema (the Postgres
 * schema has the same tables and columns, so the same builder calls work on
 * both). Await builders directly (`await db.select()…`, `.returning()` for
 * rows written); never `.run()`, `.all()`, `.get()` or raw driver calls.
 */
export type Db = SqliteRemoteDatabase<typeof schema>;

/** What a `transaction()` callback receives: statements on it run inside the transaction. */
export type Tx = Db;

export type DialectName = "sqlite" | "pg";

/** A statement as the driver receives it (what `onQuery` in db.server reports). */
export type Statement = { sql: string; params: unknown[] };

export type OutboxMail = typeof schema.mail.$inferSelect;

/** One word of a search query; `prefix` matches words that start with it. */
export type SearchTerm = { text: string; prefix: boolean };

/** A person found by search, as the people list shows them. */
export type PersonHit = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  verified: boolean;
};

export interface SearchDialect {
  /**
   * Ids of top-level, undeleted posts of `campusId` whose text blocks or
   * category contain every term (case-insensitive; a prefix term matches the
   * start of a word), best match first, then latest activity, then id, both
   * descending. `terms` is never empty. `where`: more conditions on `posts`
   * (the feed's filters), written against that table name. `first`: posts
   * meeting this condition on `posts` come before all others (a listing whose
   * ISBN or course code is what was typed).
   */
  posts(q: { terms: SearchTerm[]; campusId: string; limit: number; offset: number; where?: SQL; first?: SQL }): Promise<string[]>;
  /**
   * A condition on the `posts` table for a query over it (the feed's sorts on
   * /search): the post's text blocks or category contain every term, as above.
   */
  postMatch(terms: SearchTerm[]): SQL;
  /**
   * People whose first name, last name or username contain every term (same
   * matching), best match first (first name weighs most, then username, then
   * last name), then username. Only `campusId`'s people when it is not null;
   * never a profile hidden by reports (users.hidden_at).
   */
  people(q: { terms: SearchTerm[]; campusId: string | null; limit: number; offset: number }): Promise<PersonHit[]>;
}

export interface OutboxDialect {
  /**
   * Claims up to `batchSize` rows of the mail outbox for `workerId`: rows
   * `queued` with `nextAttemptAt <= at`, and rows `sending` whose claim is
   * older than `at - leaseMs` (a worker died), oldest `nextAttemptAt` first.
   * Each claimed row becomes `sending`, `claimedBy = workerId`, `claimedAt = at`,
   * `attempts + 1`, and is returned as it is after the change. Two workers
   * (or processes) claiming at the same time never get the same row.
   */
  claim(q: { workerId: string; at: number; leaseMs: number; batchSize: number }): Promise<OutboxMail[]>;
}

export interface RateLimitDialect {
  /** A rate-limiter-flexible limiter on the `rate_limits` table (key text, points int, expire bigint). */
  limiter(opts: { keyPrefix: string; points: number; duration: number }): RateLimiterStoreAbstract;
}

/** An open database of one dialect. */
export interface DbClient {
  readonly dialect: DialectName;
  readonly db: Db;
  /**
   * Runs `fn` in one transaction and returns its result; a throw rolls every
   * statement on `tx` back. Called inside another transaction it becomes a
   * savepoint of that one. No file or network I/O inside: the transaction
   * holds the connection (SQLite: the only one) until `fn` settles.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Applies pending migrations, then runs `then` (the seed), under a lock that
   * keeps two processes starting together apart.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  /** Throws the driver's error when the database cannot be reached. */
  check(): Promise<void>;
  /**
   * The planner's plan for a statement, one step per line (tests and the bench
   * check that indexes are used). `analyze`: PostgreSQL runs it and adds the
   * actual rows and times of each step (SQLite's plan has none).
   */
  explain(query: SQL | Statement, opts?: { analyze?: boolean }): Promise<string>;
  /** Refreshes the planner's statistics (after a bulk load: the bench); on PostgreSQL a VACUUM ANALYZE. */
  analyze(): Promise<void>;
  close(): Promise<void>;
  readonly search: SearchDialect;
  readonly outbox: OutboxDialect;
  readonly rateLimits: RateLimitDialect;
}
