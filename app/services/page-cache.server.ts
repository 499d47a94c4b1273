// A short-lived cache of the feed as visitors see it. A visitor's /home is the
// same page for every visitor of a campus with the same filters, time zone and
// Back target, and a campus feed is what a burst of visitors (a link shared in
// a group chat) all open at once: each process renders it at most once per
// TTL (one second by default) and serves that copy to the others, so a burst
// costs one render instead of hundreds. Signed-in users, anyone carrying
// another cookie (an alert, a pending session) and any address with a
// parameter the feed does not know (a sign-up prompt, a confirmation) are
// rendered as usual. Only whole 200 documents without Set-Cookie are kept.
//
// Each response still gets its own CSP nonce: the copy is stored with the
// nonce it was rendered with (random, never seen by anyone before the render
// finished) and every use replaces it with the new request's.
import { TIME_ZONE_COOKIE } from "~/utils/client-hints";
import { timeZoneHint } from "./client-hints.server";
import { hasBody, responseBytes } from "./whole-document.server";

export type PageCacheOptions = {
  /** How long a rendered page is served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many pages are kept (the least recently used go first). */
  maxEntries?: number;
  /** Pages larger than this are not kept. */
  maxBytes?: number;
  now?: () => number;
};

/** The request as the cache sees it (an Express request satisfies it). */
export type CacheableRequest = {
  method: string;
  /** The path and query, as received. */
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
};

type Entry = { key: string; expires: number; status: number; headers: [string, string][]; body: string; nonce: string };

/** Paths whose visitor page is cached, with the query parameters their loaders read (any other parameter: not cached). */
const CACHEABLE: Record<string, ReadonlySet<string>> = {
  "/home": new Set(["category", "min", "max", "free", "condition", "sold", "sort", "view", "course", "cursor"]),
};

/** Cookies that do not make a visitor's page personal: the time-zone hint is part of the key. */
const NEUTRAL_COOKIES = new Set([TIME_ZONE_COOKIE]);

function header(req: CacheableRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Whether the request carries only cookies that keep a visitor's page the same for everyone. */
function onlyNeutralCookies(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name && !NEUTRAL_COOKIES.has(name)) return false;
  }
  return true;
}

/**
 * The cache key of a visitor's request for a cacheable page, or null when the
 * request must be rendered for itself. Everything the page's loaders read from
 * the request is in the key: host (the campus), path and known parameters,
 * the time-zone hint as the renderer reads it (timeZoneHint), and the same-site Referer (the Back target).
 */
export function pageCacheKey(req: CacheableRequest): string | null {
  if (req.method !== "GET") return null;
  const host = header(req, "host");
  if (!host || req.originalUrl.length > 512) return null;
  let url: URL;
  try {
    url = new URL(req.originalUrl, `http://${host}`);
  } catch {
    return null;
  }
  const known = CACHEABLE[url.pathname];
  if (!known) return null;
  for (const name of url.searchParams.keys()) if (!known.has(name)) return null;
  const cookie = header(req, "cookie");
  if (!onlyNeutralCookies(cookie)) return null;
  const referer = header(req, "referer");
  let back = "";
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.host === url.host) back = from.pathname + from.search;
  }
  return JSON.stringify([url.host.toLowerCase(), url.pathname, url.search, timeZoneHint(cookie) ?? "", back]);
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({ ttlMs, maxEntries = 200, maxBytes = 512 * 1024, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Renders in progress: a burst of misses waits for the first instead of rendering again. */
  const pending = new Map<string, Promise<Entry | null>>();

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    // Least recently used last out: move it to the end.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function respond(entry: Entry, nonce: string): Response {
    const body = entry.nonce && nonce !== entry.nonce ? entry.body.replaceAll(entry.nonce, nonce) : entry.body;
    return new Response(body, { status: entry.status, headers: entry.headers });
  }

  async function keep(key: string, response: Response, nonce: string): Promise<{ entry: Entry | null; response: Response }> {
    const type = response.headers.get("Content-Type") ?? "";
    const cacheable = response.status === 200 && type.startsWith("text/html") && !response.headers.has("Set-Cookie") && hasBody(response);
    if (!cacheable) return { entry: null, response };
    const body = (await responseBytes(response)).toString();
    const entry: Entry = { key, expires: now() + ttlMs, status: response.status, headers: [...response.headers], body, nonce };
    const rebuilt = new Response(body, { status: entry.status, headers: entry.headers });
    if (Buffer.byteLength(body) > maxBytes) return { entry: null, response: rebuilt };
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return { entry, response: rebuilt };
  }

  return {
    /**
     * Answers a request: from the cache when it holds this visitor page,
     * else from `render` (and keeps the result when it may). `nonce` is the
     * CSP nonce of this response.
     */
    async handle(req: CacheableRequest, nonce: string, render: () => Promise<Response>): Promise<Response> {
      const key = ttlMs > 0 ? pageCacheKey(req) : null;
      if (!key) return render();
      const hit = fresh(key);
      if (hit) return respond(hit, nonce);
      const inFlight = pending.get(key);
      if (inFlight) {
        const entry = await inFlight;
        if (entry) return respond(entry, nonce);
        return render();
      }
      let settle!: (entry: Entry | null) => void;
      pending.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const { entry, response } = await keep(key, await render(), nonce);
        settle(entry);
        return response;
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        pending.delete(key);
      }
    },
    /** Number of pages held (for tests). */
    get size() {
      return entries.size;
    },
  };
}
