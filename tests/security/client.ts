// Raw HTTP for the security suite: exact headers and bodies, no cookie jar, no redirects followed.
import http from "node:http";
import { inject } from "vitest";

/** `body` is the bytes as sent (still encoded when Content-Encoding says so), read as UTF-8; `bytes` the same bytes. */
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer; ms: number };

export function serverUrl(): string {
  return inject("serverUrl");
}

/** The folder the shared server keeps its database, uploads and temporary files in. */
export function serverDir(): string {
  return inject("serverDir");
}

/**
 * Sends one request with exactly these headers (Host included when given) and
 * body. Node's fetch would normalise or refuse some of what an attacker sends.
 */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; base?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url, init.base ?? serverUrl());
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: init.method ?? "GET",
        path: target.pathname + target.search,
        headers: { Host: target.host, ...init.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes, ms: performance.now() - started });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** A form-encoded POST as a same-origin browser would send it. */
export function postForm(path: string, fields: Record<string, string> | string, headers: Record<string, string> = {}, base?: string) {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  const origin = new URL(base ?? serverUrl()).origin;
  return rawRequest(path, {
    method: "POST",
    base,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body,
  });
}

/** The cookies a response sets, as one Cookie header value (name=value; …). */
export function cookiesOf(res: RawResponse, previous = ""): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const line of [res.headers["set-cookie"] ?? []].flat()) {
    const pair = line.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

/** HTML's entities in a page's text, decoded (the few React writes). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([\da-f]+)|#(\d+)|(amp|lt|gt|quot));/gi, (_, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : { amp: "&", lt: "<", gt: ">", quot: '"' }[name!.toLowerCase()]!,
  );
}

/** The alert a response sets for the next page ("Post Reported. …"), read from its cookie. */
export function alertOf(res: RawResponse): string | null {
  for (const line of [res.headers["set-cookie"] ?? []].flat()) {
    const value = /^(?:__Host-)?_*alert=([^;]+)/.exec(line)?.[1];
    if (!value) continue;
    const payload = decodeURIComponent(value).split(".")[0]!;
    const json = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<string, { message?: string }>;
    return Object.values(json)[0]?.message ?? null;
  }
  return null;
}
