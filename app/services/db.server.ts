// The database client (infrastructure): DATABASE_URL picks SQLite or PostgreSQL
// once, at start; everything else goes through `getDb()`, `transaction()` and
// the dialect's concern modules (app/services/dialect/), never a raw driver.
import { Column, inArray, is, Param, SQL, sql, type DriverValueDecoder, type Logger, type SQLWrapper } from "drizzle-orm";
import * as schema from "../../db/schema";
import { dialect as schemaDialect } from "../../db/schema";
import { config, ConfigError, parseDatabaseUrl, redactDatabaseUrl, type DatabaseConfig } from "./config.server";
import { driverError } from "./dialect/errors";
import { createPgClient } from "./dialect/pg/index.server";
import { createSqliteClient } from "./dialect/sqlite/index.server";
import type { DbClient, Statement, Tx } from "./dialect/types";

export type { Db, DbClient, Statement, Tx } from "./dialect/types";

// Statement listeners (the bench counts statements per page; tests explain them).
const listeners = new Set<(statement: Statement) => void>();
const logger: Logger = {
  logQuery(sql, params) {
    for (const listener of listeners) listener({ sql, params });
  },
};

/** Calls `listener` with every statement sent to the database until the returned function is called. */
export function onQuery(listener: (statement: Statement) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens a database of either dialect (the process's own through `getDb()`;
 * tests open the server's with this). Does not migrate: see migrate().
 */
export function createDbClient(database: DatabaseConfig | string): DbClient {
  const target = typeof database === "string" ? parseDatabaseUrl(database) : database;
  // The tables models use (db/schema) were chosen by DATABASE_URL when it loaded.
  if (target.dialect !== schemaDialect) {
    throw new Error(`A ${target.dialect} database was asked for, but db/schema holds ${schemaDialect} tables: set DATABASE_URL before loading it.`);
  }
  if (target.dialect === "sqlite") return createSqliteClient(target.path, { logger });
  return createPgClient(target.url, { poolMax: target.poolMax, logger });
}

// One client per process; kept on globalThis so a rebuilt module in watch mode reuses it.
const g = globalThis as typeof globalThis & { __db?: DbClient };

/** The process's database client, opened on first use. */
export function dbClient(): DbClient {
  g.__db ??= createDbClient(config().database);
  return g.__db;
}

export function getDb() {
  return dbClient().db;
}

/**
 * Runs `fn` in one transaction: everything on `tx` commits together or not at
 * all. Only database statements inside — hash passwords, store files and send
 * mail before or after. See DbClient.transaction.
 */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return dbClient().transaction(fn);
}

let preparedCount = 0;

/**
 * A hot query built once and sent as a prepared statement (drizzle's
 * `.prepare()`, a named statement on PostgreSQL): `build` makes the query with
 * `sql.placeholder(…)` for its values, and the returned function gives the
 * prepared query of the process's current database (built on first use, again
 * after the database is reopened). Run it with `.execute({ …values })`, outside
 * transactions (it runs on the shared `db`).
 */
export function prepared<P>(build: () => { prepare(): P }): () => P {
  const byClient = new WeakMap<DbClient, P>();
  // Postgres keeps a named statement per connection: one name per query, never reused for another text.
  const name = `prepared_${++preparedCount}`;
  return () => {
    const client = dbClient();
    let query = byClient.get(client);
    if (!query) {
      const builder = build();
      // The builder is drizzle's Postgres one at run time there, whose prepare() takes the statement's name.
      query = client.dialect === "pg" ? (builder as unknown as { prepare(name: string): P }).prepare(name) : builder.prepare();
      byClient.set(client, query);
    }
    return query;
  };
}

/** Applies pending migrations, then runs `then` (the seed) under the dialect's start-up lock. */
export function migrateDatabase(then?: () => Promise<void>): Promise<void> {
  return dbClient().migrate(then);
}

/** Checks that the database can be reached; throws a ConfigError naming DATABASE_URL otherwise. */
export async function checkDatabase(): Promise<void> {
  const database = config().database;
  try {
    await dbClient().check();
  } catch (error) {
    // node-postgres reports every address it tried (localhost: ::1 and 127.0.0.1) in one AggregateError.
    const errors = error instanceof AggregateError ? (error.errors as unknown[]) : [error];
    const reason = errors.map((e) => (e instanceof Error ? e.message || e.name : String(e))).join("; ");
    throw new ConfigError(`Cannot open the database of DATABASE_URL (${redactDatabaseUrl(database)}): ${reason}`);
  }
}

/** Closes the process's database (tests, scripts). */
export async function closeDatabase(): Promise<void> {
  const client = g.__db;
  g.__db = undefined;
  await client?.close();
}

/**
 * Whether `error` is a unique-key violation (SQLite SQLITE_CONSTRAINT_UNIQUE or
 * PRIMARYKEY, Postgres 23505), looking through drizzle's DrizzleQueryError to
 * the driver's error. With `column`, only a violation on that column of `table`.
 */
export function isUniqueViolation(error: unknown, target?: { table: string; column: string }): boolean {
  const e = driverError(error);
  if (e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    // SQLite names the columns: "UNIQUE constraint failed: users.username".
    return !target || e.message.split(/[:,]\s*/).includes(`${target.table}.${target.column}`);
  }
  if (e?.code === "23505") {
    // Postgres names the table and, in the detail, the key: "Key (username)=(x) already exists."
    const columns = /^Key \(([^)]*)\)=/.exec(e.detail ?? "")?.[1]?.split(/,\s*/) ?? [];
    return !target || (e.table === target.table && columns.includes(target.column));
  }
  return false;
}

