// Each test file gets its own empty SQLite file, migrated before its tests run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-unit-"));
process.env.DATABASE_URL = path.join(dir, "test.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";
process.env.SEED_DEMO = "0";

// Imported after the environment is set: the client reads DATABASE_URL once.
const { closeDatabase, migrateDatabase } = await import("~/services/db.server");
await migrateDatabase();

afterAll(async () => {
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
