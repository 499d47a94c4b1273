// Budget figures (docs/product.md §22): page weight per page (JS, CSS, HTML gzipped, and
// the JavaScript Chromium transfers on a first visit, headers included, at two
// viewports), /home with 10 photo listings over the wire, feed loader time with
// 100,000 posts, and /home throughput. Prints, never fails the build; compare
// the figures with the budgets printed beside them.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { reportThroughput, timeRequests } from "./floor.mjs";
import { BROWSER_ARGS, gz, VIEWPORTS, visit } from "./page-visit.mjs";
import { seedPosts, signUpViaHttp, startServer } from "./server.mjs";
import { signedInTargets } from "./signed-in.mjs";

const BUDGET = {
  js: 110 * 1024,
  jsWire: 115 * 1024,
  css: 20 * 1024,
  homeHtml: 35 * 1024,
  homeWireWithJs: 150 * 1024,
  homeWireWithoutJs: 60 * 1024,
  gridWireWithJs: 150 * 1024,
  gridWireWithoutJs: 70 * 1024,
  gridCls: 0.02,
  feedMedianMs: 15,
  throughputRatio: 0.4,
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mark = (ok) => (ok ? "ok  " : "OVER");

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
// BENCH_PARTS=feed-images,home-wire,pages,feed,throughput,signed-in,grid-wire runs only those parts (default: all);
// BENCH_VERBOSE=1 lists every resource of the /home visits.
const PARTS = new Set(process.env.BENCH_PARTS?.split(",") ?? ["feed-images", "home-wire", "pages", "feed", "throughput", "signed-in", "grid-wire"]);

/** Build files that hold the composer (app/components/composer.tsx), from the browser build's metafile. */
function composerFiles() {
  const meta = JSON.parse(fs.readFileSync("build/metafile.js.json", "utf8"));
  return Object.entries(meta.outputs)
    .filter(([, o]) => Object.entries(o.inputs).some(([input, i]) => input.endsWith("app/components/composer.tsx") && i.bytesInOutput > 0))
    .map(([file]) => `/${file.replace(/^public\//, "")}`);
}

/** JS over the wire at both viewports and the gzipped weights, for each page; signed-in pages start with "@". */
async function pageWeights(base, paths, signedInCookies) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: BROWSER_ARGS });
  const composer = composerFiles();
  console.log(`\nJavaScript over the wire, first visit (Chromium's transferred bytes, bodies + headers, until the network is idle; budget ${kb(BUDGET.jsWire)}),`);
  console.log(`and gzipped weights (JS budget ${kb(BUDGET.js)}, CSS ${kb(BUDGET.css)}); (n) = script requests. "@" = signed in.`);
  console.log("page".padEnd(30), ...VIEWPORTS.map((v) => `${v.width}×${v.height}`.padStart(20)), "JS gz".padStart(15), "CSS gz".padStart(15), "HTML gz".padStart(9));
  const composerOn = [];
  let worst = 0;
  for (const path of paths) {
    const signedIn = path.startsWith("@");
    const url = base + (signedIn ? path.slice(1) : path);
    const runs = [];
    for (const viewport of VIEWPORTS) runs.push(await visit(browser, url, { viewport, cookies: signedIn ? signedInCookies : [] }));
    for (const r of runs) worst = Math.max(worst, r.wire.js);
    if (runs.some((r) => r.scripts.some((s) => composer.includes(s)))) composerOn.push(path);
    const { gz: w } = runs[0];
    console.log(
      path.padEnd(30),
      ...runs.map((r) => `${kb(r.wire.js)} (${r.scripts.length}) ${mark(r.wire.js <= BUDGET.jsWire)}`.padStart(20)),
      `${kb(w.js)} ${mark(w.js <= BUDGET.js)}`.padStart(15),
      `${kb(w.css)} ${mark(w.css <= BUDGET.css)}`.padStart(15),
      kb(w.html).padStart(9),
    );
  }
  await browser.close();
  console.log(`Largest JS over the wire: ${kb(worst)} (budget ${kb(BUDGET.jsWire)}) ${mark(worst <= BUDGET.jsWire)}`);
  // Composing pages: /create/post, /create/comment/{id} and a post's edit page.
  const composeOnly = composerOn.every((p) => /^@?\/(?:create\/|post\/[^/]+\/edit$)/.test(p));
  console.log(`Composer code (${composer.length} files) loaded on first visit of: ${composerOn.join(", ") || "none"} — only when composing ${composeOnly ? "ok  " : "OVER"}`);
}

