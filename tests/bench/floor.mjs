// The throughput floor (../shared/bench-floor): the smallest Remix app that
// server-renders one page with a <Form>. It is built with this project's own
// Remix packages (the same 2.17 release) in a temporary folder and served the
// way remix-serve serves it (express, compression, static files, the request
// handler), so /home's throughput can be divided by the framework's own.
// Also the request timers the bench scripts share.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import http from "node:http";
import { freePort } from "./server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** docs/product.md §22: /home serves at least 40 % of the floor's requests per second. */
const RATIO_BUDGET = 0.4;
const SOURCE = process.env.BENCH_FLOOR_DIR ?? path.resolve(ROOT, "../shared/bench-floor");

const SERVER = `
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import * as build from "./build/index.js";
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("floor ready"));
`;

/** Builds the floor app once per run; null (with the reason printed) when its source is not here. */
export function buildFloor() {
  if (!fs.existsSync(path.join(SOURCE, "app"))) {
    console.log(`The floor app is not at ${SOURCE} (set BENCH_FLOOR_DIR): the throughput ratio is skipped.`);
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-floor-"));
  for (const entry of ["app", "public", "package.json", "remix.config.js", "tsconfig.json"]) {
    if (fs.existsSync(path.join(SOURCE, entry))) fs.cpSync(path.join(SOURCE, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(path.join(dir, "server.mjs"), SERVER);
  try {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: "pipe",
    });
  } catch (error) {
    throw new Error(`The floor app did not build:\n${error.stderr ?? error.message}`);
  }
  return dir;
}

/** Starts the built floor app on a free port. */
export async function startFloor(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => String(chunk).includes("floor ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the floor app exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/**
 * /home's requests per second as a share of the floor's, measured in
 * alternating rounds (floor, product, floor, product…) with the same tool and
 * settings, so a noisy machine slows both alike. Returns the medians.
 */
export async function throughputRatio(throughput, homeUrl, floorBase, rounds = 3, { headers = {}, floorHeaders = {} } = {}) {
  const home = [];
  const floor = [];
  for (let i = 0; i < rounds; i++) {
    floor.push(await throughput(`${floorBase}/`, 3, 8, floorHeaders));
    home.push(await throughput(homeUrl, 3, 8, headers));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { home: median(home), floor: median(floor), ratio: median(home) / median(floor) };
}

export async function timeRequests(url, count) {
  const agent = new http.Agent({ keepAlive: true });
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = process.hrtime.bigint();
    await new Promise((resolve, reject) => {
      http.get(url, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject);
    });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

/**
 * /home's throughput against the floor app's (../shared/bench-floor), alternating
 * rounds, for each target: `{ url, label }` (the same page served differently,
 * e.g. with and without the visitors' page cache), optionally with `headers`
 * (a signed-in cookie), `floorHeaders` (the same Accept-Encoding for the floor)
 * and its own `budget` (null: no budget, printed for comparison).
 */
export async function reportThroughput(targets) {
  const floorDir = buildFloor();
  if (!floorDir) return;
  const floor = await startFloor(floorDir);
  try {
    for (const { url, label, headers, floorHeaders, budget = RATIO_BUDGET } of targets) {
      await throughput(url, 1, 8, headers); // warm up
      const { home, floor: base, ratio } = await throughputRatio(throughput, url, floor.base, 3, { headers, floorHeaders });
      // budget null: printed for comparison only (the same page served another way).
      const verdict = budget === null ? "(for comparison: no budget)" : `(budget ≥ ${budget}) ${ratio >= budget ? "ok" : "OVER"}`;
      console.log(`Throughput on ${label}: ${new URL(url).pathname} ${home.toFixed(0)} req/s vs the floor app ${base.toFixed(0)} req/s = ${ratio.toFixed(2)} ${verdict}`);
    }
  } finally {
    floor.stop();
    fs.rmSync(floorDir, { recursive: true, force: true });
  }
}

export async function throughput(url, seconds = 3, concurrency = 8, headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await new Promise((resolve, reject) => {
        http.get(url, { agent, headers }, (res) => res.resume().on("end", resolve)).on("error", reject);
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return done / seconds;
}
