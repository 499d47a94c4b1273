// How responses are compressed (docs/product.md §22).
//
// A page (and a page's data for a navigation with JS) is rendered whole in a
// few milliseconds: nothing on this site streams late (no deferred data). So
// its body is gathered and compressed in one call, then sent with its length.
// compression()'s stream, which everything else goes through, costs a third
// of a millisecond of CPU per response however small, for handing each write
// to the thread pool and back: for a signed-in page, about as much as the
// compressing itself.
import zlib from "node:zlib";
import { sendRemixResponse } from "@remix-run/express/dist/server.js";
import type compression from "compression";
import type express from "express";
import Negotiator from "negotiator";
import { hasBody, isWholeResponse, responseBytes } from "./whole-document.server";

/**
 * Brotli at quality 1 with a 256 KB window (a page is smaller) and gzip at
 * level 3. compression()'s defaults (brotli 4 with a 4 MB window, gzip 6) cost
 * a signed-in page 3–5× the CPU for 10–14 % fewer bytes, and quality 2 costs
 * 0.05 ms more than 1 (60 % more) for 4–7 % fewer; the fingerprinted scripts
 * and styles go out at brotli 11, compressed once (buildAssets).
 */
export const DOCUMENT_COMPRESSION: compression.CompressionOptions = {
  level: 3,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
};

/**
 * A visitor's page (no session) goes out at brotli quality 4 instead: a first
 * visit, on a phone's network with nothing cached, is where bytes count most
 * (a 45 KB `/home` is 7 % smaller for 0.1 ms more), and the visitors' `/home`
 * comes from the page cache, far within its throughput budget. A signed-in
 * student's page is rendered for them on every request: there the CPU counts.
 */
export const VISITOR_BROTLI_QUALITY = 4;

/** Below this a body goes out as it is (compression()'s own threshold). */
const THRESHOLD_BYTES = 1024;
/** Above this a body is left to compression()'s stream, so one response never holds the process for long. */
const WHOLE_MAX_BYTES = 512 * 1024;
/** Documents and single-fetch data: what Remix renders whole. */
const WHOLE_TYPES = /^(?:text\/html|text\/x-script)\b/i;

/** What compression() offers, and prefers among encodings a client weighs alike. */
const ENCODINGS = ["br", "gzip", "identity"];
const PREFERRED = ["br", "gzip"];

/** The encoding for a client's Accept-Encoding as compression() chooses it: brotli or gzip, or null (none asked for, or only identity). */
export function chosenEncoding(req: Pick<express.Request, "headers">): "br" | "gzip" | null {
  // No Accept-Encoding at all: sent as it is, as compression() does.
  if (!req.headers["accept-encoding"]) return null;
  // negotiator's second argument (the server's preference on a tie) is missing from its types.
  const negotiator = new Negotiator(req) as Negotiator & { encoding(available: string[], preferred: string[]): string | undefined };
  const chosen = negotiator.encoding(ENCODINGS, PREFERRED);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

function compressed(body: Buffer, encoding: "br" | "gzip", forVisitor: boolean): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(body, { level: DOCUMENT_COMPRESSION.level });
  const params = { ...DOCUMENT_COMPRESSION.brotli!.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
  if (forVisitor) params[zlib.constants.BROTLI_PARAM_QUALITY] = VISITOR_BROTLI_QUALITY;
  return zlib.brotliCompressSync(body, { params });
}

/**
 * Sends Remix's response: a page or its data whole and compressed in one call
 * (with Content-Length and Vary), anything else as Remix's Express adapter
 * does (through compression()'s stream when it is compressible). `forVisitor`:
 * the request has no session (VISITOR_BROTLI_QUALITY).
 */
export async function sendResponse(req: express.Request, res: express.Response, response: Response, { forVisitor = false } = {}): Promise<void> {
  const type = response.headers.get("Content-Type") ?? "";
  const compressible = WHOLE_TYPES.test(type) && !/\bno-transform\b/i.test(response.headers.get("Cache-Control") ?? "");
  if (!hasBody(response) || req.method === "HEAD" || (!compressible && !isWholeResponse(response))) {
    return sendRemixResponse(res, response);
  }
  const body = await responseBytes(response);
  const encoding = compressible && body.length >= THRESHOLD_BYTES && body.length <= WHOLE_MAX_BYTES ? chosenEncoding(req) : null;
  if (!encoding) {
    // With its length known, compression() leaves a small body alone and streams a large one.
    const headers = new Headers(response.headers);
    headers.set("Content-Length", String(body.length));
    return sendRemixResponse(res, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  }
  const sent = compressed(body, encoding, forVisitor);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // compression() leaves an encoded body alone.
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.vary("Accept-Encoding");
  res.end(sent);
}
