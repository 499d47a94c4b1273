import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sendMail } from "~/models/mail.server";
import { config } from "~/services/config.server";
import { createDbClient, getDb, schema } from "~/services/db.server";
import {
  backoffDelay,
  createMailWorker,
  htmlDocument,
  type MailSender,
  type SendResult,
} from "~/services/mail-worker.server";

const db = () => getDb();
const row = async (id: string) => (await db().select().from(schema.mail).where(eq(schema.mail.id, id)))[0]!;

async function queue(n: number, prefix = "user"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await sendMail({
      to: `${prefix}${i}@example.com`,
      subject: `Hello ${i}`,
      html: `<p>Hello ${i}</p>`,
      text: `Hello ${i}`,
      kind: "test",
      }),
    );
  }
  return ids;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  await db().delete(schema.mail);
});

describe("backoffDelay", () => {
  it("doubles from the base up to the cap", async () => {
    const opts = { baseMs: 60_000, maxMs: 3_600_000 };
    const schedule = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, opts, () => 0));
    expect(schedule).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
  });

  it("adds at most 10 % jitter", async () => {
    const opts = { baseMs: 1_000, maxMs: 60_000 };
    expect(backoffDelay(3, opts, () => 0.999999)).toBeLessThanOrEqual(4_400);
    expect(backoffDelay(3, opts, () => 0.5)).toBe(4_200);
    expect(backoffDelay(50, opts, () => 0)).toBe(60_000);
  });
});

describe("claiming", () => {
  it("two workers on separate connections never send the same row", async () => {
    const ids = await queue(40);
    // A second client of the same database: another connection (SQLite) or pool (Postgres).
    const other = createDbClient(config().database);
    const sends: { worker: string; id: string }[] = [];
    const sender =
      (worker: string): MailSender =>
      async (m) => {
        sends.push({ worker, id: m.id });
        await sleep(Math.random() * 3);
        return { ok: true, providerId: `p-${m.id}` };
      };
    const a = createMailWorker({ send: sender("a"), workerId: "a", batchSize: 5 });
    const b = createMailWorker({ send: sender("b"), workerId: "b", batchSize: 5, client: other });
    try {
      for (;;) {
        const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
        if (ra.claimed + rb.claimed === 0) break;
      }
    } finally {
      await other.close();
    }
    expect(sends).toHaveLength(40);
    expect(new Set(sends.map((s) => s.id))).toEqual(new Set(ids));
    expect(sends.some((s) => s.worker === "a")).toBe(true);
    expect(sends.some((s) => s.worker === "b")).toBe(true);
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ status: "sent", providerId: `p-${id}`, attempts: 1, claimedBy: null });
    }
  });

  it("a crashed worker's rows are taken over once its lease runs out, and its late answer changes nothing", async () => {
    const [id] = await queue(1);
    let t = Date.now() + 1_000; // after the queue time, whichever way the database rounded it
    let finishA: (r: SendResult) => void = () => {};
    let sendingA = () => {};
    const aSends = new Promise<void>((resolve) => (sendingA = resolve));
    const a = createMailWorker({
      workerId: "a",
      leaseMs: 60_000,
      now: () => t,
      send: () => {
        sendingA();
        return new Promise<SendResult>((resolve) => (finishA = resolve));
      },
    });
    const sentByB: string[] = [];
    const b = createMailWorker({
      workerId: "b",
      leaseMs: 60_000,
      now: () => t,
      send: async (m) => {
        sentByB.push(m.id);
        return { ok: true, providerId: "from-b" };
      },
    });
    const stuck = a.runOnce(); // claims the row, then never hears back
    await aSends;
    expect(await row(id!)).toMatchObject({ status: "sending", claimedBy: "a", attempts: 1 });

    t += 59_000;
    expect((await b.runOnce()).claimed).toBe(0);
    t += 2_000;
    expect(await b.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sentByB).toEqual([id]);

    finishA({ ok: true, providerId: "from-a" });
    await stuck;
    expect(await row(id!)).toMatchObject({ status: "sent", providerId: "from-b", attempts: 2 });
  });

  it("a row whose lease runs out on its last try is marked failed, not sent again", async () => {
    const [id] = await queue(1);
    let t = Date.now() + 1_000;
    let sendingA = () => {};
    const aSends = new Promise<void>((resolve) => (sendingA = resolve));
    const a = createMailWorker({
      workerId: "a",
      maxAttempts: 1,
      leaseMs: 1_000,
      now: () => t,
      send: () => {
        sendingA();
        return new Promise(() => {});
      },
    });
    void a.runOnce(); // never settles: the worker died mid-send
    await aSends;
    t += 2_000;
    let calls = 0;
    const b = createMailWorker({
      workerId: "b",
      maxAttempts: 1,
      leaseMs: 1_000,
      now: () => t,
      send: async () => {
        calls++;
        return { ok: true, providerId: "x" };
      },
    });
    expect((await b.runOnce()).claimed).toBe(0);
    expect(calls).toBe(0);
    expect(await row(id!)).toMatchObject({ status: "failed", lastError: "Delivery was interrupted too many times." });
  });
});

