import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// The security suite sends hostile requests to the production build (`npm run build` first).
// One server for the whole run (globalSetup); each file may start its own with other settings.
export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    include: ["tests/security/**/*.test.ts"],
    globalSetup: ["tests/security/global-setup.ts"],
    pool: "forks",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
