import { beforeAll, describe, expect, it } from "vitest";
import { checkToken, consumeCode, consumeToken, createVerification, MAX_CODE_ATTEMPTS, VERIFICATION_TTL_MS } from "~/models/verifications.server";
import { getDb, schema } from "~/services/db.server";
import { consume, isLimited, resetLimit } from "~/services/rate-limit.server";
import { seed } from "~/flows/seed.server";

beforeAll(async () => {
  await seed({ demo: false });
});

describe("one-time links and codes (item 14)", () => {
  it("expire within 15 minutes", async () => {
    expect(VERIFICATION_TTL_MS).toBeLessThanOrEqual(15 * 60_000);
    const now = Date.now();
    const v = await createVerification({ type: "reset", target: "a@example.com", now });
    expect((await checkToken("reset", v.token, now + VERIFICATION_TTL_MS - 1)).ok).toBe(true);
    expect(await consumeToken("reset", v.token, now + VERIFICATION_TTL_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("a link works once", async () => {
    const v = await createVerification({ type: "reset", target: "b@example.com" });
    expect((await consumeToken("reset", v.token)).ok).toBe(true);
    expect(await consumeToken("reset", v.token)).toEqual({ ok: false, reason: "used" });
  });

  it("a wrong, altered or foreign token fails; only hashes are stored", async () => {
    const v = await createVerification({ type: "reset", target: "c@example.com" });
    const [id, secret] = v.token.split(".");
    expect((await consumeToken("reset", `${id}.${secret!.slice(0, -1)}x`)).ok).toBe(false);
    expect((await consumeToken("magic-link", v.token)).ok).toBe(false);
    expect((await consumeToken("reset", "garbage")).ok).toBe(false);
    expect((await consumeToken("reset", null)).ok).toBe(false);
    const stored = JSON.stringify((await getDb().select().from(schema.verifications)));
    expect(stored).not.toContain(secret);
    expect((await consumeToken("reset", v.token)).ok).toBe(true);
  });

  it("a code works once, and only a few wrong tries are allowed", async () => {
    const v = await createVerification({ type: "signup", target: "d@example.com", withCode: true });
    expect(v.code).toMatch(/^\d{6}$/);
    const wrong = v.code === "000000" ? "111111" : "000000";
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) expect(await consumeCode("signup", "d@example.com", wrong)).toEqual({ ok: false, reason: "invalid" });
    expect(await consumeCode("signup", "d@example.com", wrong)).toEqual({ ok: false, reason: "too-many" });
    expect(await consumeCode("signup", "d@example.com", v.code!)).toEqual({ ok: false, reason: "too-many" });

    const w = await createVerification({ type: "signup", target: "d@example.com", withCode: true, replace: true });
    expect((await consumeCode("signup", "d@example.com", w.code!)).ok).toBe(true);
    expect((await consumeCode("signup", "d@example.com", w.code!)).ok).toBe(false);
  });

  it("an expired code is refused", async () => {
    const now = Date.now();
    const v = await createVerification({ type: "signup", target: "e@example.com", withCode: true, now: now - VERIFICATION_TTL_MS - 1 });
    expect(await consumeCode("signup", "e@example.com", v.code!, now)).toEqual({ ok: false, reason: "expired" });
  });

  it("a new code replaces the old one", async () => {
    const old = await createVerification({ type: "signup", target: "f@example.com", withCode: true });
    await createVerification({ type: "signup", target: "f@example.com", withCode: true, replace: true });
    expect(await checkToken("signup", old.token)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("abuse limits in the database (item 13)", () => {
  it("5 failures per account lock it; reset clears; limits are rows in rate_limits", async () => {
    for (let i = 0; i < 4; i++) expect((await consume("loginFailures", "user-x")).ok).toBe(true);
    expect(await isLimited("loginFailures", "user-x")).toBe(false);
    expect(await consume("loginFailures", "user-x")).toMatchObject({ ok: true, remaining: 0 });
    expect(await isLimited("loginFailures", "user-x")).toBe(true);
    expect((await consume("loginFailures", "user-x")).ok).toBe(false);
    const rows = (await getDb().select().from(schema.rateLimits));
    expect(rows.some((r) => r.key === "loginFailures:user-x")).toBe(true);
    await resetLimit("loginFailures", "user-x");
    expect(await isLimited("loginFailures", "user-x")).toBe(false);
  });

  it("an IP gets at least 500 sign-in attempts an hour", async () => {
    for (let i = 0; i < 500; i++) expect((await consume("loginIp", "10.0.0.1")).ok).toBe(true);
    expect((await consume("loginIp", "10.0.0.1")).ok).toBe(false);
    expect((await consume("loginIp", "10.0.0.2")).ok).toBe(true);
  });

  it("an address gets 5 emails per 15 minutes", async () => {
    for (let i = 0; i < 5; i++) expect((await consume("emailAddress", "g@example.com")).ok).toBe(true);
    expect((await consume("emailAddress", "g@example.com")).ok).toBe(false);
  });
});