/** Everything Chromium transfers on a first visit of /home (document, CSS, JS, images, icons), with and without JS. */
async function homeOverTheWire(base) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: BROWSER_ARGS });
  for (const viewport of VIEWPORTS) {
    const withJs = await visit(browser, `${base}/home`, { viewport });
    const withoutJs = await visit(browser, `${base}/home`, { viewport, javaScriptEnabled: false });
    if (process.env.BENCH_VERBOSE) {
      for (const [label, run] of [["with JS", withJs], ["without JS", withoutJs]]) {
        console.log(`  /home ${label} at ${viewport.width}×${viewport.height}:`);
        for (const r of run.resources) console.log(`    ${kb(r.bytes).padStart(10)}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`);
      }
    }
    console.log(
      `/home with 10 photo listings, first visit, everything over the wire at ${viewport.width}×${viewport.height}: with JS ${kb(withJs.wire.all)} (budget ${kb(BUDGET.homeWireWithJs)}) ${mark(withJs.wire.all <= BUDGET.homeWireWithJs)}, without JS ${kb(withoutJs.wire.all)} (budget ${kb(BUDGET.homeWireWithoutJs)}) ${mark(withoutJs.wire.all <= BUDGET.homeWireWithoutJs)}`,
    );
  }
  await browser.close();
}

/**
 * The Grid view with 20 photo listings (10 more are posted first): everything
 * over the wire on a first visit, with and without JS, at both viewports, and
 * the layout shift while it loads (with JS).
 */
async function gridOverTheWire(base) {
  await postPhotos(base, 10);
  const url = `${base}/home?view=grid`;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: BROWSER_ARGS });
  for (const viewport of VIEWPORTS) {
    const withJs = await visit(browser, url, { viewport });
    const withoutJs = await visit(browser, url, { viewport, javaScriptEnabled: false });
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.addInitScript(() => {
      window.__cls = 0;
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.hadRecentInput) continue;
          window.__cls += e.value;
          window.__shifts.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms: ${e.sources.map((s) => s.node?.className || s.node?.nodeName).join(", ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The load's shift, as Lighthouse measures it (scrolling on would add the next page below, as any feed does).
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const tiles = await page.locator("[data-testid=post-tile]").count();
    const cls = await page.evaluate(() => window.__cls);
    if (process.env.BENCH_VERBOSE) {
      for (const shift of await page.evaluate(() => window.__shifts)) console.log(`  layout shift ${shift}`);
      for (const [label, run] of [["with JS", withJs], ["without JS", withoutJs]]) {
        console.log(`  /home?view=grid ${label} at ${viewport.width}×${viewport.height}:`);
        for (const r of run.resources) console.log(`    ${kb(r.bytes).padStart(10)}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`);
      }
    }
    await page.context().close();
    console.log(
      `/home?view=grid with 20 photo listings (${tiles} tiles), first visit, everything over the wire at ${viewport.width}×${viewport.height}: with JS ${kb(withJs.wire.all)} (budget ${kb(BUDGET.gridWireWithJs)}) ${mark(withJs.wire.all <= BUDGET.gridWireWithJs)}, without JS ${kb(withoutJs.wire.all)} (budget ${kb(BUDGET.gridWireWithoutJs)}) ${mark(withoutJs.wire.all <= BUDGET.gridWireWithoutJs)}; CLS ${cls.toFixed(3)} (budget ${BUDGET.gridCls}) ${mark(cls <= BUDGET.gridCls)}`,
    );
  }
  await browser.close();
}

const PHOTOS = ["coffee", "chelsea", "astronaut", "rocket"].map((name) => new URL(`./photos/${name}.jpg`, import.meta.url));

/**
 * Posts `count` listings with two photos each, the way the composer does (no JS):
 * real photographs (tests/bench/photos) brought to a phone camera's 2000 px
 * width as JPEG, each listing a different pair.
 */
async function postPhotos(base, count) {
  const seller = await signUpViaHttp(base, `bench-${Date.now()}@ou.edu`);
  const camera = await Promise.all(PHOTOS.map((url) => sharp(fs.readFileSync(url)).resize({ width: 2000 }).jpeg({ quality: 88 }).toBuffer()));
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.set("intent", "send");
    form.set("text", `Bench photo listing ${i}`);
    // A real listing: price, terms, condition, pickup spot.
    form.set("price", `${(i + 1) * 15}.50`);
    form.set("priceTerms", i % 2 ? "obo" : "firm");
    form.set("condition", ["new", "like-new", "good", "fair"][i % 4]);
    form.set("pickupSpot", "ou-union");
    for (const j of [0, 1]) {
      const photo = camera[(i + j) % camera.length];
      form.append("files", new Blob([photo], { type: "image/jpeg" }), `photo-${i}-${j}.jpg`);
    }
    const res = await seller.request("/create/post?goBack=/home", { method: "POST", body: form });
    if (res.status !== 302) throw new Error(`Posting failed: ${res.status}`);
  }
  return seller;
}

async function feedImages(url) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: BROWSER_ARGS });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const images = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "image" && res.url().includes("/media/")) {
      images.push(res.body().then(async (b) => ({ url: res.url(), bytes: b.length, type: res.headers()["content-type"], width: (await sharp(b).metadata()).width })));
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const firstView = await Promise.all(images.splice(0));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1500);
  const all = [...firstView, ...(await Promise.all(images))];
  const attrs = await page.$$eval(".post-card img:not(.avatar)", (els) =>
    els.map((e) => ({ width: e.getAttribute("width"), height: e.getAttribute("height"), loading: e.getAttribute("loading") })),
  );
  await browser.close();
  return { firstView, all, attrs };
}

