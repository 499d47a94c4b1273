// Databases for the PostgreSQL half of the tests, on the server named by
// TEST_DATABASE_URL (tests/pg/run.mjs sets it). Names are made here, never
// taken from input, so they are safe to put in SQL as identifiers.
//
//   node tests/pg/databases.mjs create NAME   creates an empty database, prints its URL
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The PostgreSQL server of the Postgres half of the tests; undefined in the SQLite half. */
export function testServerUrl() {
  return process.env.TEST_DATABASE_URL || undefined;
}

function serverUrl() {
  const url = testServerUrl();
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run the PostgreSQL half through tests/pg/run.mjs");
  return url;
}

function checkName(name) {
  if (!NAME.test(name)) throw new Error(`not a test database name: ${name}`);
  return name;
}

/** A database name no other run or file uses: `prefix_<pid>_<random>`. */
export function uniqueName(prefix) {
  return checkName(`${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`);
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name) {
  const url = new URL(serverUrl());
  url.pathname = `/${checkName(name)}`;
  return url.toString();
}

async function withServer(fn) {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` (a copy of `template` when given) and returns its URL. */
export async function createDatabase(name, { template } = {}) {
  await withServer((c) =>
    c.query(`CREATE DATABASE "${checkName(name)}"${template ? ` TEMPLATE "${checkName(template)}"` : ""}`),
  );
  return databaseUrl(name);
}

/** Drops every database whose name starts with `prefix`, closing their connections. */
export async function dropDatabases(prefix) {
  await withServer(async (c) => {
    const { rows } = await c.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [checkName(prefix)]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${checkName(datname)}" WITH (FORCE)`);
  });
}

/** Applies db/migrations-pg to the database at `url`. */
export async function migrateDatabase(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(ROOT, "db/migrations-pg") });
  } finally {
    await pool.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, name] = process.argv.slice(2);
  if (command !== "create" || !name) {
    console.error("usage: node tests/pg/databases.mjs create NAME");
    process.exit(2);
  }
  process.stdout.write(await createDatabase(name));
}
