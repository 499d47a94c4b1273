// The PostgreSQL figures of docs/product.md §22 (run through tests/pg/run.mjs, which
// provides TEST_DATABASE_URL): the whole /home.data request with 100,000
// posts, /home throughput against the floor app (visitors, and a signed-in
// student's /home and post page with the statements per /home), on a production server
// whose DATABASE_URL is a fresh PostgreSQL database.
import { createDatabase, dropDatabases, uniqueName } from "../pg/databases.mjs";
import { reportThroughput, timeRequests } from "./floor.mjs";
import { seedPostsPg, startServer } from "./server.mjs";
import { signedInTargets } from "./signed-in.mjs";

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const FEED_BUDGET_MS = 15;

const prefix = uniqueName("bench");
const url = await createDatabase(prefix);
const server = await startServer({ env: { DATABASE_URL: url } });
try {
  console.log(`\nPostgreSQL: seeding ${POSTS.toLocaleString()} posts…`);
  await seedPostsPg(url, POSTS);
  await timeRequests(`${server.base}/home.data`, 20); // warm up
  const feed = await timeRequests(`${server.base}/home.data`, 200);
  const deep = await timeRequests(`${server.base}/home.data?category=furniture`, 100);
  console.log(
    `Feed data request on PostgreSQL with ${POSTS.toLocaleString()} posts (whole request, loaders included): median ${feed.median.toFixed(2)} ms, p95 ${feed.p95.toFixed(2)} ms; by category: median ${deep.median.toFixed(2)} ms (loader budget ${FEED_BUDGET_MS} ms) ${feed.median <= FEED_BUDGET_MS ? "ok" : "OVER"}`,
  );
  const rendered = await startServer({ env: { DATABASE_URL: url, PAGE_CACHE_TTL_MS: "0", MIGRATE_ON_START: "0", COUNT_STATEMENTS: "1" } });
  try {
    await reportThroughput([
      { url: `${server.base}/home`, label: "PostgreSQL" },
      { url: `${rendered.base}/home`, label: "PostgreSQL, every request rendered (PAGE_CACHE_TTL_MS=0)", budget: null },
      ...(await signedInTargets(rendered.base, "PostgreSQL")),
    ]);
  } finally {
    rendered.stop();
  }
} finally {
  server.stop();
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabases(prefix);
}
