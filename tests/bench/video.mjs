// Video budgets (docs/product.md §17, Videos): a 10 s 1080p 20 Mbit/s clip
// uploaded through the composer of a production build (SQLite, VIDEO_WORKERS=1):
// how long the worker takes to make it ready (the aim: at most its own length),
// the bytes of the MP4 and of its largest poster, and /home's throughput while a
// job runs against the idle figure (ffmpeg at low priority: at least 0.8); then
// /home with 10 video listings (phone clips made from the bench's photographs,
// processed by the worker) as a first visit over the wire, with JS (at most
// 150 KB) and without (at most 60 KB): posters only, no video bytes.
// Prints, never fails the build. The timings depend on what else the machine
// does: the load average is printed with them.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { chromium } from "@playwright/test";
import { throughput } from "./floor.mjs";
import { BROWSER_ARGS, VIEWPORTS, visit } from "./page-visit.mjs";
import { signUpViaHttp, startServer } from "./server.mjs";

const run = promisify(execFile);
const BUDGET = { mp4Bytes: 2.5 * 1024 * 1024, posterBytes: 25 * 1024, throughputRatio: 0.8, realTime: 1, homeWireWithJs: 150 * 1024, homeWireWithoutJs: 60 * 1024 };
const mark = (ok) => (ok ? "ok  " : "OVER");
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** The machine's load beside a timing: on a shared machine the figures are noisy, re-measure them quietly. */
const load = () => {
  const [one] = os.loadavg();
  return `measured under load: load average ${one.toFixed(1)} on ${os.availableParallelism()} cores${one >= os.availableParallelism() / 2 ? ", busy: re-measure on a quiet machine" : ""}`;
};
const PHOTOS = ["coffee", "chelsea", "astronaut", "rocket"].map((name) => new URL(`./photos/${name}.jpg`, import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await startServer({ env: { VIDEO_WORKERS: "1", SEED_DEMO: "0" } });
const clip = path.join(server.dir, "fullhd.mp4");
try {
  await run("ffmpeg", [
    "-nostdin", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=10,noise=alls=24:allf=t+u",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10",
    "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "20M", "-maxrate", "20M", "-bufsize", "20M", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "192k", "-shortest", clip,
  ]);
  const seller = await signUpViaHttp(server.base, "video-bench@ou.edu");
  const db = new Database(server.dbFile, { readonly: true });
  const upload = async (label, file = clip) => {
    const form = new FormData();
    form.set("text", label);
    form.set("category", "all");
    form.set("intent", "send");
    form.append("files", new File([fs.readFileSync(file)], path.basename(file)));
    const res = await seller.request("/create/post", { method: "POST", body: form, headers: { Origin: server.base } });
    if (res.status !== 302) throw new Error(`the upload answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return db.prepare("select m.id from media m join posts p on p.id = m.post_id where p.text like ? and m.kind = 'video'").get(`%${label}%`).id;
  };
  const jobOf = (mediaId) => db.prepare("select status from video_jobs where media_id = ?").get(mediaId)?.status;
  const waitFor = async (mediaId, status) => {
    for (let now = jobOf(mediaId); now !== status; now = jobOf(mediaId)) {
      // A job that failed, or one that finished between two looks for "running", never gets there.
      if (now === "failed") throw new Error(`the video job of ${mediaId} failed`);
      if (now === "done") return;
      await sleep(50);
    }
  };

  // Processing time, with nothing else asked of the server.
  const first = await upload("Bench clip one");
  await waitFor(first, "running");
  const started = Date.now();
  await waitFor(first, "done");
  const seconds = (Date.now() - started) / 1000;
  const row = db.prepare("select path, size, poster_path, poster_variants from media where id = ?").get(first);
  const widths = JSON.parse(row.poster_variants);
  const poster = await fetch(`${server.base}/media/${row.poster_path}-${Math.max(...widths)}.webp`);
  const posterBytes = (await poster.arrayBuffer()).byteLength;
  console.log(`Video: the 10 s 1080p clip was processed in ${seconds.toFixed(1)} s = ${(seconds / 10).toFixed(2)}× real time (aim ≤ ${BUDGET.realTime}×) ${mark(seconds <= 10)} (${load()})`);
  console.log(`Video: its MP4 is ${(row.size / 1024 / 1024).toFixed(2)} MB (budget ≤ 2.5 MB) ${mark(row.size <= BUDGET.mp4Bytes)}`);
  console.log(`Video: its ${Math.max(...widths)} px poster is ${(posterBytes / 1024).toFixed(1)} KB (budget ≤ 25 KB) ${mark(posterBytes <= BUDGET.posterBytes)}`);

  // /home while a job runs, against idle: alternating rounds would end the job, so idle first, then busy.
  const home = `${server.base}/home`;
  await throughput(home, 1, 8);
  const idle = [];
  for (let i = 0; i < 3; i++) idle.push(await throughput(home, 2, 8));
  const second = await upload("Bench clip two");
  await waitFor(second, "running");
  const busy = [];
  for (let i = 0; i < 3 && jobOf(second) === "running"; i++) busy.push(await throughput(home, 2, 8));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratio = median(busy) / median(idle);
  console.log(
    `Video: /home ${median(busy).toFixed(0)} req/s while a job runs vs ${median(idle).toFixed(0)} req/s idle = ${ratio.toFixed(2)} (budget ≥ ${BUDGET.throughputRatio}) ${mark(ratio >= BUDGET.throughputRatio)}${busy.length < 3 ? ` (the job ended after ${busy.length} round(s))` : ""} (${load()})`,
  );

  // /home with 10 video listings, the newest 10 (one feed page): a 4 s 720p phone clip each, panning over a photograph.
  const clips = [];
  for (const [i, photo] of PHOTOS.entries()) {
    const out = path.join(server.dir, `phone-${i}.mp4`);
    await run("ffmpeg", [
      "-nostdin", "-loglevel", "error", "-y",
      "-loop", "1", "-framerate", "30", "-i", new URL(photo).pathname,
      "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=4",
      "-vf", "scale=1422:-2,crop=1280:720:x='(iw-ow)*t/4':y='(ih-oh)/2',format=yuv420p",
      "-t", "4", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "8M", "-c:a", "aac", "-b:a", "128k", "-shortest", out,
    ]);
    clips.push(out);
  }
  const listings = [];
  for (let i = 0; i < 10; i++) listings.push(await upload(`Bench video listing ${i}`, clips[i % clips.length]));
  for (const mediaId of listings) await waitFor(mediaId, "done");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: BROWSER_ARGS });
  try {
    for (const viewport of VIEWPORTS) {
      const withJs = await visit(browser, home, { viewport });
      const withoutJs = await visit(browser, home, { viewport, javaScriptEnabled: false });
      const posters = (run) => run.resources.filter((r) => /\/media\/posts\/.+\.webp$/.test(new URL(r.url).pathname)).length;
      const videoBytes = (run) => run.resources.filter((r) => r.type === "Media" || /\.mp4$/.test(new URL(r.url).pathname)).reduce((sum, r) => sum + r.bytes, 0);
      if (process.env.BENCH_VERBOSE) {
        for (const [label, visited] of [["with JS", withJs], ["without JS", withoutJs]]) {
          console.log(`  /home with video listings ${label} at ${viewport.width}×${viewport.height}:`);
          for (const r of visited.resources) console.log(`    ${kb(r.bytes).padStart(10)}  ${r.type.padEnd(10)} ${new URL(r.url).pathname}`);
        }
      }
      console.log(
        `Video: /home with 10 video listings, first visit, everything over the wire at ${viewport.width}×${viewport.height}: with JS ${kb(withJs.wire.all)} (budget ${kb(BUDGET.homeWireWithJs)}) ${mark(withJs.wire.all <= BUDGET.homeWireWithJs)}, without JS ${kb(withoutJs.wire.all)} (budget ${kb(BUDGET.homeWireWithoutJs)}) ${mark(withoutJs.wire.all <= BUDGET.homeWireWithoutJs)}; posters ${posters(withJs)} / ${posters(withoutJs)}, video bytes ${videoBytes(withJs) + videoBytes(withoutJs)} ${mark(videoBytes(withJs) + videoBytes(withoutJs) === 0)}`,
      );
    }
  } finally {
    await browser.close();
  }
  db.close();
} finally {
  server.stop();
  await sleep(500);
  fs.rmSync(server.dir, { recursive: true, force: true });
}
