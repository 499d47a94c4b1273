// Issue 10, rows 2 and 3 (and the cookie part of row 9), against the running
// production build: a burst of guesses at one account, and an address
// registered by someone else before its owner proved it.
import { expect, test } from "vitest";
import { startAppServer } from "../e2e/app-server";
import { cookiesOf, postForm, rawRequest, type RawResponse } from "./client";
import { mailedLink, register, uniqueEmail } from "./users";

const TOO_MANY =
  "Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.";

/** A session cookie (under whatever name the server gives it) in a Set-Cookie. */
function setsSession(res: RawResponse): boolean {
  return [res.headers["set-cookie"] ?? []].flat().some((c) => /^(?:__Host-)?_*session=[^;]+/.test(c));
}

function login(email: string, password: string) {
  return postForm("/login", { method: "password", email, password });
}

test("row 2: 20 wrong passwords and the right one in parallel: at most 5 are checked and the right one is refused", async () => {
  const email = uniqueEmail("ou.edu", "burst");
  const password = "the-right-one-1";
  const pending = await register(email, { password, name: "Vic Tim" });
  const verified = await rawRequest(await mailedLink(email, "/verify?token="), { headers: { Cookie: pending } });
  expect(verified.headers.location).toBe("/home");

  const wrong = Array.from({ length: 20 }, (_, i) => login(email, `wrong-guess-${i}`));
  // The right one leaves a moment later, while the wrong ones are still being hashed.
  await new Promise((r) => setTimeout(r, 150));
  const right = await login(email, password);
  const answers = await Promise.all(wrong);

  expect(right.status).toBe(429);
  expect(right.body).toContain(TOO_MANY);
  expect(setsSession(right)).toBe(false);
  for (const a of answers) expect(setsSession(a)).toBe(false);
  for (const a of [right, ...answers]) expect(a.status).not.toBe(500);
  // Four "Wrong password!" answers, the fifth checked one and every other refused with the lockout message (docs/product.md §3).
  expect(answers.filter((a) => a.status === 400 && a.body.includes("Wrong password!"))).toHaveLength(4);
  expect(answers.filter((a) => a.status === 429 && a.body.includes(TOO_MANY))).toHaveLength(16);

  // Still locked a moment later, for the right password too.
  const again = await login(email, password);
  expect(again.status).toBe(429);
  expect(setsSession(again)).toBe(false);
}, 120_000);

test("row 3: an attacker registers victim@… with P; the victim proves the address by magic link; P and the attacker's cookie are dead", async () => {
  const victim = uniqueEmail("ou.edu", "victim");
  const attacker = await register(victim, { password: "attacker-P-123", name: "Vic Tim" });

  // Before verification the attacker's session can open /verify and nothing of the account.
  expect((await rawRequest("/verify", { headers: { Cookie: attacker } })).status).toBe(200);
  const before = await rawRequest("/settings/account", { headers: { Cookie: attacker } });
  expect(before.status).toBe(302);
  expect(before.headers.location).toMatch(/^\/verify/);

  // The verification link, opened anywhere but the attacker's browser, verifies nothing.
  const signupLink = await mailedLink(victim, "/verify?token=");
  const elsewhere = await rawRequest(signupLink);
  expect(elsewhere.status).toBe(302);
  expect(elsewhere.headers.location).toMatch(/^\/login\?redirect=/);
  expect(setsSession(elsewhere)).toBe(false);

  // The victim signs in by magic link, in their own browser.
  const asked = await postForm("/login", { method: "noPassword", email: victim });
  expect(asked.status).toBe(302);
  const victimBrowser = cookiesOf(asked);
  const signedIn = await rawRequest(await mailedLink(victim, "/auth/magic?"), { headers: { Cookie: victimBrowser } });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.location).toBe("/home");
  const victimSession = cookiesOf(signedIn, victimBrowser);

  const withP = await login(victim, "attacker-P-123");
  expect(withP.status).toBe(400);
  expect(withP.body).toContain("Invalid login credentials.");
  expect(setsSession(withP)).toBe(false);

  const attackerNow = await rawRequest("/settings/account", { headers: { Cookie: attacker } });
  expect(attackerNow.status).toBe(302);
  expect(attackerNow.headers.location).toMatch(/^\/login\?redirect=/);
  const victimNow = await rawRequest("/settings/account", { headers: { Cookie: victimSession } });
  expect(victimNow.status).toBe(200);
  expect(victimNow.body).toContain(victim);

  // The sign-up link the attacker may still hold is dead too.
  const late = await rawRequest(signupLink, { headers: { Cookie: attacker } });
  expect(late.status).toBe(302);
  expect(late.headers.location).not.toBe("/home");
}, 120_000);

test("row 9 (cookies): plain over http in a local start; Secure with the __Host- prefix when the site is https", async () => {
  const plain = await rawRequest("/verify?token=not-a-token");
  const alert = [plain.headers["set-cookie"] ?? []].flat().find((c) => c.includes("alert="));
  expect(alert).toMatch(/^__alert=/);
  expect(alert).not.toMatch(/Secure/i);

  const https = await startAppServer({ PUBLIC_URL: "https://campus.example" });
  try {
    const res = await rawRequest("/verify?token=not-a-token", { base: https.url });
    const cookies = [res.headers["set-cookie"] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c).toMatch(/^__Host-/);
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/Path=\//);
      expect(c).not.toMatch(/Domain=/i);
    }
  } finally {
    await https.stop();
  }
}, 120_000);
