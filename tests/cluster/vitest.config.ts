import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// The multi-process test: production builds (build/index.js) on PostgreSQL
// (TEST_DATABASE_URL, given by tests/pg/run.mjs), an S3-compatible server and
// a fake mail provider, all started by the test itself.
export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    pool: "forks",
    environment: "node",
    // One scenario builds on the one before (users, posts): in order, in one file.
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