/** `expr`, but never below 0, in SQL both dialects speak (SQLite's two-argument max is not Postgres's). */
export function atLeastZero(expr: SQL): SQL<number> {
  return sql<number>`case when ${expr} > 0 then ${expr} else 0 end`;
}

/**
 * `query` (a SELECT inside a transaction) taking the rows it reads until the
 * transaction ends, so a second transaction after the same rows waits and then
 * sees what the first did: FOR UPDATE on PostgreSQL (where the waiter, being
 * SERIALIZABLE, fails and runs again on fresh rows). On SQLite the transaction
 * already holds the write lock from BEGIN IMMEDIATE, so the query is unchanged.
 */
export function forUpdate<Q>(query: Q): Q {
  if (dbClient().dialect !== "pg") return query;
  // The builder is drizzle's Postgres one at run time; models see it typed as SQLite's.
  return (query as unknown as { for(strength: "update"): Q }).for("update");
}

/**
 * `query` (a SELECT naming queue rows to claim) skipping rows another
 * transaction is claiming right now rather than waiting for them: FOR UPDATE
 * SKIP LOCKED on PostgreSQL; SQLite serialises writers, so it is unchanged.
 */
export function skipLocked<Q>(query: Q): Q {
  if (dbClient().dialect !== "pg") return query;
  return (query as unknown as { for(strength: "update", opts: { skipLocked: boolean }): Q }).for("update", { skipLocked: true });
}

/**
 * A prepared statement's parameter that PostgreSQL does not look at when it
 * plans (`(select $1)`). PostgreSQL costs a plan for the values at hand before
 * it settles on its generic plan, and when a parameter is compared with an
 * uneven column (a thread's parent, a card's photos: a few posts have many, a
 * new one none) that plan always looks the cheaper, so it plans the statement
 * anew on every run instead of once (docs/product.md §22). Only where the
 * generic plan is the one wanted: an index probe whatever the value. SQLite
 * needs nothing (it prepares once and does not plan by the values).
 */
export function hiddenFromPlanner(value: SQLWrapper): SQL {
  if (dbClient().dialect !== "pg") return sql`${value}`;
  return sql`(select ${value})`;
}

/**
 * `column` is one of `values` (texts; a listing's hundreds of index keys), each
 * looked up in `column`'s index: on PostgreSQL one array parameter unnested
 * (`in (select unnest($1::text[]))`: a nested loop of index probes, where a
 * plain `= any(…)` may be planned as a read of the whole table); SQLite
 * already probes the index for each value of an IN list.
 */
export function inTexts(column: SQLWrapper, values: string[]): SQL {
  if (dbClient().dialect !== "pg") return inArray(column as Column, values);
  return sql`${column} in (select unnest(${new Param(values)}::text[]))`;
}

