// Plain HTTP/1.1 to one app process, as a reverse proxy in front of several
// would send it: to that process's port, with the site's own Host header. One
// connection per request (no keep-alive), so a refused connection
// (ECONNREFUSED) is told apart from a request that was accepted and then lost.
//
// With `acknowledged`, the request carries `Expect: 100-continue`: Node's server
// answers "100 Continue" the moment it has read the request's head, before the
// app sees it. A request that failed after that was accepted by the process and
// lost; one that failed before it never reached the process (a connection the
// kernel had queued when the process stopped listening is reset, not refused).
import http from "node:http";
import type { Readable } from "node:stream";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

export type Target = { port: number };

export type SendOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** A body, or chunks written one after another (with `chunkDelayMs` between them). */
  body?: string | Buffer | Buffer[] | Readable;
  chunkDelayMs?: number;
  /** The Host the request names (the site's, e.g. localhost:4000). */
  host: string;
  /** Ask for 100 Continue (see above); a failure then says whether it came after it (`acknowledged`). */
  acknowledged?: boolean;
};

/** A failed request: `acknowledged` when the server had read it (100 Continue) before it failed. */
export type SendError = NodeJS.ErrnoException & { acknowledged: boolean };

export function send(target: Target, path: string, opts: SendOptions): Promise<Answer> {
  let acknowledged = false;
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: opts.method ?? "GET",
        path,
        agent: false,
        headers: { Host: opts.host, ...(opts.acknowledged ? { Expect: "100-continue" } : {}), ...opts.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          // A response cut short (the process died mid-body) is a lost request, not an answer.
          if (!res.complete) return reject(Object.assign(new Error("response cut short"), { code: "ECUTSHORT" }));
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const body = opts.body;
    const writeBody = () => {
      if (body === undefined || typeof body === "string" || Buffer.isBuffer(body)) {
        req.end(body);
      } else if (Array.isArray(body)) {
        void (async () => {
          for (const [i, chunk] of body.entries()) {
            if (i > 0 && opts.chunkDelayMs) await new Promise((r) => setTimeout(r, opts.chunkDelayMs));
            req.write(chunk);
          }
          req.end();
        })();
      } else {
        body.pipe(req);
      }
    };
    if (!opts.acknowledged) return writeBody();
    req.on("continue", () => {
      acknowledged = true;
      if (body !== undefined) writeBody();
    });
    // Without a body the head is all there is: sent now; with one, the body follows the 100 Continue.
    if (body === undefined) req.end();
    else req.flushHeaders();
  }).catch((error: NodeJS.ErrnoException) => {
    throw Object.assign(error, { acknowledged });
  });
}

/** A same-origin form post (urlencoded). */
export function postForm(target: Target, path: string, fields: Record<string, string>, opts: { host: string; cookie?: string; acknowledged?: boolean }): Promise<Answer> {
  return send(target, path, {
    method: "POST",
    host: opts.host,
    acknowledged: opts.acknowledged,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${opts.host}`,
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A multipart body as a browser would send FormData: its bytes and Content-Type. */
export async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("Content-Type")! };
}

/** The cookies a response sets, merged into a Cookie header value (name=value; …). */
export function cookiesOf(answer: Answer, previous = ""): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const line of [answer.headers["set-cookie"] ?? []].flat()) {
    const pair = line.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}
