// Build files served brotli-compressed at quality 11, compressed once.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAssets } from "~/services/build-assets.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-assets-"));
const SCRIPT = `export function greet(name){return "Hello, "+name+"!"}\n`.repeat(200);
const STYLE = `.card{padding:1rem;border:1px solid #ccc}\n`.repeat(100);

/** An app like the production server: the precompressed files first, then the plain static files. */
async function serve() {
  const app = express();
  app.use("/build", buildAssets(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Asks until the file comes precompressed (it is compressed in the background). */
async function whenCompressed(url: string) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(url, { headers: { "Accept-Encoding": "br" } });
    if (res.headers.get("Content-Encoding") === "br") return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never came precompressed`);
}

let first: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared", "chunk-ABC.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "app-DEF.css"), STYLE);
  fs.writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(2000, 7));
  first = await serve();
});

afterAll(() => {
  first.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("buildAssets", () => {
  it("sends scripts and styles brotli-compressed at the highest quality, with only the headers a static file needs", async () => {
    const res = await whenCompressed(`${first.base}/build/_shared/chunk-ABC.js`);
    const best = zlib.brotliCompressSync(Buffer.from(SCRIPT), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript");
    expect(Number(res.headers.get("Content-Length"))).toBeLessThanOrEqual(best.length + 16);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("ETag")).toBeNull();
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
    expect(await res.text()).toBe(SCRIPT); // fetch decodes it

    const css = await whenCompressed(`${first.base}/build/app-DEF.css`);
    expect(css.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toBe(STYLE);
  });

  it("leaves other files, clients without brotli and unknown paths to the static files", async () => {
    await whenCompressed(`${first.base}/build/_shared/chunk-ABC.js`);
    const plain = await fetch(`${first.base}/build/_shared/chunk-ABC.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    const image = await fetch(`${first.base}/build/logo.png`, { headers: { "Accept-Encoding": "br" } });
    expect(image.headers.get("Content-Encoding")).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).length).toBe(2000);
    expect((await fetch(`${first.base}/build/_shared/missing.js`, { headers: { "Accept-Encoding": "br" } })).status).toBe(404);
  });

  it("answers HEAD with the headers alone", async () => {
    await whenCompressed(`${first.base}/build/_shared/chunk-ABC.js`);
    const res = await fetch(`${first.base}/build/_shared/chunk-ABC.js`, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(await res.text()).toBe("");
  });

  it("keeps the compressed file beside the original, and the next start reads it instead of compressing again", async () => {
    await whenCompressed(`${first.base}/build/_shared/chunk-ABC.js`);
    const saved = path.join(dir, "_shared", "chunk-ABC.js.br");
    expect(zlib.brotliDecompressSync(fs.readFileSync(saved)).toString()).toBe(SCRIPT);
    expect(fs.readdirSync(path.join(dir, "_shared")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    // A marker in the saved file shows which one the next process sends.
    fs.writeFileSync(saved, zlib.brotliCompressSync(Buffer.from("from the saved file")));
    const next = await serve();
    try {
      expect(await (await whenCompressed(`${next.base}/build/_shared/chunk-ABC.js`)).text()).toBe("from the saved file");
    } finally {
      next.close();
    }
  });
});
