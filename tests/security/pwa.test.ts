// Installable and offline (docs/product.md §26), over raw HTTP against the
// production build: each campus's manifest and icons (PNG at their sizes, the
// whole ≤ 30 KB), the manifest link on every page, the service worker's script
// (uncached, versioned by the build, its shell), the policy that lets a page
// register it, the session marker the worker checks, and the push settings'
// writes (the permission gate, this device's cookie, sign-out removing it).
import { describe, expect, it } from "vitest";
import { cookiesOf, postForm, rawRequest, serverUrl } from "./client";
import { signUp } from "./users";

const port = () => new URL(serverUrl()).port;

/** Width and height from a PNG's IHDR. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the web app manifest", () => {
  it.each([
    ["localhost", "OU BuySell", "ou", "#841617"],
    ["utbuysell.localhost", "UT BuySell", "ut", "#a84d00"],
    ["campusbuysell.localhost", "Campus BuySell", "campus", "#4338ca"],
  ])("on %s names the campus, starts at /home standalone, with its icons within 30 KB", async (host, name, id, colour) => {
    const res = await rawRequest("/manifest.webmanifest", { headers: { Host: `${host}:${port()}` } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name, start_url: "/home", display: "standalone", theme_color: colour, background_color: "#f6f7f9" });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((i) => [i.src, i.sizes, i.purpose])).toEqual([
      [`/pwa/${id}-192.png`, "192x192", "any"],
      [`/pwa/${id}-512.png`, "512x512", "any"],
      [`/pwa/${id}-maskable-512.png`, "512x512", "maskable"],
    ]);
    let total = res.bytes.length;
    for (const icon of manifest.icons) {
      const file = await rawRequest(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(pngSize(file.bytes)).toEqual({ width: w, height: h });
      total += file.bytes.length;
    }
    expect(total).toBeLessThanOrEqual(30 * 1024);
  });

  it("is linked from every page, whose policy lets the page register a worker and read the manifest", async () => {
    for (const path of ["/home", "/login", "/offline", "/more"]) {
      const page = await rawRequest(path);
      expect(page.body, path).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
      if (path !== "/more") expect(page.headers["content-security-policy"]).toMatch(/worker-src 'self';manifest-src 'self'/);
    }
  });
});

describe("the service worker", () => {
  it("is served uncached, versioned by the build, with the shell it precaches", async () => {
    const res = await rawRequest("/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const version = /^const VERSION = "([0-9a-f]{12})";/.exec(res.body)?.[1];
    expect(version).toBeTruthy();
    const shell = JSON.parse(/^const SHELL = (\[.*\]);$/m.exec(res.body)![1]!) as string[];
    expect(shell).toEqual(expect.arrayContaining(["/offline", "/pwa/ou-192.png", "/favicon.svg"]));
    expect(shell.some((u) => /^\/build\/_assets\/app-\w+\.css$/.test(u))).toBe(true);
    for (const url of shell) expect((await rawRequest(url)).status, url).toBe(200);
    // The same script (and version) from every request of this build.
    expect((await rawRequest("/sw.js")).body).toBe(res.body);
  });

  it("every page registers it at its end, in an inline script the page's policy allows (its nonce), after load", async () => {
    const page = await rawRequest("/home");
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(page.body).toMatch(new RegExp(`<script nonce="${nonce!.replace(/[+/]/g, "\\$&")}">if\\("serviceWorker"in navigator\\)addEventListener\\("load",.*register\\("/sw\\.js"\\).*</script></body></html>$`));
  });

  it("the offline page says so with a Retry link to the address it is shown at, and runs no script of the app", async () => {
    const res = await rawRequest("/offline");
    expect(res.status).toBe(200);
    expect(res.body).toContain("You&#x27;re offline");
    expect(res.body).toMatch(/<a href="" class="button button--primary">Retry<\/a>/);
    expect(res.body).not.toContain("/build/entry.client");
    expect(res.body).not.toContain("window.__remixContext");
  });

  it("pages name the session they were made for: the same per session, another after signing in as someone else, none for a visitor", async () => {
    expect((await rawRequest("/home")).headers["x-account"]).toBe("visitor");
    const a = await signUp();
    const b = await signUp();
    const markerOf = async (cookie: string) => (await rawRequest("/home", { headers: { Cookie: cookie } })).headers["x-account"];
    const ma = await markerOf(a.cookie);
    expect(ma).toMatch(/^[\w-]{22}$/);
    expect(await markerOf(a.cookie)).toBe(ma);
    expect(await markerOf(b.cookie)).not.toBe(ma);
  });
});

describe("push settings", () => {
  it("turning push on needs a signed-in user and a push service's https endpoint; sign-out removes this device", async () => {
    const visitor = await postForm("/settings/push", { intent: "choices", messages: "on" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login/);

    const user = await signUp();
    const keys = { p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) };
    for (const endpoint of ["http://fcm.googleapis.com/x", "https://127.0.0.1/x", "https://localhost:3000/x"]) {
      const refused = await postForm("/settings/push", { intent: "subscribe", endpoint, ...keys }, { Cookie: user.cookie });
      expect(refused.status, endpoint).toBe(400);
    }
    const page = await rawRequest("/settings/push", { headers: { Cookie: user.cookie } });
    expect(page.body).toContain("Push notifications need JavaScript.");
    expect(page.body).toContain("Saved-search alerts");

    const on = await postForm("/settings/push", { intent: "subscribe", endpoint: "https://fcm.googleapis.com/fcm/send/sec-test", ...keys }, { Cookie: user.cookie });
    expect(on.status).toBe(302);
    const device = on.headers["set-cookie"]?.find((c) => c.startsWith("push_device="));
    expect(device).toMatch(/HttpOnly/);
    const withDevice = cookiesOf(on, user.cookie);
    expect((await rawRequest("/settings/push", { headers: { Cookie: withDevice } })).body).toContain("Push notifications are on for this device.");

    const out = await postForm("/logout", {}, { Cookie: withDevice });
    expect(out.status).toBe(302);
    expect(out.headers["set-cookie"]?.some((c) => /^push_device=;.*Max-Age=0/.test(c))).toBe(true);
    // Signed in again on a browser that kept the old device cookie: that subscription is gone.
    const login = await postForm("/login", { method: "password", email: user.email, password: user.password });
    expect(login.status).toBe(302);
    const stale = `${cookiesOf(login)}; ${device!.split(";")[0]}`;
    const after = await rawRequest("/settings/push", { headers: { Cookie: stale } });
    expect(after.body).toContain("Push notifications need JavaScript.");
    expect(after.body).not.toContain("Push notifications are on for this device.");
  });

  it("turning push on is limited to 10 attempts per user an hour, refused ones counted too (docs/product.md §21)", async () => {
    const user = await signUp();
    const keys = { p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) };
    const bad = await postForm("/settings/push", { intent: "subscribe", endpoint: "https://127.0.0.1/x", ...keys }, { Cookie: user.cookie });
    expect(bad.status).toBe(400);
    for (let i = 1; i < 10; i++) {
      const on = await postForm("/settings/push", { intent: "subscribe", endpoint: `https://fcm.googleapis.com/fcm/send/limit-${i}`, ...keys }, { Cookie: user.cookie });
      expect(on.status, `attempt ${i + 1}`).toBe(302);
    }
    const refused = await postForm("/settings/push", { intent: "subscribe", endpoint: "https://fcm.googleapis.com/fcm/send/limit-11", ...keys }, { Cookie: user.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("You've turned on push notifications too many times this hour. Try again later.");
    // Another user is not held back by it.
    const other = await signUp();
    expect((await postForm("/settings/push", { intent: "subscribe", endpoint: "https://fcm.googleapis.com/fcm/send/limit-other", ...keys }, { Cookie: other.cookie })).status).toBe(302);
  });
});
