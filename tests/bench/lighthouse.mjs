// Lighthouse 12 on a phone (its default mobile settings: simulated throttling,
// a mid-range phone's screen and CPU), performance only, against the production
// build with the demo listings and the floor app (../shared/bench-floor) in the
// same run: the score and Total Blocking Time of each page, the median of three
// runs. The CPU here is shared, and the simulated throttling still multiplies
// whatever else the machine does into TBT, so the runs go round-robin over the
// pages (a busy moment slows all of them, the floor included) and the floor's
// figures say how much of a page's time is the machine's.
// LIGHTHOUSE_RUNS=n changes the number of runs; LIGHTHOUSE_VERBOSE=1 prints, per page,
// the main thread's work by kind and the scripts that cost the most (from the median run);
// LIGHTHOUSE_SAVE=dir writes each run's full JSON report there, for the diagnostics the summary leaves out.
// Prints, never fails the build.
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildFloor, startFloor } from "./floor.mjs";
import { startServer } from "./server.mjs";

const BUDGET = { score: 0.95, tbtMs: 200 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const VERBOSE = process.env.LIGHTHOUSE_VERBOSE === "1";
const SAVE = process.env.LIGHTHOUSE_SAVE;
let saved = 0;
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mark = (ok) => (ok ? "ok  " : "OVER");

/** One Lighthouse run of `url` in the running Chromium: the figures the report prints. */
async function audit(port, url, attempt = 1) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace now and then comes back without its navigation start on a busy machine: that run is taken again.
    if (attempt < 3) return audit(port, url, attempt + 1);
    throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  }
  if (SAVE) {
    fs.mkdirSync(SAVE, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
    fs.writeFileSync(`${SAVE}/${String(++saved).padStart(2, "0")}${name}.json`, JSON.stringify(lhr));
  }
  const audits = lhr.audits;
  return {
    score: lhr.categories.performance.score ?? 0,
    tbt: audits["total-blocking-time"].numericValue ?? 0,
    cls: audits["cumulative-layout-shift"].numericValue ?? 0,
    mainThread: audits["mainthread-work-breakdown"].numericValue ?? 0,
    breakdown: (audits["mainthread-work-breakdown"].details?.items ?? []).map((i) => [i.groupLabel, i.duration]),
    bootup: (audits["bootup-time"].details?.items ?? []).map((i) => [i.url, i.total, i.scripting]),
    longTasks: (audits["long-tasks"].details?.items ?? []).map((i) => [i.url, i.duration]),
    requests: (audits["network-requests"].details?.items ?? []).filter((i) => i.resourceType === "Script").length,
  };
}

const server = await startServer();
const floorDir = buildFloor();
const floor = floorDir ? await startFloor(floorDir) : null;
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
try {
  // A post page with photos: the newest demo listing on /home (each is drawn with a photo).
  const home = await (await fetch(`${server.base}/home`)).text();
  const postId = home.match(/href="\/post\/([\w-]+)"/)?.[1];
  if (!postId) throw new Error("No post on /home: are the demo listings seeded?");
  const pages = [
    { label: "/", url: `${server.base}/` },
    { label: "/home", url: `${server.base}/home` },
    { label: "/home?view=grid", url: `${server.base}/home?view=grid` },
    { label: "/post/{id} (photos)", url: `${server.base}/post/${postId}` },
    { label: "/project/campus-buysell", url: `${server.base}/project/campus-buysell` },
    ...(floor ? [{ label: "floor app /", url: `${floor.base}/` }] : []),
  ];
  // A first load warms the server's caches (compiled MDX, the visitors' page cache) outside the measured runs.
  for (const page of pages) await fetch(page.url).then((r) => r.arrayBuffer());
  const runs = new Map(pages.map((p) => [p.label, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const page of pages) runs.get(page.label).push(await audit(chrome.port, page.url));
  }
  console.log(`\nLighthouse 12, mobile (simulated throttling), performance; median of ${RUNS} runs (budgets: score ≥ ${BUDGET.score}, TBT ≤ ${BUDGET.tbtMs} ms)`);
  console.log("page".padEnd(28), "score".padStart(6), "".padStart(5), "TBT".padStart(9), "".padStart(5), "main thread".padStart(12), "scripts".padStart(8), "CLS".padStart(7), "  runs (score / TBT)");
  for (const page of pages) {
    const list = runs.get(page.label);
    const score = median(list.map((r) => r.score));
    const tbt = median(list.map((r) => r.tbt));
    const main = median(list.map((r) => r.mainThread));
    const isFloor = page.label.startsWith("floor");
    console.log(
      page.label.padEnd(28),
      score.toFixed(2).padStart(6),
      (isFloor ? "" : mark(score >= BUDGET.score)).padStart(5),
      `${tbt.toFixed(0)} ms`.padStart(9),
      (isFloor ? "" : mark(tbt <= BUDGET.tbtMs)).padStart(5),
      `${(main / 1000).toFixed(2)} s`.padStart(12),
      String(median(list.map((r) => r.requests))).padStart(8),
      median(list.map((r) => r.cls)).toFixed(3).padStart(7),
      " ",
      list.map((r) => `${r.score.toFixed(2)}/${r.tbt.toFixed(0)}`).join(" "),
    );
    if (VERBOSE) {
      const mid = [...list].sort((a, b) => a.tbt - b.tbt)[Math.floor(list.length / 2)];
      console.log("   main thread:", mid.breakdown.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
      for (const [url, total, scripting] of mid.bootup) console.log(`   bootup ${total.toFixed(0)} ms (scripting ${scripting.toFixed(0)}) ${url}`);
      for (const [url, duration] of mid.longTasks) console.log(`   long task ${duration.toFixed(0)} ms ${url}`);
    }
  }
} finally {
  await chrome.kill();
  floor?.stop();
  server.stop();
  if (floorDir) fs.rmSync(floorDir, { recursive: true, force: true });
  fs.rmSync(server.dir, { recursive: true, force: true });
}
