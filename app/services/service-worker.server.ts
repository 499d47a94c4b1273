// The service worker's script and the account marker it checks (docs/product.md §26).
//
// /sw.js is public/service-worker.js with this build's constants in front: the
// cache version (the build's hash and the worker's own, so a deploy changes the
// script, the browser installs the new worker on the next visit and it drops
// the old caches) and the shell to precache (styles, the entry scripts, icons,
// the offline page). Served uncached, so the browser always sees a new one.
//
// Every page and data response names the session it was made for in
// X-Account: a one-way hash of the session cookie (a visitor has none). The
// worker clears its copies of pages when the marker changes (sign-out, another
// sign-in), so a page of one account is never shown to the next.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

export const ACCOUNT_HEADER = "X-Account";

/** The session cookie's value in a Cookie header (either name the cookie policy gives it), or null. */
function sessionCookie(cookieHeader: string | undefined): string | null {
  return /(?:^|;\s*)(?:__session|__Host-session)=([^;]+)/.exec(cookieHeader ?? "")?.[1] || null;
}

/** Whether a request carries no session cookie: a visitor's. */
export function isVisitor(cookieHeader: string | undefined): boolean {
  return sessionCookie(cookieHeader) === null;
}

/** The session cookie's value in a Cookie header, hashed; "visitor" without one. */
export function accountMarker(cookieHeader: string | undefined): string {
  const session = sessionCookie(cookieHeader);
  return session === null ? "visitor" : crypto.createHash("sha256").update(session).digest("base64url").slice(0, 22);
}

/**
 * The worker's registration, at the end of every document: a few bytes of the
 * HTML, none of the page's JavaScript. It runs once the page has loaded and the
 * browser is idle, so it never competes with the page's own first work; without
 * JavaScript nothing changes. The browser checks /sw.js again at each visit, so
 * a new build's worker replaces the old one on the next visit.
 */
export function serviceWorkerRegistration(nonce: string): string {
  const script = `if("serviceWorker"in navigator)addEventListener("load",function(){(window.requestIdleCallback||setTimeout)(function(){navigator.serviceWorker.register("/sw.js").catch(function(){})})})`;
  return `<script nonce="${nonce.replace(/[^\w+/=]/g, "")}">${script}</script>`;
}

type BuildAssets = { version: string; url: string; entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };

/** The precached shell besides the build's files. */
const STATIC_SHELL = ["/favicon.svg", "/offline"];

/** Icons of every campus (public/pwa), named in each campus's manifest. */
function iconFiles(publicDir: string): string[] {
  const dir = path.join(publicDir, "pwa");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".png")).map((f) => `/pwa/${f}`) : [];
}

/** The build's stylesheets (every page's and each screen's, a few KB together). */
function styleFiles(publicDir: string): string[] {
  const dir = path.join(publicDir, "build", "_assets");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".css")).map((f) => `/build/_assets/${f}`) : [];
}

export function serviceWorkerScript(assets: BuildAssets, publicDir = "public"): string {
  const source = fs.readFileSync(path.join(publicDir, "service-worker.js"), "utf8");
  const version = crypto.createHash("sha256").update(assets.version).update(source).digest("hex").slice(0, 12);
  const root = assets.routes.root;
  const shell = [
    ...STATIC_SHELL,
    ...iconFiles(publicDir),
    ...styleFiles(publicDir),
    assets.url,
    assets.entry.module,
    ...assets.entry.imports,
    ...(root ? [root.module, ...(root.imports ?? [])] : []),
  ];
  return `const VERSION = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify([...new Set(shell)])};\n${source}`;
}

/** Express handler for GET /sw.js: made once per process (the build and the worker do not change while it runs). */
export function serviceWorkerHandler(assets: BuildAssets, publicDir = "public") {
  let script: string | undefined;
  return (_req: Request, res: Response, next: NextFunction) => {
    try {
      script ??= serviceWorkerScript(assets, publicDir);
    } catch (error) {
      next(error);
      return;
    }
    res.set({
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      // The worker's own policy: it fetches this site only.
      "Content-Security-Policy": "default-src 'self'",
    });
    res.send(script);
  };
}
