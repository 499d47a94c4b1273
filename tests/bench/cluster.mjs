// Mixed reads (/home, /post/{id}, /search?q=) against one and against two
// production processes sharing one PostgreSQL database (run through
// tests/pg/run.mjs, which provides TEST_DATABASE_URL): a bounded autocannon run
// each, printing requests/s, latency p50/p99, errors and non-2xx answers.
// The bar: 0 errors and 0 non-2xx.
import autocannon from "autocannon";
import pg from "pg";
import { createDatabase, dropDatabases, uniqueName } from "../pg/databases.mjs";
import { freePort, startServer } from "./server.mjs";

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 16);

/** The reads of the mix: the feed, a few post pages, a few searches, each cycled through by every connection. */
async function readMix(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select id from posts where parent_id is null and deleted_at is null and campus_id = 'ou' order by created_at limit 4");
    if (!rows.length) throw new Error("the demo seed made no posts to read");
    const words = ["textbook", "fridge", "desk", "tickets"];
    return [
      { method: "GET", path: "/home" },
      ...rows.flatMap((r, i) => [
        { method: "GET", path: `/post/${r.id}` },
        { method: "GET", path: `/search?q=${words[i % words.length]}` },
      ]),
    ];
  } finally {
    await client.end();
  }
}

async function run(label, urls, requests) {
  // A short warm-up (compiled routes, pools, caches), then the measured run.
  await autocannon({ url: urls, connections: CONNECTIONS, duration: 2, requests });
  const r = await autocannon({ url: urls, connections: CONNECTIONS, duration: SECONDS, requests });
  const ok = r.errors === 0 && r.non2xx === 0 && r.timeouts === 0;
  console.log(
    `${label}: ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
      `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${r.requests.total} requests, ${CONNECTIONS} connections, ${SECONDS} s) ${ok ? "ok" : "FAILED"}`,
  );
  return ok;
}

const prefix = uniqueName("bench_cluster");
const url = await createDatabase(prefix);
const ports = [await freePort(), await freePort()];
// Both processes answer for both origins, so a request may go to either.
const origins = ports.map((p) => `http://localhost:${p}`).join(",");
const env = { DATABASE_URL: url, CAMPUS_ORIGINS: origins, SEED_DEMO: "1" };
const servers = [];
let ok = true;
try {
  servers.push(await startServer({ port: ports[0], env }));
  const requests = await readMix(url);
  console.log(`\nMixed reads on PostgreSQL (${requests.map((r) => r.path.replace(/\/post\/.*/, "/post/{id}").replace(/\?q=.*/, "?q=")).filter((p, i, all) => all.indexOf(p) === i).join(", ")}):`);
  ok = (await run("one process", [servers[0].base], requests)) && ok;
  servers.push(await startServer({ port: ports[1], env }));
  ok = (await run("two processes", servers.map((s) => s.base), requests)) && ok;
} finally {
  for (const s of servers) s.stop();
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabases(prefix);
}
if (!ok) process.exitCode = 1;
