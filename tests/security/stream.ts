// Bodies sent the way a slow or hostile client sends them: a piece at a time,
// stopping when the server answers, held open, or cut off half way.
import http from "node:http";
import { serverUrl } from "./client";

export type StreamedResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes written before the answer came (or the connection was cut). */
  sent: number;
  /** Whether the whole body was written. */
  finished: boolean;
};

export type StreamOptions = {
  method?: string;
  headers: Record<string, string>;
  /** The body, piece by piece; sending stops as soon as the server answers. */
  pieces: Iterable<Buffer>;
  /** Leave the request open after the last piece (a client that never finishes). */
  holdOpen?: boolean;
  /** Cut the connection after this many bytes, without waiting for an answer. */
  abortAfter?: number;
  base?: string;
  timeoutMs?: number;
};

/**
 * Sends a request body piece by piece with backpressure. Resolves with the
 * answer (or status 0 when the connection was cut before one came).
 */
export function streamRequest(path: string, opts: StreamOptions): Promise<StreamedResponse> {
  const target = new URL(path, opts.base ?? serverUrl());
  return new Promise((resolve) => {
    let sent = 0;
    let finished = false;
    let answered = false;
    let settled = false;
    const done = (res: Omit<StreamedResponse, "sent" | "finished">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...res, sent, finished });
    };
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: 0, headers: {}, body: "timeout" });
    }, opts.timeoutMs ?? 20_000);
    const req = http.request({
      host: "127.0.0.1",
      port: target.port,
      method: opts.method ?? "POST",
      path: target.pathname + target.search,
      headers: { Host: target.host, Origin: target.origin, ...opts.headers },
      setHost: false,
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
        req.destroy();
      });
      res.on("error", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    // Writes after the server stopped reading fail (EPIPE, ECONNRESET): the answer, if any, has what matters.
    req.on("error", () => {
      if (!answered) done({ status: 0, headers: {}, body: "connection closed" });
    });
    void (async () => {
      for (const piece of opts.pieces) {
        if (answered || req.destroyed) return;
        if (opts.abortAfter !== undefined && sent + piece.length > opts.abortAfter) {
          const part = piece.subarray(0, opts.abortAfter - sent);
          req.write(part);
          sent += part.length;
          await new Promise((r) => setTimeout(r, 100));
          req.destroy();
          done({ status: 0, headers: {}, body: "aborted" });
          return;
        }
        const flushed = req.write(piece);
        sent += piece.length;
        if (!flushed) {
          await new Promise<void>((r) => {
            const check = setInterval(() => {
              if (answered || req.destroyed) {
                clearInterval(check);
                r();
              }
            }, 20);
            req.once("drain", () => {
              clearInterval(check);
              r();
            });
          });
        }
      }
      if (answered || req.destroyed) return;
      finished = true;
      if (!opts.holdOpen) req.end();
    })();
  });
}

export const BOUNDARY = "----security-suite-boundary-5f2c";

/** The opening of a multipart part (its headers), for a field or a file. */
export function partHead(name: string, filename?: string, contentType = "image/png"): Buffer {
  const disposition = filename === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${filename}"`;
  const type = filename === undefined ? "" : `Content-Type: ${contentType}\r\n`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
}

/** One whole text field. */
export function fieldPart(name: string, value: string): Buffer {
  return Buffer.concat([partHead(name), Buffer.from(value), Buffer.from("\r\n")]);
}

/** A file part of `size` bytes, yielded in pieces of at most 256 KB. */
export function* filePart(name: string, filename: string, size: number): Generator<Buffer> {
  yield partHead(name, filename);
  for (let left = size; left > 0; left -= 256 * 1024) yield Buffer.alloc(Math.min(left, 256 * 1024), 1);
  yield Buffer.from("\r\n");
}

export const closing = () => Buffer.from(`--${BOUNDARY}--\r\n`);
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
