// Before/after on a noisy machine: two production builds (BENCH_BASE_DIR, a
// checkout built with its own node_modules, against this one) serve the same
// database, every request rendered, and are measured in alternating rounds on
// a school-verified student's /home and their post with 20 comments. Prints
// each side's median requests/s, and its CPU time per request (the process's
// user + system time from /proc, which a busy machine disturbs far less than
// requests/s), and after ÷ before. Not part of `npm run bench`;
// run after `npx remix build` in both: BENCH_BASE_DIR=/path node tests/bench/compare.mjs
// (BENCH_ROUNDS=5, BENCH_POSTS=100000). On PostgreSQL, through tests/pg/run.mjs
// (which provides TEST_DATABASE_URL): a fresh database shared by both builds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { throughput } from "./floor.mjs";
import { createDatabase, dropDatabases, uniqueName } from "../pg/databases.mjs";
import { freePort, seedPosts, seedPostsPg, serveFlags, startServer } from "./server.mjs";
import { signedInStudent } from "./signed-in.mjs";

const BASE_DIR = process.env.BENCH_BASE_DIR;
if (!BASE_DIR) throw new Error("Set BENCH_BASE_DIR to the checkout to compare with (built, with node_modules)");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);

/** The build of `cwd` on `dir`'s database (or `databaseUrl`), every request rendered. */
async function serve(cwd, dir, databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [...serveFlags(cwd), "build/index.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench",
      DEV_MAILBOX: "1",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl ?? path.join(dir, "app.db"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      PAGE_CACHE_TTL_MS: "0",
      MIGRATE_ON_START: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i === 300) throw new Error(`${cwd} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** A process's CPU time so far (user + system, all threads), in ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

/** Requests/s of one round, and the server's CPU ms per request in it. */
async function round(server, url, headers) {
  const cpu = cpuMs(server.pid);
  const rps = await throughput(url, 3, 8, headers);
  return { rps, cpu: (cpuMs(server.pid) - cpu) / (rps * 3) };
}

const prefix = uniqueName("bench_compare");
const databaseUrl = process.env.TEST_DATABASE_URL ? await createDatabase(prefix) : undefined;
const setup = await startServer({ env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
const servers = [];
try {
  const { cookie, postPath } = await signedInStudent(setup.base);
  if (POSTS) await (databaseUrl ? seedPostsPg(databaseUrl, POSTS) : seedPosts(setup.dbFile, POSTS));
  const headers = { "Accept-Encoding": "gzip, deflate, br", Cookie: cookie };
  const before = await serve(BASE_DIR, setup.dir, databaseUrl);
  servers.push(before);
  const after = await serve(process.cwd(), setup.dir, databaseUrl);
  servers.push(after);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label, pathname] of [["/home", "/home"], ["/post/{id} with 20 comments", postPath]]) {
    const runs = { before: [], after: [] };
    await throughput(`${before.base}${pathname}`, 1, 8, headers); // warm up
    await throughput(`${after.base}${pathname}`, 1, 8, headers);
    for (let i = 0; i < ROUNDS; i++) {
      runs.before.push(await round(before, `${before.base}${pathname}`, headers));
      runs.after.push(await round(after, `${after.base}${pathname}`, headers));
    }
    const [b, a] = [runs.before, runs.after].map((rs) => ({ rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.cpu)) }));
    console.log(
      `${databaseUrl ? "PostgreSQL" : "SQLite"}, signed-in ${label} (median of ${ROUNDS} alternating rounds): before ${b.rps.toFixed(0)} req/s, ${b.cpu.toFixed(1)} ms CPU per request; ` +
        `after ${a.rps.toFixed(0)} req/s, ${a.cpu.toFixed(1)} ms CPU per request = ${(a.rps / b.rps).toFixed(2)}× the requests/s, ${(a.cpu / b.cpu).toFixed(2)}× the CPU`,
    );
  }
} finally {
  for (const s of servers) s.stop();
  setup.stop();
  await setup.exited;
  fs.rmSync(setup.dir, { recursive: true, force: true });
  if (databaseUrl) {
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabases(prefix);
  }
}
