// Express middleware that applies to every request before Remix sees it.
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { campusIdFromHost } from "~/utils/campus";
import type { Config } from "./config.server";
import { regionGate } from "./geo.server";

/** Single-fetch data requests (client navigations, revalidations, fetchers). */
const isDataRequest = (req: Request) => req.path.endsWith(".data");

/**
 * The region gate (docs/product.md §18), once per request and before any loader or action
 * runs, so a blocked visitor can neither read nor write. Documents and resource
 * routes are redirected to /404. A data request cannot follow a plain redirect:
 * a blocked GET is flagged for the root loader, which answers with a Remix
 * redirect; a blocked POST gets an empty 204 (its action never runs) and the
 * revalidation the browser makes next is redirected in turn.
 */
export function regionGateMiddleware(cfg: Config["geo"]) {
  if (cfg.gate && !cfg.countryHeader) {
    console.warn("Region gate is on but GEO_COUNTRY_HEADER is not set: no visitor can be placed, so all are let in.");
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const decision = regionGate({ path: req.path, ip: req.ip, header: (name) => req.get(name) }, cfg);
    if (decision.allow) return next();
    res.set("Cache-Control", "no-store");
    const read = req.method === "GET" || req.method === "HEAD";
    if (isDataRequest(req)) {
      if (!read) return res.status(204).end();
      res.locals.regionBlocked = true;
      return next();
    }
    res.redirect(read ? 302 : 303, "/404");
  };
}

export type PageView = { path: string; campusId: string; userId: string | undefined };

/**
 * Calls `record` (the server passes the analytics model's) for every HTML
 * document served with 200 to a person (not a bot): not for data requests,
 * static files (served before this) or /healthz. Only the path, campus and,
 * when `userIdFor` can tell, the user id are passed.
 */
export function pageViewMiddleware(
  record: (view: PageView) => void,
  userIdFor?: (req: Request, res: Response) => string | undefined,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" && !isDataRequest(req) && req.path !== "/healthz") {
      res.on("finish", () => {
        const type = String(res.getHeader("Content-Type") ?? "");
        if (res.statusCode !== 200 || !type.startsWith("text/html") || isbot(req.get("user-agent") ?? "")) return;
        // The response has gone: nothing waits for this, and `record` never throws.
        record({
          path: req.path,
          campusId: campusIdFromHost(req.get("host")),
          userId: userIdFor?.(req, res),
        });
      });
    }
    next();
  };
}

// ---------------------------------------------------------------------------
// The edge: requests that are malformed or come from another site are answered
// here with a 4xx, before anything builds a URL from them.

function refuse(res: Response, status: number, message: string) {
  res.status(status).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" }).send(message);
}

const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[\w.-]+)(?::(\d{1,5}))?$/i;

/** A Host value a browser could have sent: a host name or IP literal and an optional port, nothing else. */
export function isValidHost(host: string): boolean {
  const match = HOST_AND_PORT.exec(host);
  if (!match || host.length > 261) return false;
  const [, name = "", port] = match;
  if (port !== undefined && Number(port) > 65535) return false;
  if (!URL.canParse(`http://${name}`)) return false;
  // The URL parser rewrites what it does not take literally (0x7f.1, %41…): only what it keeps as given.
  return new URL(`http://${name}`).hostname === name.toLowerCase();
}

type TrustFn = (address: string, hop: number) => boolean;

/**
 * Settles which host and protocol the request is for. `X-Forwarded-Host` and
 * `X-Forwarded-Proto` count only from a proxy TRUST_PROXY names (Express
 * `trust proxy`); the host must be well-formed (400 otherwise). The result is
 * written back as the Host header and the forwarded host is dropped, so the
 * Remix adapter (which builds request.url from these headers, and throws on a
 * malformed one) and Remix's own Origin check see only the settled value.
 */
export function trustedHostMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const trust = req.app.get("trust proxy fn") as TrustFn;
    const fromTrustedProxy = trust(req.socket.remoteAddress ?? "", 0);
    const forwardedHost = req.get("x-forwarded-host");
    const host = (fromTrustedProxy && forwardedHost ? forwardedHost.split(",")[0]!.trim() : req.get("host")) ?? "";
    if (!isValidHost(host)) return refuse(res, 400, "Bad Request: malformed Host");
    const forwardedProto = req.get("x-forwarded-proto");
    if (fromTrustedProxy && forwardedProto && !/^https?$/i.test(forwardedProto.split(",")[0]!.trim())) {
      return refuse(res, 400, "Bad Request: malformed X-Forwarded-Proto");
    }
    req.headers.host = host.toLowerCase();
    delete req.headers["x-forwarded-host"];
    next();
  };
}

/** Percent-decodes one URL component; null for bad encoding or invalid UTF-8. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The request target must decode cleanly: printable ASCII as sent, every %-escape
 * valid UTF-8 and no NUL once decoded, in the path and in each query name and
 * value (400 otherwise, and nothing of it echoed).
 */
export function urlEncodingMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = req.originalUrl;
    for (let i = 0; i < target.length; i++) {
      const code = target.charCodeAt(i);
      if (code <= 0x20 || code >= 0x7f) return refuse(res, 400, "Bad Request: malformed URL");
    }
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    const parts = query === -1 ? [] : target.slice(query + 1).split(/[&=]/);
    for (const part of [path, ...parts]) {
      const decoded = decodeComponent(part.replaceAll("+", " "));
      if (decoded === null || decoded.includes("\0")) return refuse(res, 400, "Bad Request: malformed URL");
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site writes are refused with 403: a request that changes something must
 * come from a page of this site (its Origin names the settled Host), or from no
 * browser page at all (no Origin, and Sec-Fetch-Site not cross-site). Remix
 * checks documents too, but answers a mismatch with a 500 and skips resource routes.
 */
export function sameOriginMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    if (origin !== undefined) {
      const sameHost = URL.canParse(origin) && new URL(origin).host === req.headers.host;
      if (!sameHost) return refuse(res, 403, "Forbidden: cross-site request");
    } else if (req.get("sec-fetch-site") === "cross-site") {
      return refuse(res, 403, "Forbidden: cross-site request");
    }
    next();
  };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Every action reads a form: a request with a body must say it is one
 * (urlencoded or multipart), or it gets 415 instead of failing inside the action.
 * The multipart boundary and body sizes are checked where the body is read.
 */
export function formContentTypeMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const hasBody = req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!hasBody && !type) return next();
    if (!FORM_TYPES.has(type)) return refuse(res, 415, "Unsupported Media Type: send a form");
    next();
  };
}

/** Strict-Transport-Security on responses served over https (TLS, a trusted proxy, or an https site in the configuration). */
export function hstsMiddleware(servedOverHttps: (url: URL) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (servedOverHttps(new URL(`${req.protocol}://${req.headers.host}/`))) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

const isLoopback = (address: string | undefined) =>
  !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

/** The request comes from this machine itself: a loopback peer, and not passed on by a proxy. */
export function fromThisMachine(req: Request): boolean {
  return isLoopback(req.socket.remoteAddress) && !req.get("x-forwarded-for") && !req.get("forwarded") && !req.get("x-real-ip");
}
