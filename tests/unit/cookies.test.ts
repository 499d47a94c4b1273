// Cookie flags (docs/product.md §23): one place decides, per request. Under plain
// http in development the cookies stay plain; over https they are Secure.
// (cookies-production.test.ts covers the __Host- prefix in production.)
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/models/accounts.server";
import { alertCookie } from "~/services/alerts.server";
import { requestMagicLink } from "~/http/auth.server";
import { cookiePolicy } from "~/services/cookies.server";
import { createSessionCookie, getUserId } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

let userId: string;
beforeAll(async () => {
  await seed({ demo: false });
  userId = (await createAccount({ email: "cookie@example.com", firstName: "Cookie", lastName: "Monster", campusId: "ou", verified: true })).id;
});

describe("cookiePolicy", () => {
  const dev = { production: false, publicUrl: undefined };
  const prodHttps = { production: true, publicUrl: "https://oubuysell.example" };
  const prodHttp = { production: true, publicUrl: "http://localhost:3000" };
  it.each([
    ["http dev", "http://localhost:3000/home", dev, { secure: false, hostPrefix: false }],
    ["https dev (e.g. a tunnel)", "https://localhost:3000/home", dev, { secure: true, hostPrefix: false }],
    ["https production", "https://oubuysell.example/home", prodHttps, { secure: true, hostPrefix: true }],
    ["production behind a proxy that does not say https, PUBLIC_URL https", "http://oubuysell.example/home", prodHttps, { secure: true, hostPrefix: true }],
    ["production over plain http (PUBLIC_URL http)", "http://localhost:3000/home", prodHttp, { secure: false, hostPrefix: false }],
    ["production, https request, PUBLIC_URL http", "https://localhost:3000/home", prodHttp, { secure: true, hostPrefix: true }],
  ])("%s", (_name, url, site, expected) => {
    expect(cookiePolicy(url, site)).toEqual(expected);
  });
});

describe("every cookie we set follows it (development)", () => {
  it("plain under http", async () => {
    const http = new Request("http://localhost:3000/login", { method: "POST" });
    const session = await createSessionCookie(http, userId);
    expect(session).toMatch(/^__session=/);
    expect(session).not.toMatch(/Secure/i);
    expect(session).toMatch(/Path=\/; HttpOnly; SameSite=Lax/);
    expect(await alertCookie(http, { type: "okay", message: "Hi" })).toMatch(/^__alert=(?!.*Secure)/);
    const sent = await requestMagicLink(http, "127.0.0.1", { email: "cookie@example.com" });
    expect(sent.ok && sent.setCookie).toMatch(/^__auth=(?!.*Secure)/);
  });

  it("Secure under https, and still read back", async () => {
    const https = new Request("https://localhost:3000/login", { method: "POST" });
    const session = await createSessionCookie(https, userId);
    expect(session).toMatch(/^__session=.*; Secure/);
    expect(session).not.toMatch(/Domain=/i);
    const pair = session.split(";")[0]!;
    expect(await getUserId(new Request("https://localhost:3000/home", { headers: { Cookie: pair } }))).toBe(userId);
    expect(await alertCookie(https, { type: "okay", message: "Hi" })).toMatch(/^__alert=.*; Secure/);
    const sent = await requestMagicLink(https, "127.0.0.1", { email: "cookie@example.com" });
    expect(sent.ok && sent.setCookie).toMatch(/^__auth=.*; Secure/);
  });
});
