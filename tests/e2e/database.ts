// The databases of the end-to-end servers: SQLite files, or in the PostgreSQL
// half (TEST_DATABASE_URL, see tests/pg/run.mjs) databases on that server. All
// of a run's Postgres databases start with `campus_e2e_<port>_`, so the global
// teardown drops them together.
import path from "node:path";
import { createDatabase, dropDatabases, testServerUrl, uniqueName } from "../pg/databases.mjs";

/** The prefix of this run's PostgreSQL databases. */
export function e2eDatabasePrefix(): string {
  return `campus_e2e_${process.env.E2E_PORT ?? process.pid}`;
}

/** The database of the main e2e server (playwright.config.ts chooses it). */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the tests through tests/playwright.config.ts");
  return url;
}

/** A new, empty database for another server: a file in `dir`, or a Postgres database. */
export async function newDatabaseUrl(dir: string): Promise<string> {
  if (!testServerUrl()) return path.join(dir, "app.db");
  return createDatabase(uniqueName(`${e2eDatabasePrefix()}_x`));
}

/** Drops a database made by newDatabaseUrl (a file goes with its folder). */
export async function dropDatabase(url: string): Promise<void> {
  if (!/^postgres(?:ql)?:\/\//.test(url)) return;
  await dropDatabases(new URL(url).pathname.slice(1));
}
