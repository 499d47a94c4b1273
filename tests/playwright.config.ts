import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { localCampusOrigins } from "./e2e/app-server";

const root = path.resolve(import.meta.dirname, "..");

// The config is evaluated again in every worker: pick the port and database once,
// in the main process, and hand them down through the environment.
const freePorts = (n: number) =>
  execFileSync(process.execPath, [
    "-e",
    `const net=require('net');Promise.all(Array.from({length:${n}},()=>new Promise(r=>{const s=net.createServer();s.listen(0,'127.0.0.1',()=>r(s))}))).then(ss=>{process.stdout.write(ss.map(s=>s.address().port).join(','));ss.forEach(s=>s.close())})`,
  ])
    .toString()
    .split(",");
// E2E_PROCESSES=2 (the PostgreSQL half) runs that many app processes on one database
// behind a round-robin proxy on E2E_PORT, so each request may be served by either.
const processes = Math.max(1, Number(process.env.E2E_PROCESSES ?? 1));
if (!process.env.E2E_PORT) {
  const ports = freePorts(processes > 1 ? processes + 1 : 1);
  process.env.E2E_PORT = ports[0]!;
  process.env.E2E_APP_PORTS = (processes > 1 ? ports.slice(1) : ports).join(",");
}
const appPorts = (process.env.E2E_APP_PORTS ?? process.env.E2E_PORT).split(",").map(Number);
process.env.E2E_DIR ??= path.join(os.tmpdir(), `campus-e2e-${process.env.E2E_PORT}-${Date.now()}`);

const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DIR;
// The server's database: a SQLite file, or in the PostgreSQL half (TEST_DATABASE_URL,
// see tests/pg/run.mjs) a new database on that server, made here once and synchronously
// because the web server starts before any global setup.
process.env.E2E_DATABASE_URL ??= process.env.TEST_DATABASE_URL
  ? execFileSync(process.execPath, [
      path.join(root, "tests/pg/databases.mjs"),
      "create",
      `campus_e2e_${process.env.E2E_PORT}_main`,
    ]).toString()
  : path.join(dataDir, "app.db");
// Test files read and write the server's database directly (fixtures.ts openTestDb):
// db/schema picks the same dialect's tables by DATABASE_URL when they import it.
process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
// The server reads the owner's MDX from a copy, so a test can add a project or game file.
const contentDir = path.join(dataDir, "content");
if (!fs.existsSync(contentDir)) fs.cpSync(path.join(root, "content"), contentDir, { recursive: true });

// The PostgreSQL half runs the flows that write and read data across two processes
// (sign-up and sign-in, profiles, posting, messages and offers, moderation, alerts,
// mail…). Pages whose behaviour does not depend on the database or on which process
// answers (the public and owner's pages, Google sign-in, the phone's layout, the
// installed app, region and firewall rules) run in the SQLite half only: their
// queries are covered on both databases by the unit and security suites.
// E2E_PG_ALL=1 runs every spec here too.
const SQLITE_HALF_ONLY = [
  "alt-text", "analytics", "firewall", "google", "grid", "html-validity", "offline",
  "phone-navigation", "portfolio", "post-gallery", "public-pages", "push", "region-gate",
  "signup-prompt", "verify-school-prompt",
];
const pgHalf = !!process.env.TEST_DATABASE_URL && !process.env.E2E_PG_ALL;

export default defineConfig({
  testDir: path.join(root, "tests/e2e"),
  testIgnore: pgHalf ? SQLITE_HALF_ONLY.map((name) => `**/${name}.spec.ts`) : undefined,
  outputDir: path.join(root, "test-results"),
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Two browsers, the app and (in the PostgreSQL half) two processes and a database server share two cores: the longest flows need the time.
  timeout: processes > 1 ? 60_000 : 45_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  globalTeardown: path.join(root, "tests/e2e/global-teardown.ts"),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "nojs", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: [
    ...appPorts.map((appPort) => ({
      // As `npm run serve` starts it (start-env.mjs: React's production build).
      command: `node --import ./start-env.mjs ${path.join(root, "build/index.js")}`,
      cwd: root,
      url: `http://localhost:${appPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe" as const,
      env: {
        PORT: String(appPort),
        NODE_ENV: "production",
        SESSION_SECRET: "e2e-session-secret",
        // The tests' many sign-ups hash at scrypt's test cost; the default is covered by the unit tests.
        PASSWORD_HASH_COST: "12",
        DEV_MAILBOX: "1",
        // Production mode: links come from PUBLIC_URL and the campus sites listed here (*.localhost resolves to this machine).
        PUBLIC_URL: `http://localhost:${port}`,
        CAMPUS_ORIGINS: localCampusOrigins(port),
        DATABASE_URL: process.env.E2E_DATABASE_URL!,
        UPLOADS_DIR: path.join(dataDir, "uploads"),
        CONTENT_DIR: contentDir,
      },
    })),
    ...(appPorts.length > 1
      ? [
          {
            command: `node ${path.join(root, "tests/support/round-robin-proxy.mjs")} ${port} ${appPorts.join(" ")}`,
            cwd: root,
            url: `http://localhost:${port}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]
      : []),
  ],
});