const server = await startServer();
try {
  console.log("Posting 10 listings with 2 photos each through /create/post…");
  const seller = await postPhotos(server.base, 10);
  if (PARTS.has("feed-images")) {
    const img = await feedImages(`${server.base}/home`);
    const sum = (list) => list.reduce((s, i) => s + i.bytes, 0);
    const webp = img.all.every((i) => i.type === "image/webp");
    const widest = Math.max(...img.all.map((i) => i.width));
    const attrsOk = img.attrs.every((a) => a.width && a.height && a.loading === "lazy");
    console.log(
      `Feed images (/home, 10 posts with 2 photos, the first shown): first view ${img.firstView.length} images ${kb(sum(img.firstView))}, whole page ${img.all.length} images ${kb(sum(img.all))}; all WebP ${webp ? "yes" : "NO"}; widest served ${widest}px (budget ≤ 640) ${mark(widest <= 640)}; width/height/lazy on every image ${attrsOk ? "yes" : "NO"}`,
    );
  }
  if (PARTS.has("home-wire")) await homeOverTheWire(server.base);

  if (PARTS.has("pages")) {
    // Pages of every kind, as a visitor and signed in ("@").
    const homeHtml = await (await fetch(`${server.base}/home`)).text();
    const postId = homeHtml.match(/href="\/post\/([\w-]+)"/)?.[1];
    // A conversation about one of the seller's listings (a buyer opens it with Message seller and writes).
    const buyer = await signUpViaHttp(server.base, `bench-buyer-${Date.now()}@ou.edu`);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const opened = await buyer.request(`/messages?index&post=${postId}`, { method: "POST", body: new URLSearchParams(), headers: form });
    const conversation = new URL(opened.headers.get("location") ?? "/messages", server.base).pathname;
    await buyer.request(`${conversation}`, { method: "POST", body: new URLSearchParams({ intent: "send", text: "Is this still available?" }), headers: form });
    const defaultPaths = [
      "/", "/home", `/post/${postId}`, "/owner", "/project/campus-buysell", "/game/snake", "/login", "/register", "/forgotpassword",
      "/search", "/more", "/more/about", "/more/projects", "/settings/help", "/404", "/not-found/page",
      "@/home", `@/post/${postId}`, `@/post/${postId}/edit`, "@/notifications", "@/create/post", `@/create/comment/${postId}`, "@/settings",
      "@/settings/account/password", "@/profile/edit", "@/profile/set-up", "@/messages", `@${conversation}`,
    ];
    const paths = process.env.BENCH_PATHS?.split(",") ?? defaultPaths;
    const cookies = seller.cookies().map(([name, value]) => ({ name, value, url: server.base }));
    await pageWeights(server.base, paths, cookies);
  }

  if (PARTS.has("feed") || PARTS.has("throughput") || PARTS.has("signed-in")) {
    console.log(`\nSeeding ${POSTS.toLocaleString()} posts…`);
    seedPosts(server.dbFile, POSTS);
    // Seeding held this process for seconds, past the server's keep-alive timeout: let the idle
    // connections the server closed meanwhile be seen as closed before the next fetch picks one.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  if (PARTS.has("feed")) {
    const home = Buffer.from(await (await fetch(`${server.base}/home`)).arrayBuffer());
    console.log(`\nHTML of /home with 10 posts: ${kb(gz(home))} gzipped (budget ${kb(BUDGET.homeHtml)}) ${mark(gz(home) <= BUDGET.homeHtml)}`);

    await timeRequests(`${server.base}/home.data`, 20); // warm up
    const feed = await timeRequests(`${server.base}/home.data`, 200);
    const deep = await timeRequests(`${server.base}/home.data?category=furniture`, 100);
    console.log(
      `Feed data request with ${POSTS.toLocaleString()} posts (whole request, loaders included): median ${feed.median.toFixed(2)} ms, p95 ${feed.p95.toFixed(2)} ms; by category: median ${deep.median.toFixed(2)} ms (loader budget ${BUDGET.feedMedianMs} ms) ${mark(feed.median <= BUDGET.feedMedianMs)}`,
    );
  }

  if (PARTS.has("throughput") || PARTS.has("signed-in")) {
    // The same database served by a second process that renders every request, for comparison (and counts statements).
    const rendered = await startServer({ dir: server.dir, env: { PAGE_CACHE_TTL_MS: "0", MIGRATE_ON_START: "0", COUNT_STATEMENTS: "1" } });
    try {
      await reportThroughput([
        ...(PARTS.has("throughput")
          ? [
              { url: `${server.base}/home`, label: "SQLite" },
              { url: `${rendered.base}/home`, label: "SQLite, every request rendered (PAGE_CACHE_TTL_MS=0)", budget: null },
            ]
          : []),
        ...(PARTS.has("signed-in") ? await signedInTargets(rendered.base, "SQLite") : []),
      ]);
    } finally {
      rendered.stop();
    }
  }
  // Last: its 10 more photo listings would change what the parts above measure.
  if (PARTS.has("grid-wire")) await gridOverTheWire(server.base);
} finally {
  server.stop();
}
