// Budget figures of design D: page weight (JS, CSS, HTML gzipped) per page,
// feed loader time with 100,000 posts, and /home throughput. Prints, never fails
// the build; compare the figures with the budgets printed beside them.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { signUpViaHttp, startServer } from "./server.mjs";

const BUDGET = { js: 110 * 1024, css: 20 * 1024, homeHtml: 35 * 1024, feedMedianMs: 15, throughputRatio: 0.4 };
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mark = (ok) => (ok ? "ok  " : "OVER");

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);

function seedPosts(dbFile) {
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  const authors = db.prepare("select id, campus_id from users").all();
  const insert = db.prepare(
    "insert into posts (id, campus_id, author_id, text, category, created_at, last_activity_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const categories = [null, "books movies & music", "furniture", "tickets", "household", "computers & accessories"];
  const start = Date.now() - POSTS * 60_000;
  db.transaction(() => {
    for (let i = 0; i < POSTS; i++) {
      const a = authors[i % authors.length];
      const at = start + i * 60_000;
      const text = JSON.stringify([{ text: `Bench listing ${i}: lightly used, pick up on campus.` }, { text: "Message me with questions." }]);
      insert.run(crypto.randomBytes(12).toString("base64url"), a.campus_id, a.id, text, categories[i % categories.length], at, at, at);
    }
  })();
  db.close();
}

async function pageWeights(base, paths) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const rows = [];
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies = [];
    page.on("response", (res) => {
      const type = res.request().resourceType();
      if (type === "script" || type === "stylesheet" || type === "document") {
        bodies.push(res.body().then((b) => ({ type, size: gz(b) })).catch(() => ({ type, size: 0 })));
      }
    });
    await page.goto(base + path, { waitUntil: "networkidle" });
    const all = await Promise.all(bodies);
    const sum = (t) => all.filter((b) => b.type === t).reduce((s, b) => s + b.size, 0);
    rows.push({ path, js: sum("script"), css: sum("stylesheet"), html: sum("document") });
    await context.close();
  }
  await browser.close();
  return rows;
}

async function timeRequests(url, count) {
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

async function throughput(url, seconds = 3, concurrency = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await new Promise((resolve, reject) => {
        http.get(url, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject);
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return done / seconds;
}

/** Posts `count` listings with two camera-sized photos each, the way the composer does (no JS). */
async function postPhotos(base, count) {
  const seller = await signUpViaHttp(base, `bench-${Date.now()}@ou.edu`);
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set("intent", "send");
    form.set("text", `Bench photo listing ${i}`);
    for (const [j, color] of [["a", "#c0392b"], ["b", "#2980b9"]]) {
      // Noise so the encoder has real work, like a photo.
      const raw = Buffer.alloc(2000 * 1500 * 3);
      for (let k = 0; k < raw.length; k++) raw[k] = (k * 7919 + i * 31 + j.charCodeAt(0)) % 251;
      const png = await sharp(raw, { raw: { width: 2000, height: 1500, channels: 3 } }).composite([{ input: { create: { width: 600, height: 400, channels: 3, background: color } } }]).jpeg({ quality: 85 }).toBuffer();
      form.append("files", new Blob([png], { type: "image/jpeg" }), `photo-${i}-${j}.jpg`);
    }
    const res = await seller.request("/create/post?goBack=/home", { method: "POST", body: form });
    if (res.status !== 302) throw new Error(`Posting failed: ${res.status}`);
  }
}

async function feedImages(url) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const images = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "image" && res.url().includes("/media/")) {
      images.push(res.body().then((b) => ({ url: res.url(), bytes: b.length, type: res.headers()["content-type"] })));
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const firstView = await Promise.all(images.splice(0));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1500);
  const all = [...firstView, ...(await Promise.all(images))];
  const attrs = await page.$$eval(".gallery img", (els) =>
    els.map((e) => ({ width: e.getAttribute("width"), height: e.getAttribute("height"), loading: e.getAttribute("loading"), natural: e.naturalWidth })),
  );
  await browser.close();
  return { firstView, all, attrs };
}

const server = await startServer();
try {
  console.log("Posting 10 listings with 2 photos each through /create/post…");
  await postPhotos(server.base, 10);
  const img = await feedImages(`${server.base}/home`);
  const sum = (list) => list.reduce((s, i) => s + i.bytes, 0);
  const webp = img.all.every((i) => i.type === "image/webp");
  const widest = Math.max(...img.attrs.map((a) => a.natural));
  const attrsOk = img.attrs.every((a) => a.width && a.height && a.loading === "lazy");
  console.log(
    `Feed images (/home, 10 posts with 2 photos): first view ${img.firstView.length} images ${kb(sum(img.firstView))}, whole page ${img.all.length} images ${kb(sum(img.all))}; all WebP ${webp ? "yes" : "NO"}; widest served ${widest}px (budget ≤ 640) ${mark(widest <= 640)}; width/height/lazy on every image ${attrsOk ? "yes" : "NO"}`,
  );

  console.log(`Seeding ${POSTS.toLocaleString()} posts…`);
  seedPosts(server.dbFile);

  const paths = (process.env.BENCH_PATHS ?? "/,/home,/more/about,/more/projects,/not-found-page").split(",");
  console.log("\nPage weight (gzipped; first visit, all chunks):");
  console.log("page".padEnd(28), "JS".padStart(10), "CSS".padStart(10), "HTML".padStart(10));
  for (const r of await pageWeights(server.base, paths)) {
    console.log(
      r.path.padEnd(28),
      `${kb(r.js)} ${mark(r.js <= BUDGET.js)}`.padStart(10),
      `${kb(r.css)} ${mark(r.css <= BUDGET.css)}`.padStart(10),
      kb(r.html).padStart(10),
    );
  }
  const home = Buffer.from(await (await fetch(`${server.base}/home`)).arrayBuffer());
  console.log(`\nHTML of /home with 10 posts: ${kb(gz(home))} gzipped (budget ${kb(BUDGET.homeHtml)}) ${mark(gz(home) <= BUDGET.homeHtml)}`);

  await timeRequests(`${server.base}/home.data`, 20); // warm up
  const feed = await timeRequests(`${server.base}/home.data`, 200);
  const deep = await timeRequests(`${server.base}/home.data?category=furniture`, 100);
  console.log(
    `Feed data request with ${POSTS.toLocaleString()} posts (whole request, loaders included): median ${feed.median.toFixed(2)} ms, p95 ${feed.p95.toFixed(2)} ms; by category: median ${deep.median.toFixed(2)} ms (loader budget ${BUDGET.feedMedianMs} ms) ${mark(feed.median <= BUDGET.feedMedianMs)}`,
  );

  const base = await throughput(`${server.base}/404`);
  const rps = await throughput(`${server.base}/home`);
  console.log(
    `Throughput: /home ${rps.toFixed(0)} req/s vs a page with no loader of its own (/404) ${base.toFixed(0)} req/s = ${((rps / base) * 100).toFixed(0)}% (budget ≥ 40%) ${mark(rps / base >= BUDGET.throughputRatio)}`,
  );
} finally {
  server.stop();
}
