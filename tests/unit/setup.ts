// Each test file gets its own database: an empty SQLite file, or on PostgreSQL
// (TEST_DATABASE_URL, see tests/pg/run.mjs) a copy of the run's migrated
// template (tests/unit/global-setup.ts). Migrations run before the tests.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { createDatabase, testServerUrl } from "../pg/databases.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-unit-"));
if (testServerUrl()) {
  const template = inject("pgTemplate");
  process.env.DATABASE_URL = await createDatabase(`${template}_f${randomBytes(4).toString("hex")}`, { template });
} else {
  process.env.DATABASE_URL = path.join(dir, "test.db");
}
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";
process.env.SEED_DEMO = "0";

// Imported after the environment is set: the client reads DATABASE_URL once.
const { closeDatabase, migrateDatabase } = await import("~/services/db.server");
await migrateDatabase();
// A test file may set more of the environment (production cookies, PUBLIC_URL) when it loads.
(await import("~/services/config.server")).resetConfig();

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
