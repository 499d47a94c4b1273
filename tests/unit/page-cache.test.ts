// The visitors' feed cache: who shares a rendered page, for how long, and that
// every response still carries its own nonce.
import { describe, expect, it } from "vitest";
import { createPageCache, pageCacheKey, type CacheableRequest } from "~/services/page-cache.server";

const visitor = (url: string, headers: Record<string, string> = {}): CacheableRequest => ({
  method: "GET",
  originalUrl: url,
  headers: { host: "oubuysell.localhost:3000", ...headers },
});

function page(nonce: string, extra: Record<string, string> = {}, status = 200) {
  return new Response(`<script nonce="${nonce}">x</script><p>feed rendered</p>`, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...extra },
  });
}

function counter() {
  let renders = 0;
  return {
    get renders() {
      return renders;
    },
    render: (nonce: string, extra?: Record<string, string>, status?: number) => () => {
      renders++;
      return Promise.resolve(page(nonce, extra, status));
    },
  };
}

describe("pageCacheKey", () => {
  it("keys a visitor's /home by campus host, filters, time zone and same-site Back target", () => {
    const plain = pageCacheKey(visitor("/home"));
    expect(plain).not.toBeNull();
    expect(pageCacheKey(visitor("/home?category=furniture&sort=price-asc"))).not.toBe(plain);
    expect(pageCacheKey(visitor("/home", { host: "utbuysell.localhost:3000" }))).not.toBe(plain);
    expect(pageCacheKey(visitor("/home", { cookie: "tz=America%2FChicago" }))).not.toBe(plain);
    expect(pageCacheKey(visitor("/home", { referer: "http://oubuysell.localhost:3000/more/about" }))).not.toBe(plain);
    // Another site's Referer does not change the page (the Back target ignores it).
    expect(pageCacheKey(visitor("/home", { referer: "https://elsewhere.example/" }))).toBe(plain);
  });

  it("renders for itself anything personal or unknown", () => {
    expect(pageCacheKey(visitor("/home", { cookie: "__session=abc" }))).toBeNull();
    expect(pageCacheKey(visitor("/home", { cookie: "tz=UTC; __alert=xyz" }))).toBeNull();
    expect(pageCacheKey(visitor("/home?signup=like"))).toBeNull(); // the sign-up prompt depends on the visitor's address
    expect(pageCacheKey(visitor("/home?delete=abc"))).toBeNull();
    expect(pageCacheKey(visitor("/post/abc"))).toBeNull();
    expect(pageCacheKey({ ...visitor("/home"), method: "POST" })).toBeNull();
    expect(pageCacheKey({ ...visitor("/home"), method: "HEAD" })).toBeNull();
    expect(pageCacheKey(visitor(`/home?category=${"x".repeat(600)}`))).toBeNull();
  });
});

describe("createPageCache", () => {
  it("renders once per TTL for a burst of visitors, each response with its own nonce", async () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    const c = counter();
    const first = await cache.handle(visitor("/home"), "nonce-one", c.render("nonce-one"));
    const second = await cache.handle(visitor("/home"), "nonce-two", c.render("nonce-two"));
    expect(c.renders).toBe(1);
    expect(await first.text()).toContain('nonce="nonce-one"');
    const body = await second.text();
    expect(body).toContain('nonce="nonce-two"');
    expect(body).not.toContain("nonce-one");
    now += 1000; // expired
    await cache.handle(visitor("/home"), "nonce-three", c.render("nonce-three"));
    expect(c.renders).toBe(2);
  });

  it("shares one render between concurrent misses", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    let renders = 0;
    let finish!: () => void;
    const slow = () => {
      renders++;
      return new Promise<Response>((resolve) => (finish = () => resolve(page("n1"))));
    };
    const a = cache.handle(visitor("/home"), "n1", slow);
    const b = cache.handle(visitor("/home"), "n2", slow);
    finish();
    expect(await (await a).text()).toContain("n1");
    expect(await (await b).text()).toContain('nonce="n2"');
    expect(renders).toBe(1);
  });

  it("keeps only whole 200 HTML pages without cookies, and nothing when off", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    const c = counter();
    await cache.handle(visitor("/home"), "a", c.render("a", { "Set-Cookie": "__alert=1" }));
    await cache.handle(visitor("/home"), "b", c.render("b", {}, 500));
    expect(cache.size).toBe(0);
    const off = createPageCache({ ttlMs: 0 });
    await off.handle(visitor("/home"), "c", c.render("c"));
    await off.handle(visitor("/home"), "d", c.render("d"));
    expect(c.renders).toBe(4);
    expect(off.size).toBe(0);
  });

  it("holds a bounded number of pages, the least recently used leaving first", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    const c = counter();
    for (const category of ["furniture", "tickets", "household"]) {
      await cache.handle(visitor(`/home?category=${category}`), "n", c.render("n"));
    }
    expect(cache.size).toBe(2);
    await cache.handle(visitor("/home?category=furniture"), "n", c.render("n"));
    expect(c.renders).toBe(4); // the first was evicted
  });
});
