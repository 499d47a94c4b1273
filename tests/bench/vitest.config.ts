import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["tests/bench/**/*.bench.test.ts"],
    // SQLite by default; PostgreSQL under tests/pg/run.mjs (npm run bench runs both).
    globalSetup: ["tests/unit/global-setup.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    pool: "forks",
    // Seeding 100,000 posts (with their search index) takes minutes on a busy machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
