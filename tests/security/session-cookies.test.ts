// The session cookie against the running production build: a signature the
// server checked once is remembered per process (services/session.server),
// so a forged cookie sent after the real one, a second cookie of the name, an
// overlong or garbled value and a flood of distinct forgeries must each still
// be a visitor, never a 500, and the real cookie must stop working at logout.
import { expect, test } from "vitest";
import { postForm, rawRequest } from "./client";
import { signUp } from "./users";

const SESSION = /^(?:__Host-)?_*session=/;

/** What the account page answers this Cookie header: 200 signed in, a redirect to /login for a visitor. */
async function signedIn(cookie: string): Promise<boolean> {
  const res = await rawRequest("/settings/account", { headers: { Cookie: cookie } });
  expect(res.status).toBeLessThan(500);
  if (res.status === 302) expect(res.headers.location).toMatch(/^\/login\?redirect=/);
  return res.status === 200;
}

test("a remembered session cookie never vouches for a forged one, and ends at logout", async () => {
  const user = await signUp();
  const pairs = user.cookie.split(/;\s*/);
  const session = pairs.find((p) => SESSION.test(p))!;
  const others = pairs.filter((p) => p !== session).join("; ");
  const name = session.slice(0, session.indexOf("="));
  const value = session.slice(name.length + 1);

  expect(await signedIn(user.cookie)).toBe(true);
  expect(await signedIn(user.cookie)).toBe(true);
  // The real cookie was checked and remembered: each forgery is still checked, and refused, every time.
  const lastChanged = `${name}=${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`;
  for (const forged of [lastChanged, `${name}=${value}x`, `${name}=${"A".repeat(8000)}`, `${name}=%E0%A4%A`, `${name}=`]) {
    expect(await signedIn([others, forged].filter(Boolean).join("; "))).toBe(false);
    expect(await signedIn([others, forged].filter(Boolean).join("; "))).toBe(false);
  }
  // Two cookies of the name: the first counts, so a forged one in front wins nothing.
  expect(await signedIn([others, lastChanged, session].filter(Boolean).join("; "))).toBe(false);
  // A flood of distinct forgeries only pushes remembered cookies out: the real one still works.
  for (let i = 0; i < 300; i++) await rawRequest("/settings/account", { headers: { Cookie: `${name}=${value.slice(0, -8)}${String(i).padStart(8, "0")}` } });
  expect(await signedIn(user.cookie)).toBe(true);
  // Logged out, the remembered cookie is a visitor's.
  const out = await postForm("/logout", {}, { Cookie: user.cookie });
  expect(out.status).toBe(302);
  expect(await signedIn(user.cookie)).toBe(false);
});
