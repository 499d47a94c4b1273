// Each test file gets its own empty SQLite file, migrated on first use.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-unit-"));
process.env.DATABASE_URL = path.join(dir, "test.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.NODE_ENV = "test";
process.env.SEED_DEMO = "0";

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
