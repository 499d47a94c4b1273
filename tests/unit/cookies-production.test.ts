// Cookie flags in production with an https site (docs/product.md §23): Secure and
// the __Host- prefix (Path=/, no Domain) on every cookie we set; a cookie planted
// under the plain name is not read.
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NODE_ENV = "production";
  process.env.PUBLIC_URL = "https://oubuysell.example";
  process.env.SESSION_SECRET = "production-test-secret";
});

import { createAccount } from "~/models/accounts.server";
import { alertCookie, readAlert } from "~/services/alerts.server";
import { requestMagicLink } from "~/http/auth.server";
import { config } from "~/services/config.server";
import { createSessionCookie, getUserId } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

let userId: string;
beforeAll(async () => {
  await seed({ demo: false });
  userId = (await createAccount({ email: "prod-cookie@example.com", firstName: "Prod", lastName: "Cookie", campusId: "ou", verified: true })).id;
});

describe("production over https", () => {
  it("runs with the production settings", async () => {
    expect(config().production).toBe(true);
  });

  it("the session cookie is __Host-session, Secure, Path=/, no Domain; the plain name is ignored", async () => {
    const request = new Request("https://oubuysell.example/login", { method: "POST" });
    const session = await createSessionCookie(request, userId);
    expect(session).toMatch(/^__Host-session=/);
    expect(session).toMatch(/Path=\//);
    expect(session).toMatch(/; Secure/);
    expect(session).not.toMatch(/Domain=/i);
    const value = session.split(";")[0]!.slice("__Host-session=".length);
    const home = (cookie: string) => new Request("https://oubuysell.example/home", { headers: { Cookie: cookie } });
    expect(await getUserId(home(`__Host-session=${value}`))).toBe(userId);
    expect(await getUserId(home(`__session=${value}`))).toBeNull();
  });

  it("the alert and sign-in flow cookies too", async () => {
    const request = new Request("https://oubuysell.example/login", { method: "POST" });
    const alert = await alertCookie(request, { type: "okay", message: "Email sent." });
    expect(alert).toMatch(/^__Host-alert=.*; Secure/);
    const read = await readAlert(new Request("https://oubuysell.example/home", { headers: { Cookie: alert.split(";")[0]! } }));
    expect(read.alert?.message).toBe("Email sent.");
    const sent = await requestMagicLink(request, "127.0.0.1", { email: "prod-cookie@example.com" });
    expect(sent.ok && sent.setCookie).toMatch(/^__Host-auth=.*; Secure/);
  });

  it("a request that reached the server over http is answered with Secure cookies all the same (PUBLIC_URL is https)", async () => {
    const session = await createSessionCookie(new Request("http://oubuysell.example/login", { method: "POST" }), userId);
    expect(session).toMatch(/^__Host-session=.*; Secure/);
  });
});