/**
 * `column` is one of the values `subquery` returns, the subquery run first and
 * the table then read by `column`'s index for just those (a handful out of
 * many): on PostgreSQL `= any(array(subquery))`, which the planner cannot
 * turn into a hash join over the whole table as it may an IN (subquery);
 * SQLite already runs IN (subquery) that way.
 */
export function inSubquery(column: SQLWrapper, subquery: SQLWrapper): SQL {
  if (dbClient().dialect !== "pg") return sql`${column} in ${subquery}`;
  return sql`${column} = any(array${subquery})`;
}

/**
 * The numbers `expr` takes over a (sub)query's rows as one text, comma
 * separated (null for no rows), read back with numbersOf: a list that rides in
 * one column of a row (SQLite's group_concat, PostgreSQL's string_agg).
 */
export function numberList(expr: SQL): SQL<string | null> {
  if (dbClient().dialect !== "pg") return sql<string | null>`group_concat(${expr}, ',')`;
  return sql<string | null>`string_agg((${expr})::text, ',')`;
}

/** The numbers of a numberList column. */
export function numbersOf(list: string | null): number[] {
  return list ? list.split(",").map(Number) : [];
}

/** What `mapWith` gave an expression (drizzle keeps it on the SQL, where its own row mapping reads it; its types leave it out). */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** A query's selection: columns and SQL expressions, in objects nested as drizzle allows. */
type Selection = { [key: string]: Column | SQL | SQL.Aliased | Selection };

/**
 * A bounded list of rows as one column of another statement, so a page that
 * needs one row and a short list beside it reads them in one statement
 * (docs/product.md §22). `build` gets `selection` flattened to columns named
 * c0…cN and returns the query that reads the rows (its conditions, order and
 * limit); the column holds them as a JSON array of arrays in the order of
 * `orderBy` (keys of the selection's top level), SQLite's json_group_array or
 * PostgreSQL's json_agg, and is read back into rows shaped like `selection`,
 * each value through its column's own mapping, as a select would return them.
 */
export function jsonRows<Row>(selection: Selection, build: (flat: Record<string, SQL.Aliased>) => SQLWrapper, orderBy: string[]): SQL<Row[]> {
  const leaves: { parents: string[]; key: string; decode: (value: unknown) => unknown }[] = [];
  const flat: Record<string, SQL.Aliased> = {};
  const walk = (from: Selection, path: string[]) => {
    for (const [key, field] of Object.entries(from)) {
      if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) {
        const name = `c${leaves.length}`;
        const decoder = is(field, Column) ? field : decoderOf(is(field, SQL) ? field : field.sql);
        leaves.push({ parents: path, key, decode: (value) => decoder.mapFromDriverValue(value) });
        flat[name] = sql`${is(field, SQL.Aliased) ? field.sql : field}`.as(name);
      } else walk(field, [...path, key]);
    }
  };
  walk(selection, []);
  const cell = (i: number) => sql.raw(`rows_.c${i}`);
  const cells = sql.join(
    leaves.map((_, i) => cell(i)),
    sql`, `,
  );
  const order = sql.join(
    orderBy.map((key) => {
      const at = leaves.findIndex((l) => l.parents.length === 0 && l.key === key);
      if (at < 0) throw new Error(`jsonRows: "${key}" is not a column of the selection's top level`);
      return cell(at);
    }),
    sql`, `,
  );
  const aggregate =
    dbClient().dialect === "pg"
      ? sql`coalesce(json_agg(json_build_array(${cells}) order by ${order}), '[]')`
      : sql`json_group_array(json_array(${cells}) order by ${order})`;
  const decode = (value: unknown): Row[] =>
    // PostgreSQL's driver parses json; SQLite's gives its text.
    (typeof value === "string" ? (JSON.parse(value) as unknown[][]) : (value as unknown[][])).map((cells) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < leaves.length; i++) {
        const leaf = leaves[i]!;
        let into = row;
        for (const key of leaf.parents) into = (into[key] ??= {}) as Record<string, unknown>;
        const cell = cells[i] ?? null;
        into[leaf.key] = cell === null ? null : leaf.decode(cell);
      }
      return row as Row;
    });
  return sql`(select ${aggregate} from ${build(flat)} as rows_)`.mapWith(decode);
}

/** Random URL-safe id: 96 bits as 16 base64url characters. */
export function newId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString("base64url");
}

export { schema };
