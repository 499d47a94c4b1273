// Video budgets (docs/product.md §17, Videos): a 10 s 1080p 20 Mbit/s clip
// uploaded through the composer of a production build (SQLite, VIDEO_WORKERS=1):
// how long the worker takes to make it ready (the aim: at most its own length),
// the bytes of the MP4 and of its largest poster, and /home's throughput while a
// job runs against the idle figure (ffmpeg at low priority: at least 0.8).
// Prints, never fails the build.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { throughput } from "./floor.mjs";
import { signUpViaHttp, startServer } from "./server.mjs";

const run = promisify(execFile);
const BUDGET = { mp4Bytes: 2.5 * 1024 * 1024, posterBytes: 25 * 1024, throughputRatio: 0.8, realTime: 1 };
const mark = (ok) => (ok ? "ok  " : "OVER");
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
  const upload = async (label) => {
    const form = new FormData();
    form.set("text", label);
    form.set("category", "all");
    form.set("intent", "send");
    form.append("files", new File([fs.readFileSync(clip)], "fullhd.mp4"));
    const res = await seller.request("/create/post", { method: "POST", body: form, headers: { Origin: server.base } });
    if (res.status !== 302) throw new Error(`the upload answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return db.prepare("select m.id from media m join posts p on p.id = m.post_id where p.text like ? and m.kind = 'video'").get(`%${label}%`).id;
  };
  const jobOf = (mediaId) => db.prepare("select status from video_jobs where media_id = ?").get(mediaId)?.status;
  const waitFor = async (mediaId, status) => {
    while (jobOf(mediaId) !== status) await sleep(50);
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
  console.log(`Video: the 10 s 1080p clip was processed in ${seconds.toFixed(1)} s = ${(seconds / 10).toFixed(2)}× real time (aim ≤ ${BUDGET.realTime}×) ${mark(seconds <= 10)}`);
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
    `Video: /home ${median(busy).toFixed(0)} req/s while a job runs vs ${median(idle).toFixed(0)} req/s idle = ${ratio.toFixed(2)} (budget ≥ ${BUDGET.throughputRatio}) ${mark(ratio >= BUDGET.throughputRatio)}${busy.length < 3 ? ` (the job ended after ${busy.length} round(s))` : ""}`,
  );
  db.close();
} finally {
  server.stop();
  await sleep(500);
  fs.rmSync(server.dir, { recursive: true, force: true });
}
