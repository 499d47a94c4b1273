import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import {
  createSessionCookie,
  destroySessionCookie,
  endOtherSessions,
  getOptionalUser,
  getUserId,
  renewSession,
  requireUserId,
  SESSION_MAX_AGE_MS,
  SESSION_TTL_MS,
} from "~/services/session.server";
import { seed } from "~/flows/seed.server";

function requestWith(setCookie: string | null, path = "/home") {
  const headers = new Headers();
  if (setCookie) headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request(`http://localhost${path}`, { headers });
}

let userId: string;
beforeAll(async () => {
  await seed({ demo: false });
  userId = (await insertUser({ campusId: "ou", firstName: "Test", lastName: "U.", username: "testu", email: "testu@example.com", verified: true })).id;
});

describe("sessions (docs/product.md §3)", () => {
  it("a sign-in sets an httpOnly, SameSite=Lax cookie holding only a signed random id", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toContain(userId);
    expect(await getUserId(requestWith(setCookie))).toBe(userId);
    expect((await getOptionalUser(requestWith(setCookie)))?.username).toBe("testu");
  });

  it("a new id at every sign-in, of at least 128 random bits", async () => {
    const a = await createSessionCookie(new Request("http://localhost/"), userId);
    const b = await createSessionCookie(new Request("http://localhost/"), userId);
    expect(a).not.toBe(b);
    const row = (await getDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId)));
    expect(row.length).toBeGreaterThanOrEqual(2);
    // the stored id is a hash, never the cookie's value
    const cookieValue = decodeURIComponent(a.split(";")[0]!.split("=").slice(1).join("="));
    for (const r of row) expect(cookieValue).not.toContain(r.id);
  });

  it("a tampered or unknown cookie is a visitor", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    const tampered = setCookie.replace(/^__session=./, "__session=A");
    expect(await getUserId(requestWith(tampered))).toBeNull();
    expect(await getUserId(requestWith(null))).toBeNull();
  });

  it("a cookie whose signature was checked before is remembered, never a tampered one, nor a session that ended", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    const value = setCookie.split(";")[0]!;
    // The same cookie again (remembered), and beside other cookies, before or after them.
    expect(await getUserId(requestWith(setCookie))).toBe(userId);
    expect(await getUserId(requestWith(setCookie))).toBe(userId);
    const withHeader = (cookies: string) => new Request("http://localhost/home", { headers: { Cookie: cookies } });
    expect(await getUserId(withHeader(`theme=dark; ${value}`))).toBe(userId);
    // Its signature changed, after the real one was seen: still a visitor, every time.
    const forged = value.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await getUserId(requestWith(forged))).toBeNull();
    expect(await getUserId(requestWith(forged))).toBeNull();
    // The first of two cookies of the name counts, as the cookie parser reads it.
    expect(await getUserId(withHeader(`${forged}; ${value}`))).toBeNull();
    // A remembered cookie does not keep its session: once the row is gone, it is a visitor.
    await destroySessionCookie(requestWith(setCookie));
    expect(await getUserId(requestWith(setCookie))).toBeNull();
  });

  it("logging out deletes the row", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    const cleared = await destroySessionCookie(requestWith(setCookie));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await getUserId(requestWith(setCookie))).toBeNull();
  });

  it("an expired session is a visitor; a day-old one is renewed", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    const rows = await getDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
    const newest = rows.sort((x, y) => y.createdAt - x.createdAt)[0]!;
    expect(await renewSession(requestWith(setCookie))).toBeNull(); // fresh: nothing to do

    await getDb().update(schema.sessions).set({ expiresAt: Date.now() + SESSION_TTL_MS - 2 * 86_400_000 }).where(eq(schema.sessions.id, newest.id));
    expect(await renewSession(requestWith(setCookie))).toMatch(/^__session=/);
    const renewed = (await getDb().select().from(schema.sessions).where(eq(schema.sessions.id, newest.id)))[0]!;
    expect(renewed.expiresAt).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);

    await getDb().update(schema.sessions).set({ expiresAt: Date.now() - 1 }).where(eq(schema.sessions.id, newest.id));
    expect(await getUserId(requestWith(setCookie))).toBeNull();
  });

  it("requireUserId sends a visitor to /login with the page to come back to", async () => {
    const thrown = await requireUserId(requestWith(null, "/settings/account?x=1")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location")!;
    expect(location).toBe(`/login?redirect=${encodeURIComponent("/settings/account?x=1")}`);
  });

  it("ending the other sessions keeps this one", async () => {
    const mine = await createSessionCookie(new Request("http://localhost/"), userId);
    const other = await createSessionCookie(new Request("http://localhost/"), userId);
    await endOtherSessions(userId, requestWith(mine));
    expect(await getUserId(requestWith(mine))).toBe(userId);
    expect(await getUserId(requestWith(other))).toBeNull();
  });
});

describe("session lifetime: 30 days sliding, 90 days absolute", () => {
  afterEach(async () => {
    vi.useRealTimers();
  });

  it("a session used every few weeks still ends 90 days after the sign-in", async () => {
    const DAY = 86_400_000;
    const t0 = Date.UTC(2026, 0, 1, 12);
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    let renewed: string | null = null;
    for (const day of [25, 50, 75]) {
      vi.setSystemTime(t0 + day * DAY);
      expect(await getUserId(requestWith(setCookie)), `day ${day}`).toBe(userId);
      renewed = await renewSession(requestWith(setCookie));
      expect(renewed, `day ${day}`).toMatch(/^__session=/);
    }
    // On day 75 the cookie lives 15 more days, not 30.
    expect(renewed).toMatch(/Max-Age=1296000/);
    // Renewed on day 75, but never past day 90: the cookie and the row both stop there.
    const row = (await getDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId))).find((r) => r.createdAt === t0)!;
    expect(row.expiresAt).toBe(t0 + SESSION_MAX_AGE_MS);
    vi.setSystemTime(t0 + 80 * DAY);
    expect(await renewSession(requestWith(setCookie))).toBeNull();
    vi.setSystemTime(t0 + 90 * DAY - 60_000);
    expect(await getUserId(requestWith(setCookie))).toBe(userId);
    vi.setSystemTime(t0 + 90 * DAY + 1);
    expect(await getUserId(requestWith(setCookie))).toBeNull();
    expect(await renewSession(requestWith(setCookie))).toBeNull();
  });

  it("a row whose sliding expiry was pushed past 90 days is still refused (the absolute limit is checked on read)", async () => {
    const setCookie = await createSessionCookie(new Request("http://localhost/"), userId);
    const rows = (await getDb().select().from(schema.sessions).where(eq(schema.sessions.userId, userId)));
    const newest = rows.sort((x, y) => y.createdAt - x.createdAt)[0]!;
    await getDb()
      .update(schema.sessions)
      .set({ createdAt: Date.now() - SESSION_MAX_AGE_MS - 1, expiresAt: Date.now() + SESSION_TTL_MS })
      .where(eq(schema.sessions.id, newest.id));
    expect(await getUserId(requestWith(setCookie))).toBeNull();
  });
});
