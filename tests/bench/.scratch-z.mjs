import fs from "node:fs"; import zlib from "node:zlib";
import { startServer } from "./server.mjs";
const dir = "/tmp/perf-scratch/data";
const server = await startServer({ dir, port: 39113, env: { PAGE_CACHE_TTL_MS: "0" } });
const info = JSON.parse(fs.readFileSync(dir + "/student.json", "utf8"));
const pages = {};
for (const p of ["/home", info.postPath]) pages[p] = Buffer.from(await (await fetch(server.base + p, { headers: { Cookie: info.cookie } })).arrayBuffer());
server.stop();
for (const [p, html] of Object.entries(pages)) {
  console.log(p, "raw", html.length);
  const t = (label, f) => { f(); const n = 200; const s = process.hrtime.bigint(); let size = 0; for (let i = 0; i < n; i++) size = f().length; console.log(" ", label.padEnd(10), size, (Number(process.hrtime.bigint() - s) / n / 1e6).toFixed(3), "ms"); };
  for (const level of [1, 3, 6]) t(`gzip ${level}`, () => zlib.gzipSync(html, { level }));
  for (const q of [1, 3, 4]) t(`br ${q}`, () => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }));
}
