// Files over the wire. The browser build's scripts go out brotli-compressed
// once at quality 11 to a client that accepts brotli, gzipped on the fly to one
// that only takes gzip, and plain to one that asks for no encoding: never
// encoded twice, always with the immutable caching and the type of a script.
// Uploaded media carry a file's headers, not a document's policy.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest, serverDir, type RawResponse } from "./client";

let script: string;
let plain: RawResponse;

/** Asks with `br` until the file comes precompressed (the server compresses the build in the background after start-up). */
async function precompressed(path: string): Promise<RawResponse> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await rawRequest(path, { headers: { "Accept-Encoding": "br" } });
    if (res.headers["content-length"] !== undefined && res.headers["content-encoding"] === "br") return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} never came precompressed`);
}

beforeAll(async () => {
  const home = await rawRequest("/home");
  // The largest script the page names is the one compression matters most for.
  const scripts = [...home.body.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(scripts.map(async (s) => [s, (await rawRequest(s)).bytes.length] as const));
  script = sizes.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  plain = await rawRequest(script);
});

describe("scripts of the build over the wire", () => {
  it("a client without Accept-Encoding gets the plain file", () => {
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(plain.bytes.length).toBeGreaterThan(1024);
  });

  it("a brotli client gets the precompressed file: br once, at the highest quality, cached for a year", async () => {
    const res = await precompressed(script);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["content-security-policy"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.bytes.length);
    // Decoded once, it is the script itself (not compressed a second time on the way out).
    expect(zlib.brotliDecompressSync(res.bytes).equals(plain.bytes)).toBe(true);
    const best = zlib.brotliCompressSync(plain.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(res.bytes.length).toBeLessThanOrEqual(best.length + 16);
  });

  it("a client that takes gzip but not brotli gets gzip, and one that refuses br gets no br", async () => {
    await precompressed(script);
    for (const accept of ["gzip", "gzip, deflate", "br;q=0, gzip"]) {
      const res = await rawRequest(script, { headers: { "Accept-Encoding": accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe("gzip");
      expect(res.headers["cache-control"], accept).toContain("immutable");
      expect(res.headers.vary, accept).toContain("Accept-Encoding");
      expect(zlib.gunzipSync(res.bytes).equals(plain.bytes), accept).toBe(true);
    }
    const identity = await rawRequest(script, { headers: { "Accept-Encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.bytes.equals(plain.bytes)).toBe(true);
  });

  it("HEAD with brotli answers the headers alone", async () => {
    await precompressed(script);
    const res = await rawRequest(script, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.bytes.length).toBe(0);
  });
});

describe("the route manifest", () => {
  it("is JSON with nosniff: not a document's policy, nor the session marker, and compressed", async () => {
    const home = await rawRequest("/home");
    const version = /"version":\s*"([0-9a-f]+)"/.exec(home.body)?.[1];
    expect(version).toBeTruthy();
    const res = await rawRequest(`/__manifest?p=/search&p=/more&version=${version}`, { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-encoding"]).toBe("br");
    const manifest = JSON.parse(zlib.brotliDecompressSync(res.bytes).toString()) as Record<string, unknown>;
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(["routes/search"]));
    for (const header of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy", "x-account", "connection", "keep-alive"]) {
      expect(res.headers[header], header).toBeUndefined();
    }
    // Pages keep theirs.
    expect(home.headers["content-security-policy"]).toContain("nonce-");
    expect(home.headers["x-account"]).toBe("visitor");
  });
});

describe("uploaded media", () => {
  it("a profile photo carries nosniff and a year of cache, not the document's policy", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c33" } }).webp().toBuffer();
    const dir = path.join(serverDir(), "uploads", "avatars", "static-files-test");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "1-300.webp"), photo);
    const res = await rawRequest("/media/avatars/static-files-test/1-300.webp", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.bytes.equals(photo)).toBe(true);
    // Nor a session marker (it is the same photo for everyone) nor ranges (a browser never asks for part of a photo).
    for (const header of ["content-security-policy", "cross-origin-opener-policy", "referrer-policy", "x-frame-options", "origin-agent-cluster", "x-xss-protection", "x-dns-prefetch-control", "x-account", "accept-ranges"]) {
      expect(res.headers[header], header).toBeUndefined();
    }
    // Pages keep theirs.
    const home = await rawRequest("/home");
    expect(home.headers["content-security-policy"]).toContain("nonce-");
    expect(home.headers["x-account"]).toBe("visitor");
  });
});

describe("the site's own files", () => {
  it("an icon carries nosniff, an hour of cache and its ETag: no Last-Modified, no ranges", async () => {
    const res = await rawRequest("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["etag"]).toBeTruthy();
    for (const header of ["last-modified", "accept-ranges", "content-security-policy", "x-account"]) expect(res.headers[header], header).toBeUndefined();
    const again = await rawRequest("/favicon.svg", { headers: { "If-None-Match": res.headers["etag"] as string } });
    expect(again.status).toBe(304);
  });
});