describe("retries", () => {
  it("backs off after each failure and marks the row failed after the last try", async () => {
    const [id] = await queue(1);
    let t = Date.now() + 1_000;
    let calls = 0;
    const w = createMailWorker({
      workerId: "w",
      maxAttempts: 3,
      backoff: { baseMs: 1_000, maxMs: 10_000 },
      random: () => 0,
      now: () => t,
      log: () => {},
      send: async () => {
        calls++;
        return { ok: false, error: "500: boom", retryable: true };
      },
    });

    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await row(id!)).toMatchObject({ status: "queued", attempts: 1, nextAttemptAt: t + 1_000, lastError: "500: boom" });

    t += 999; // not due yet
    expect((await w.runOnce()).claimed).toBe(0);
    t += 1;
    expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await row(id!)).toMatchObject({ status: "queued", attempts: 2, nextAttemptAt: t + 2_000 });

    t += 2_000;
    expect(await w.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(id!)).toMatchObject({ status: "failed", attempts: 3, lastError: "500: boom", claimedBy: null });

    t += 1_000_000;
    expect((await w.runOnce()).claimed).toBe(0);
    expect(calls).toBe(3);
  });

  it("gives up at once on an error that cannot succeed later", async () => {
    const [id] = await queue(1);
    const w = createMailWorker({
      workerId: "w",
      log: () => {},
      send: async () => ({ ok: false, error: "422: Invalid `to` field", retryable: false }),
    });
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    expect(await row(id!)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("a thrown error is a retryable failure", async () => {
    const [id] = await queue(1);
    const w = createMailWorker({
      workerId: "w",
      send: async () => {
        throw new Error("socket hang up");
      },
    });
    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    expect((await row(id!)).lastError).toContain("socket hang up");
  });

  it("on a rate limit, hands the rest of the batch back untried", async () => {
    const ids = await queue(3);
    // A moment later than the rows' queue time (PostgreSQL rounds its clock to the millisecond, up or down).
    const t = Date.now() + 1_000;
    const w = createMailWorker({
      workerId: "w",
      now: () => t,
      random: () => 0,
      backoff: { baseMs: 1_000, maxMs: 10_000 },
      send: async () => ({ ok: false, error: "429: slow down", retryable: true, rateLimited: true, retryAfterMs: 5_000 }),
    });
    expect(await w.runOnce()).toMatchObject({ claimed: 3, retried: 1 });
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(["queued", "queued", "queued"]);
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 1]);
    for (const r of rows) expect(r.nextAttemptAt).toBe(t + 5_000);
  });
});

describe("htmlDocument", () => {
  it("wraps a fragment in a document with a language and a title", async () => {
    const doc = htmlDocument("New <comment>", "<p>Hi</p>");
    expect(doc).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(doc).toContain("<title>New &#60;comment&#62;</title>");
    expect(doc).toContain("<p>Hi</p>");
    expect(htmlDocument("x", "<!doctype html><html></html>")).toBe("<!doctype html><html></html>");
  });
});

describe("mail settings", () => {
  it("have working defaults and name a bad value", async () => {
    const { parseConfig } = await import("~/services/config.server");
    expect(parseConfig({}).mail).toEqual({
      from: "Campus BuySell <no-reply@campusbuysell.com>",
      maxAttempts: 6,
      retryBaseMs: 60_000,
    });
    expect(parseConfig({ MAIL_MAX_ATTEMPTS: "3", MAIL_RETRY_BASE_SECONDS: "5" }).mail).toMatchObject({
      maxAttempts: 3,
      retryBaseMs: 5_000,
    });
    expect(() => parseConfig({ MAIL_MAX_ATTEMPTS: "0" })).toThrow(/^Invalid configuration: MAIL_MAX_ATTEMPTS /);
    expect(() => parseConfig({ GEO_COUNTRY_HEADER: "CF IPCountry" })).toThrow(/^Invalid configuration: GEO_COUNTRY_HEADER /);
  });
});
