// Where a signed-in page's CPU goes (docs/product.md §22): the production build
// under `node --cpu-prof`, loaded with the bench's request loop (8 at a time) on
// a school-verified student's /home and their post with 20 comments, every
// request rendered. Prints requests/s, statements per request and the profile
// bottom-up: self time by package/file and by function, over the loaded window
// only (start-up and shutdown left out). Not part of `npm run bench`; run after
// `npx remix build`:  node tests/bench/profile.mjs  (BENCH_PROFILE_SECONDS=10,
// BENCH_POSTS=100000, BENCH_PROFILE_PAGES=home,post (or a path: /more), BENCH_PROFILE_TOP=30,
// BENCH_PROFILE_CONCURRENCY=8 (1: requests one at a time);
// BENCH_PROFILE_KEEP=1 keeps the .cpuprofile files for Chromium's DevTools;
// BENCH_PROFILE_DATABASE_URL=postgres://… profiles on that PostgreSQL database,
// migrated and seeded beforehand, e.g. by tests/bench/run-pg.mjs's steps).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { throughput } from "./floor.mjs";
import { seedPosts, startServer } from "./server.mjs";
import { signedInStudent, statementsOf } from "./signed-in.mjs";

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const PAGES = process.env.BENCH_PROFILE_PAGES?.split(",") ?? ["home", "post"];
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 30);
// 1: one request at a time, so the profile shows the server's own CPU without another process
// (the database, the load) taking its core in the middle of a sample.
const CONCURRENCY = Number(process.env.BENCH_PROFILE_CONCURRENCY ?? 8);

/** Which package (or node's internals, or the app's build) a profile frame's URL belongs to. */
function owner(url) {
  if (!url) return "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ""));
}

/** Self time (ms) by owner and by function over the samples taken in the last `windowMs` before the profile ended (minus `tailMs`). */
function bottomUp(profile, windowMs, tailMs) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byOwner = new Map();
  const byFunction = new Map();
  let t = profile.startTime;
  const from = profile.endTime - (windowMs + tailMs) * 1000;
  const to = profile.endTime - tailMs * 1000;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < from || t > to) return;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { callFrame: f } = nodes.get(id);
    const who = owner(f.url);
    const fn = `${f.functionName || "(anonymous)"}  ${who === "(native)" ? "" : `${who}:${f.lineNumber + 1}`}`;
    byOwner.set(who, (byOwner.get(who) ?? 0) + dt);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    total += dt;
  });
  const busy = total - (byFunction.get("(idle)  ") ?? 0);
  const rows = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, ms]) => `  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${k}`)
      .join("\n");
  return { busy, total, owners: rows(byOwner), functions: rows(byFunction) };
}

const PG_URL = process.env.BENCH_PROFILE_DATABASE_URL;
const setup = await startServer(PG_URL ? { env: { DATABASE_URL: PG_URL } } : {});
let dir;
try {
  const { cookie, postPath } = await signedInStudent(setup.base);
  if (POSTS && !PG_URL) {
    console.log(`Seeding ${POSTS.toLocaleString()} posts…`);
    seedPosts(setup.dbFile, POSTS);
  }
  dir = setup.dir;
  const headers = { "Accept-Encoding": "gzip, deflate, br", Cookie: cookie };
  const profiles = fs.mkdtempSync(path.join(os.tmpdir(), "campus-profile-"));
  for (const page of PAGES) {
    // "home", "post" (the student's listing with 20 comments) or any other path ("/more").
    const pathname = page === "home" ? "/home" : page === "post" ? postPath : page;
    const server = await startServer({
      dir,
      env: { PAGE_CACHE_TTL_MS: "0", MIGRATE_ON_START: "0", COUNT_STATEMENTS: "1", ...(PG_URL ? { DATABASE_URL: PG_URL } : {}) },
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profiles}`, `--cpu-prof-name=${page.replace(/\W/g, "_")}.cpuprofile`],
    });
    try {
      const url = `${server.base}${pathname}`;
      await statementsOf(url, headers); // the first request may renew the session
      const statements = await statementsOf(url, headers);
      await throughput(url, 1, CONCURRENCY, headers); // warm up
      const started = Date.now();
      const rps = await throughput(url, SECONDS, CONCURRENCY, headers);
      const loaded = Date.now() - started;
      const stopping = Date.now();
      server.stop();
      await server.exited;
      const profile = JSON.parse(fs.readFileSync(path.join(profiles, `${page.replace(/\W/g, "_")}.cpuprofile`), "utf8"));
      const { busy, total, owners, functions } = bottomUp(profile, loaded, Date.now() - stopping);
      console.log(`\nSigned-in ${page === "post" ? "/post/{id} with 20 comments" : pathname}: ${rps.toFixed(0)} req/s, ${statements} statements per request, ${(busy / (rps * SECONDS)).toFixed(1)} ms CPU per request on the main thread (${((100 * busy) / total).toFixed(0)}% busy)`);
      console.log(`Self time by package or file (of the busy time):\n${owners}`);
      console.log(`Self time by function:\n${functions}`);
    } finally {
      server.stop();
    }
  }
  if (process.env.BENCH_PROFILE_KEEP) console.log(`\nProfiles kept in ${profiles}`);
  else fs.rmSync(profiles, { recursive: true, force: true });
} finally {
  setup.stop();
  await setup.exited;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
