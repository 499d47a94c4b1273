import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");
// Files that touch no database run once, in the SQLite half; the PostgreSQL half
// (tests/pg/run.mjs sets TEST_DATABASE_URL) would only repeat them.
const databaseFree = ["tests/unit/video-transcode.test.ts", "tests/unit/lockfile.test.ts", "tests/unit/route-shape.test.ts", "tests/unit/component-cycles.test.ts"];

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? databaseFree : [])],
    // SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (tests/pg/run.mjs).
    globalSetup: ["tests/unit/global-setup.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    pool: "forks",
    // Every core (Vitest's default leaves one idle: on the 2-core CI machine, half of it). The files spend much of their time waiting on scrypt and the database.
    maxWorkers: availableParallelism(),
    environment: "node",
    // Password hashes at scrypt's test cost (N=2^12): the default's 128 MiB per hash is tested once (accounts.test.ts).
    env: { PASSWORD_HASH_COST: "12" },
    // Password hashing is deliberately slow (scrypt N=2^17); a busy CI machine needs headroom.
    testTimeout: 20_000,
  },
});
