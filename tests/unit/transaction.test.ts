// transaction() really is a transaction, on SQLite (one connection, an async
// lock) and on PostgreSQL (a pooled client, SERIALIZABLE): concurrent
// read-modify-writes keep their total, nothing from outside lands inside an
// open transaction, and a throw leaves nothing behind.
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consume } from "~/services/rate-limit.server";
import { dbClient, getDb, isUniqueViolation, schema, transaction } from "~/services/db.server";
import { MISUSED_DB } from "~/services/dialect/sqlite/client.server";

const { rateLimits, bannedEmails } = schema;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function counter(key: string): Promise<number> {
  const [row] = await getDb().select({ points: rateLimits.points }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.points ?? -1;
}

async function emails(prefix: string): Promise<string[]> {
  const rows = await getDb().select({ email: bannedEmails.email }).from(bannedEmails).where(like(bannedEmails.email, `${prefix}%`));
  return rows.map((r) => r.email).sort();
}

describe("transaction()", () => {
  it("two concurrent read-modify-writes with an await in the middle end with the right total", async () => {
    await getDb().insert(rateLimits).values({ key: "tx:counter", points: 0 });
    const bump = (times: number) =>
      transaction(async (tx) => {
        for (let i = 0; i < times; i++) {
          const [row] = await tx.select({ points: rateLimits.points }).from(rateLimits).where(eq(rateLimits.key, "tx:counter"));
          await sleep(5);
          await tx.update(rateLimits).set({ points: row!.points + 1 }).where(eq(rateLimits.key, "tx:counter"));
        }
      });
    await Promise.all([bump(3), bump(3)]);
    expect(await counter("tx:counter")).toBe(6);
  });

  it("a statement outside a transaction, issued while it is open, does not land inside it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const rolledBack = transaction(async (tx) => {
      await tx.insert(bannedEmails).values({ email: "tx-outside-a@example.com" });
      opened();
      await held;
      throw new Error("roll back");
    });
    await open;
    // Another request's statements while the transaction holds its connection.
    const outside = getDb().insert(bannedEmails).values({ email: "tx-outside-b@example.com" }).then(() => "done");
    const limit = consume("contactAddress", "tx-outside@example.com");
    await sleep(20);
    release();
    await expect(rolledBack).rejects.toThrow("roll back");
    expect(await outside).toBe("done");
    expect(await limit).toMatchObject({ ok: true });
    expect(await emails("tx-outside-")).toEqual(["tx-outside-b@example.com"]);
    expect(await counter("contactAddress:tx-outside@example.com")).toBe(1);
  });

  it("a transaction that throws leaves nothing behind, and returns the callback's value otherwise", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.insert(bannedEmails).values([{ email: "tx-throw-a@example.com" }, { email: "tx-throw-b@example.com" }]);
        await tx.update(rateLimits).set({ points: 1000 }).where(eq(rateLimits.key, "tx:counter"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await emails("tx-throw-")).toEqual([]);
    expect(await counter("tx:counter")).toBe(6);

    const value = await transaction(async (tx) => {
      await tx.insert(bannedEmails).values({ email: "tx-throw-kept@example.com" });
      return 42;
    });
    expect(value).toBe(42);
    expect(await emails("tx-throw-")).toEqual(["tx-throw-kept@example.com"]);
  });

  it("a failed statement rolls back the statements before it", async () => {
    const failed = await transaction(async (tx) => {
      await tx.insert(bannedEmails).values({ email: "tx-dup-new@example.com" });
      await tx.insert(bannedEmails).values({ email: "tx-throw-kept@example.com" }); // already there
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failed)).toBe(true);
    expect(isUniqueViolation(failed, { table: "banned_emails", column: "email" })).toBe(true);
    expect(isUniqueViolation(failed, { table: "users", column: "email" })).toBe(false);
    expect(await emails("tx-dup-")).toEqual([]);
  });

  it("a transaction inside another is a savepoint: its throw undoes only its own statements", async () => {
    await transaction(async (tx) => {
      await tx.insert(bannedEmails).values({ email: "tx-nest-outer@example.com" });
      await transaction(async (inner) => {
        await inner.insert(bannedEmails).values({ email: "tx-nest-inner@example.com" });
        throw new Error("inner fails");
      }).catch(() => {});
    });
    expect(await emails("tx-nest-")).toEqual(["tx-nest-outer@example.com"]);
  });

  it("many transactions and plain statements interleaved keep every count", async () => {
    await getDb().insert(rateLimits).values({ key: "tx:many", points: 0 });
    const add = () =>
      transaction(async (tx) => {
        const [row] = await tx.select({ points: rateLimits.points }).from(rateLimits).where(eq(rateLimits.key, "tx:many"));
        await tx.update(rateLimits).set({ points: row!.points + 1 }).where(eq(rateLimits.key, "tx:many"));
      });
    const reads = Array.from({ length: 10 }, () => counter("tx:many"));
    await Promise.all([...Array.from({ length: 10 }, add), ...reads]);
    expect(await counter("tx:many")).toBe(10);
    await getDb().delete(rateLimits).where(inArray(rateLimits.key, ["tx:many"]));
  });

  it.skipIf(dbClient().dialect !== "sqlite")(
    "on SQLite, a statement on the shared database inside a transaction callback fails instead of waiting for itself",
    async () => {
      const error = await transaction(async () => {
        await getDb().select().from(bannedEmails).limit(1);
      }).catch((e: unknown) => e);
      expect((error as Error).cause).toEqual(new Error(MISUSED_DB));
    },
  );
});
