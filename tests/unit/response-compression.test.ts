// Pages and their data compressed whole, in one call (docs/product.md §22):
// the bytes a client gets for each Accept-Encoding, and what is left to
// compression()'s stream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_COMPRESSION, sendResponse, VISITOR_BROTLI_QUALITY } from "~/services/response-compression.server";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Desk lamp · works fine — 12 €</p>".repeat(400)}</body></html>`;

/** What a route answers, by path: a page, a small page, page data, a picture, a page marked no-transform. */
const RESPONSES: Record<string, () => Response> = {
  "/page": () => new Response(PAGE, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=1", Vary: "Cookie" } }),
  "/small": () => new Response("<p>ok</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  "/data": () => new Response(PAGE, { status: 404, headers: { "Content-Type": "text/x-script" } }),
  "/picture": () => new Response(PAGE, { headers: { "Content-Type": "image/svg+xml" } }),
  "/kept": () => new Response(PAGE, { headers: { "Content-Type": "text/html", "Cache-Control": "no-transform" } }),
};

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression(DOCUMENT_COMPRESSION));
  app.all("*", (req, res, next) => {
    // ?visitor: answered as to a request without a session.
    sendResponse(req, res, RESPONSES[req.path]!(), { forVisitor: "visitor" in req.query }).catch(next);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => server.close());

/** The raw answer: status, headers and the bytes as sent (not decoded). */
function get(path: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    http
      .request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("a page's response", () => {
  it("is brotli when the client takes it, whole, with its length, and keeps the page's own headers", async () => {
    const res = await get("/page", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(res.headers["set-cookie"]).toEqual(["a=1"]);
    expect(zlib.brotliDecompressSync(res.body).toString("utf8")).toBe(PAGE);
    expect(res.body.length).toBeLessThan(PAGE.length / 10);
  });

  it("is brotli at quality 1 for a signed-in student's page, and at VISITOR_BROTLI_QUALITY (smaller) for a visitor's", async () => {
    const brotli = (quality: number) =>
      zlib.brotliCompressSync(Buffer.from(PAGE), {
        params: { ...DOCUMENT_COMPRESSION.brotli!.params, [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(PAGE) },
      });
    expect(VISITOR_BROTLI_QUALITY).toBeGreaterThan(2);
    const signedIn = await get("/page", "br");
    const visitor = await get("/page?visitor", "br");
    expect(signedIn.body.equals(brotli(1))).toBe(true);
    expect(visitor.body.equals(brotli(VISITOR_BROTLI_QUALITY))).toBe(true);
    expect(zlib.brotliDecompressSync(visitor.body).toString("utf8")).toBe(PAGE);
    expect(visitor.body.length).toBeLessThan(signedIn.body.length);
    expect(Number(visitor.headers["content-length"])).toBe(visitor.body.length);
  });

  it("is gzip for a client that takes only gzip, or prefers it", async () => {
    for (const accept of ["gzip", "br;q=0.5, gzip"]) {
      const res = await get("/page", accept);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(PAGE);
    }
  });

  it("is sent as it is to a client that asks for no encoding, and when it is small", async () => {
    for (const [path, accept] of [["/page", undefined], ["/page", "identity"], ["/small", "br"]] as const) {
      const res = await get(path, accept);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.toString("utf8")).toBe(path === "/small" ? "<p>ok</p>" : PAGE);
    }
  });

  it("carries its status: page data for a navigation is compressed the same way", async () => {
    const res = await get("/data", "br");
    expect(res.status).toBe(404);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(res.body).toString("utf8")).toBe(PAGE);
  });

  it("has no body for HEAD, and a no-transform page is not compressed", async () => {
    const head = await get("/page", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const kept = await get("/kept", "br");
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.toString("utf8")).toBe(PAGE);
  });
});

describe("a hostile Accept-Encoding", () => {
  it("never fails the page: malformed weights, unknown codings and a long header get a valid answer", async () => {
    for (const accept of ["br;q=abc, ,,;;gzip;q=2", "compress, x-evil;q=1", "*;q=0", `${"gzip;q=0.5,".repeat(400)}br`]) {
      const res = await get("/page", accept);
      expect(res.status).toBe(200);
      const encoding = res.headers["content-encoding"];
      const body = encoding === "br" ? zlib.brotliDecompressSync(res.body) : encoding === "gzip" ? zlib.gunzipSync(res.body) : res.body;
      expect(body.toString("utf8")).toBe(PAGE);
    }
  });
});

describe("anything else", () => {
  it("goes through compression()'s stream as before", async () => {
    const res = await get("/picture", "br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.body).toString("utf8")).toBe(PAGE);
  });
});
