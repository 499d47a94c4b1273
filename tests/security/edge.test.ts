// Issue 10, rows 1, 6, 8, 9 and 10: links from the allowlist only, no open
// redirects, 4xx for malformed or cross-site requests, production start-up and
// HSTS, the dev mailbox and the session secret of the default `npm start`.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnAppServer, startAppServer, type AppServer } from "../e2e/app-server";
import { postForm, rawRequest, serverUrl, type RawResponse } from "./client";
import { mailLinks, register, signUp, uniqueEmail, type SecurityUser } from "./users";

/** A POST with no Origin, as curl sends it. */
function postWithoutOrigin(pathname: string, fields: Record<string, string>, headers: Record<string, string>, base?: string) {
  return rawRequest(pathname, {
    method: "POST",
    base,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const location = (res: RawResponse) => String(res.headers.location ?? "");

/** The Location stays on the site: a path that resolves to this origin. */
function expectOnSite(res: RawResponse) {
  const target = location(res);
  expect(target.startsWith("/")).toBe(true);
  expect(target).not.toMatch(/^\/[\\/]/);
  expect(target).not.toMatch(/[\t\n\r\0]/);
  expect(new URL(target, serverUrl()).origin).toBe(new URL(serverUrl()).origin);
}

describe("row 1: links in emails never come from the request's headers", () => {
  it("a password reset asked for with Host: evil.example links to the site's own origin", async () => {
    const email = uniqueEmail("example.com", "reset");
    await register(email, { name: "Edge Tester" });
    const res = await postWithoutOrigin("/forgotpassword", { email }, { Host: "evil.example" });
    expect(res.status).toBe(302);
    const reset = (await mailLinks(email)).filter((href) => href.includes("/reset-password?token="));
    expect(reset.length).toBeGreaterThan(0);
    for (const href of reset) expect(href.startsWith(`${serverUrl()}/reset-password?token=`)).toBe(true);
  });

  it("X-Forwarded-Host is not believed from a proxy TRUST_PROXY does not name", async () => {
    const email = uniqueEmail("example.com", "reset-xfh");
    await register(email, { name: "Edge Tester" });
    const res = await postWithoutOrigin("/forgotpassword", { email }, { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(res.status).toBe(302);
    const links = await mailLinks(email);
    expect(links.some((href) => href.includes("evil.example"))).toBe(false);
    expect(links.filter((href) => href.includes("/reset-password?token="))[0]!.startsWith(`${serverUrl()}/`)).toBe(true);
  });

  it("a host merely containing a campus name gets links to the default site", async () => {
    const email = uniqueEmail("example.com", "reset-campus");
    await register(email, { name: "Edge Tester" });
    const res = await postWithoutOrigin("/forgotpassword", { email }, { Host: "utbuysell.evil.example" });
    expect(res.status).toBe(302);
    const links = await mailLinks(email);
    expect(links.some((href) => href.includes("evil.example"))).toBe(false);
  });

  it("an allowlisted campus host keeps its own links (and the sign-up link too)", async () => {
    const port = new URL(serverUrl()).port;
    const ut = `http://utbuysell.localhost:${port}`;
    const email = uniqueEmail("example.com", "reset-ut");
    await register(email, { name: "Edge Tester", base: ut });
    const links = await mailLinks(email);
    expect(links.find((href) => href.includes("/verify?"))!.startsWith(`${ut}/verify?`)).toBe(true);
  });

  it("share links in the page (root origin) come from the allowlist", async () => {
    const page = await rawRequest("/home", { headers: { Host: "evil.example" } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.example");
  });
});

describe("row 6: no open redirect", () => {
  let user: SecurityUser;
  beforeAll(async () => {
    user = await signUp({ name: "Edge Tester" });
  });

  it("GET /verify?redirect=%2F%09%2Fevil.example, signed in, stays on the site", async () => {
    for (const redirect of ["%2F%09%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example", "https%3A%2F%2Fevil.example", "%2F%0D%0A%2Fevil.example"]) {
      const res = await rawRequest(`/verify?redirect=${redirect}`, { headers: { Cookie: user.cookie } });
      expect(res.status).toBe(302);
      expectOnSite(res);
      expect(location(res)).toBe("/home");
    }
  });

  it("POST /login with such a redirect stays on the site", async () => {
    for (const redirect of ["/\t/evil.example", "//evil.example", "/%09/evil.example", "\\\\evil.example", "javascript:alert(1)"]) {
      const res = await postForm("/login", { email: user.email, password: user.password, redirect });
      expect(res.status).toBe(302);
      expectOnSite(res);
      expect(location(res)).toBe("/home");
    }
    const fine = await postForm("/login", { email: user.email, password: user.password, redirect: "/search?q=desk" });
    expect(location(fine)).toBe("/search?q=desk");
  });

  it("the Back link built from the Referer never leaves the site", async () => {
    for (const referer of [`${serverUrl()}//evil.example`, `${serverUrl()}/%09/evil.example`, `${serverUrl()}/%5Cevil.example`, "not a url"]) {
      const page = await rawRequest("/forgotpassword", { headers: { Referer: referer } });
      expect(page.status).toBe(200);
      const tag = /<a [^>]*data-testid="back"[^>]*>/.exec(page.body)?.[0] ?? "";
      const href = /href="([^"]*)"/.exec(tag)?.[1];
      expect(href).toBe("/home");
    }
  });
});

describe("row 8: malformed requests are 4xx, never 500", () => {
  it.each([
    ["a space", "a b"],
    ["empty", ""],
    ["a path", "localhost/evil"],
    ["user info", "user@evil.example"],
    ["a bad port", "localhost:99999"],
    ["a percent escape", "%6cocalhost"],
  ])("Host with %s → 400", async (_name, host) => {
    const res = await rawRequest("/home", { headers: { Host: host } });
    expect(res.status).toBe(400);
  });

  it("POST /login with Content-Type: text/plain → 415", async () => {
    const res = await rawRequest("/login", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: new URL(serverUrl()).origin },
      body: "email=a@example.com&password=x",
    });
    expect(res.status).toBe(415);
    const json = await rawRequest("/forgotpassword", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.c"}' });
    expect(json.status).toBe(415);
    const none = await rawRequest("/login", { method: "POST", body: "email=a@example.com" });
    expect(none.status).toBe(415);
  });

  it("a POST whose Origin does not match → 403, documents, data requests and resource routes alike", async () => {
    for (const [pathname, origin] of [
      ["/login", "http://evil.example"],
      ["/login", "null"],
      ["/login", "not a url"],
      ["/login.data", "http://evil.example"],
      ["/create/upload", "http://evil.example"],
      ["/profile/photo", `http://utbuysell.localhost:${new URL(serverUrl()).port}`],
    ]) {
      const res = await postForm(pathname!, { email: "a@example.com", password: "x" }, { Origin: origin! });
      expect(res.status, `${pathname} from ${origin}`).toBe(403);
    }
    const crossSite = await postWithoutOrigin("/login", { email: "a@example.com", password: "x" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
  });

  it.each([
    ["a NUL byte", "/search?q=a%00b"],
    ["invalid UTF-8", "/search?q=%FF%FE"],
    ["an overlong UTF-8 sequence", "/search?q=%C0%AF"],
    ["a truncated escape", "/search?q=%E0%A4%A"],
    ["a bare percent", "/search?q=100%"],
    ["a bad escape in a name", "/home?%zz=1"],
    ["a NUL in the path", "/media/a%00.webp"],
  ])("a query or path with %s → 400, not echoed", async (_name, target) => {
    const res = await rawRequest(target);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain("\0");
  });

  it("X-Forwarded-Host with a port from an untrusted peer changes nothing", async () => {
    const res = await rawRequest("/home", { headers: { "X-Forwarded-Host": "evil.example:1234" } });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain("evil.example");
  });
});

describe("static files carry only the headers they need", () => {
  it("a fingerprinted script has nosniff and a year of cache, not the document's policy", async () => {
    const home = await rawRequest("/home");
    expect(home.headers["content-security-policy"]).toContain("nonce-");
    const script = /src="(\/build\/[^"]+\.js)"/.exec(home.body)?.[1] ?? /href="(\/build\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script).toBeTruthy();
    const res = await rawRequest(script!);
    expect(res.status).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toContain("immutable");
    for (const header of ["content-security-policy", "cross-origin-opener-policy", "cross-origin-resource-policy", "referrer-policy", "x-frame-options", "origin-agent-cluster", "strict-transport-security"]) {
      expect(res.headers[header], header).toBeUndefined();
    }
  });

  it("the games keep their own policy", async () => {
    const list = fs.readdirSync(path.resolve(import.meta.dirname, "../../public/games"));
    const game = list.find((name) => fs.existsSync(path.resolve(import.meta.dirname, "../../public/games", name, "index.html")));
    if (!game) return;
    const res = await rawRequest(`/games/${game}/index.html`);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
  });
});

describe("row 9: production start-up and HSTS", () => {
  it("NODE_ENV=production without PUBLIC_URL stops start-up with one line naming it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-edge-"));
    try {
      const child = spawnAppServer({ PORT: String(await freePort()), PUBLIC_URL: undefined }, dir);
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      const lines = output.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: PUBLIC_URL /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("no HSTS over plain http, and not because an untrusted peer says https", async () => {
    expect((await rawRequest("/home")).headers["strict-transport-security"]).toBeUndefined();
    expect((await rawRequest("/home", { headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"]).toBeUndefined();
  });

  describe("behind a proxy TRUST_PROXY names", () => {
    let proxied: AppServer;
    beforeAll(async () => {
      proxied = await startAppServer({ TRUST_PROXY: "loopback" });
    });
    afterAll(() => proxied?.stop());

    it("HSTS when the proxy says https", async () => {
      const res = await rawRequest("/home", { base: proxied.url, headers: { "X-Forwarded-Proto": "https" } });
      expect(res.status).toBe(200);
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      const plain = await rawRequest("/home", { base: proxied.url });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    });

    it("a forwarded host picks among the allowlisted origins only", async () => {
      const port = new URL(proxied.url).port;
      const evil = uniqueEmail("example.com", "proxied-evil");
      await register(evil, { name: "Edge Tester", base: proxied.url });
      await postWithoutOrigin("/forgotpassword", { email: evil }, { "X-Forwarded-Host": "evil.example" }, proxied.url);
      const evilLinks = (await mailLinks(evil, proxied.url)).filter((h) => h.includes("/reset-password?"));
      expect(evilLinks[0]!.startsWith(`${proxied.url}/reset-password?`)).toBe(true);

      const ut = uniqueEmail("example.com", "proxied-ut");
      await register(ut, { name: "Edge Tester", base: proxied.url });
      await postWithoutOrigin("/forgotpassword", { email: ut }, { "X-Forwarded-Host": `utbuysell.localhost:${port}` }, proxied.url);
      const utLinks = (await mailLinks(ut, proxied.url)).filter((h) => h.includes("/reset-password?"));
      expect(utLinks[0]!.startsWith(`http://utbuysell.localhost:${port}/reset-password?`)).toBe(true);
    });

    it("a malformed forwarded host or protocol from the proxy → 400", async () => {
      expect((await rawRequest("/home", { base: proxied.url, headers: { "X-Forwarded-Host": "a b" } })).status).toBe(400);
      expect((await rawRequest("/home", { base: proxied.url, headers: { "X-Forwarded-Proto": "javascript" } })).status).toBe(400);
    });
  });

  describe("with an https PUBLIC_URL", () => {
    let secure: AppServer;
    beforeAll(async () => {
      const port = await freePort();
      secure = await startAppServer({ PORT: String(port), PUBLIC_URL: `https://localhost:${port}`, CAMPUS_ORIGINS: undefined });
    });
    afterAll(() => secure?.stop());

    it("sends HSTS on documents", async () => {
      const res = await rawRequest("/home", { base: secure.url });
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    });
  });
});

describe("row 10: the default `npm start` (no NODE_ENV)", () => {
  let dev: AppServer;
  beforeAll(async () => {
    dev = await startAppServer({ NODE_ENV: undefined, DEV_MAILBOX: undefined, SESSION_SECRET: undefined, PUBLIC_URL: undefined, CAMPUS_ORIGINS: undefined });
  });
  afterAll(() => dev?.stop());

  it("/dev/mail answers this machine only: not a forwarded request", async () => {
    const local = await rawRequest("/dev/mail?to=owner%40example.com", { base: dev.url });
    expect(local.status).toBe(200);
    const forwarded: Record<string, string>[] = [{ "X-Forwarded-For": "203.0.113.9" }, { Forwarded: "for=203.0.113.9" }, { "X-Real-IP": "203.0.113.9" }];
    for (const header of forwarded) {
      const res = await rawRequest("/dev/mail?to=owner%40example.com", { base: dev.url, headers: header });
      expect(res.status).toBe(404);
    }
  });

  it("/dev/mail answers nothing that reaches it on another interface than loopback", async () => {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
    if (!address) return; // this machine has no other interface to try
    const port = Number(new URL(dev.url).port);
    // This machine's own address on that interface: the server sees a peer that is not loopback.
    const status = await new Promise<number | null>((resolve) => {
      const req = http.get({ host: address, port, path: "/dev/mail?to=owner%40example.com", headers: { Host: `localhost:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? null);
      });
      req.on("error", () => resolve(null));
    });
    if (status === null) return; // not reachable from here
    expect(status).toBe(404);
    expect((await rawRequest("/dev/mail?to=owner%40example.com", { base: dev.url })).status).toBe(200);
  });

  it("the session secret is generated once and kept beside the database (PostgreSQL: in ./data) with mode 0600", () => {
    const file = process.env.TEST_DATABASE_URL ? path.resolve("data", "session-secret") : path.join(dev.dir, "session-secret");
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, "utf8").trim();
    expect(secret).toMatch(/^[\w-]{43}$/);
  });
});
