// What each dialect does its own way (app/services/dialect/*), tested through
// the shared interfaces so the same file runs in the SQLite and the PostgreSQL
// half: search, the mail outbox claim with two workers, unique violations and
// rate limits.
import { inArray, sql as drizzleSql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect } from "../../db/schema";
import { CAMPUSES } from "~/models/campuses.server";
import { searchPeople, searchPosts } from "~/models/search.server";
import { createDbClient, dbClient, getDb, isUniqueViolation, newId, schema, type DbClient } from "~/services/db.server";

const TZ = "America/Chicago";
let author = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  author = newId();
  await getDb().insert(schema.users).values({
    id: author,
    campusId: "ou",
    firstName: "Zoë",
    lastName: "Q.",
    username: "zoe-dialects",
    email: "zoe-dialects@ou.edu",
  });
});

async function post(text: string, campusId = "ou", category: string | null = null) {
  const id = newId();
  await getDb().insert(schema.posts).values({ id, campusId, authorId: author, text: [{ text }], category });
  return id;
}

const found = async (query: string, campusId = "ou") =>
  (await searchPosts({ campusId, query, timeZone: TZ })).posts.map((p) => p.id);

describe(`search on ${dialect}`, () => {
  it("finds a post by a word, a prefix, a category and a word written with accents", async () => {
    const id = await post("Vintage Café espresso machine, barely used", "ou", "household");
    expect(await found("espresso")).toEqual([id]);
    expect(await found("espr")).toEqual([id]);
    expect(await found("ESPRESSO MACH")).toEqual([id]);
    expect(await found("cafe")).toEqual([id]);
    expect(await found("café")).toEqual([id]);
    expect(await found("household")).toEqual([id]);
    expect(await found("espresso", "ut")).toEqual([]);
  });

  it("needs every word, and reads words joined by punctuation as FTS5 does", async () => {
    const id = await post("Router with e-mail support, model foo.bar-9 (see a@b.com)");
    expect(await found("router espresso")).toEqual([]);
    expect(await found("e-mail")).toEqual([id]);
    expect(await found("foo.bar")).toEqual([id]);
    expect(await found("a@b.com")).toEqual([id]);
  });

  it("finds people by first name without its accent, by username and by a prefix", async () => {
    const names = async (query: string) => (await searchPeople({ query })).people.map((p) => p.username);
    expect(await names("zoe")).toEqual(["zoe-dialects"]);
    expect(await names("Zoë")).toEqual(["zoe-dialects"]);
    expect(await names("zoe-dialects")).toEqual(["zoe-dialects"]);
    expect(await names("dialec")).toEqual(["zoe-dialects"]);
  });

  const hostile = [
    ["quotes", `"espresso" 'espresso' "unbalanced`],
    ["operators", "espresso & | ! <-> :* AND OR NOT NEAR( * ^ -x + ( ) { } [ ]"],
    ["tsquery syntax", "'a':* & !'b' | ('c' <-> 'd')"],
    ["backslashes", "\\ \\' \\\\ espresso\\"],
    ["a NUL byte", "espr\u0000esso"],
    ["only a NUL byte", "\u0000"],
    ["1,000 characters of punctuation", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".repeat(32).slice(0, 1000)],
    ["a 1,000-character word", "x".repeat(1000)],
    ["a lone surrogate", "\ud800espresso"],
    ["emoji and control characters", "💥 \u0007 \u001b[31m \u202e"],
  ] as const;

  it.each(hostile)("survives %s in a query", async (_, query) => {
    await expect(searchPosts({ campusId: "ou", query, timeZone: TZ })).resolves.toBeDefined();
    await expect(searchPeople({ query })).resolves.toBeDefined();
    await expect(searchPeople({ query, campusId: "ou" })).resolves.toBeDefined();
  });

  it("still finds the words around hostile characters", async () => {
    const id = await post("Standing desk and walnut top");
    expect(await found(`"walnut" AND`)).toEqual([id]);
    expect(await found("walnut OR nothing")).toEqual([]);
    expect(await found("walnut:*")).toEqual([id]);
    expect(await found("wal\u0000nut")).toEqual([]);
    expect(await found("'walnut'")).toEqual([id]);
  });

  it.runIf(dialect === "pg")("answers from the GIN indexes", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // A few rows make a sequential scan cheaper; ask whether the indexes can answer at all.
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      const plan = async (q: string) => JSON.stringify((await client.query(`explain ${q}`)).rows);
      expect(await plan("select post_id from post_search where document @@ to_tsquery('simple', 'desk:*') and campus_id = 'ou'")).toMatch(
        /post_search_document_idx/,
      );
      expect(await plan("select user_id from people_search where document @@ to_tsquery('simple', 'zoe')")).toMatch(/people_search_document_idx/);
      await client.query("rollback");
    } finally {
      await client.end();
    }
  });
});

describe(`the mail outbox on ${dialect}`, () => {
  let other: DbClient;
  beforeAll(() => {
    // A second client on the same database: another server process.
    other = createDbClient(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await other.close();
  });

  it("never gives one row to two workers claiming at the same time", async () => {
    const at = Date.now();
    const ids = Array.from({ length: 60 }, () => newId());
    await getDb()
      .insert(schema.mail)
      .values(ids.map((id, i) => ({ id, to: `w${i}@example.com`, subject: "s", html: "h", text: "t", kind: "test", nextAttemptAt: at - 1000 })));
    const claimedBy = new Map<string, string>();
    for (let round = 0; round < 10; round++) {
      const batches = await Promise.all(
        [dbClient(), other, dbClient(), other].map((client, w) =>
          client.outbox.claim({ workerId: `worker-${w % 2}-${round}`, at, leaseMs: 60_000, batchSize: 4 }),
        ),
      );
      for (const batch of batches) {
        expect(batch.length).toBeLessThanOrEqual(4);
        for (const row of batch) {
          expect(claimedBy.has(row.id), `${row.id} claimed twice`).toBe(false);
          claimedBy.set(row.id, row.claimedBy!);
          expect(row).toMatchObject({ status: "sending", attempts: 1, claimedAt: at });
        }
      }
    }
    expect([...claimedBy.keys()].sort()).toEqual([...ids].sort());
    const rows = await getDb().select().from(schema.mail).where(inArray(schema.mail.id, ids));
    for (const row of rows) expect(row.claimedBy).toBe(claimedBy.get(row.id));
  });

  it("hands a row whose lease ran out to the next worker, once", async () => {
    // Nothing else in the outbox is due.
    await getDb().update(schema.mail).set({ status: "sent" });
    const at = Date.now();
    const id = newId();
    await getDb().insert(schema.mail).values({ id, to: "lease@example.com", subject: "s", html: "h", text: "t", kind: "test", nextAttemptAt: at - 1000 });
    const [first] = await dbClient().outbox.claim({ workerId: "dies", at, leaseMs: 60_000, batchSize: 10 });
    expect(first?.id).toBe(id);
    expect(await other.outbox.claim({ workerId: "early", at: at + 1000, leaseMs: 60_000, batchSize: 10 })).toEqual([]);
    const later = at + 61_000;
    const [a, b] = await Promise.all([
      other.outbox.claim({ workerId: "next-1", at: later, leaseMs: 60_000, batchSize: 10 }),
      dbClient().outbox.claim({ workerId: "next-2", at: later, leaseMs: 60_000, batchSize: 10 }),
    ]);
    const taken = [...a!, ...b!];
    expect(taken.map((r) => r.id)).toEqual([id]);
    expect(taken[0]).toMatchObject({ attempts: 2, claimedAt: later });
  });
});

describe(`unique violations on ${dialect}`, () => {
  async function failure(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error("the write did not fail");
  }

  it("are recognised, with the table and column they hit", async () => {
    const dupUsername = await failure(() =>
      getDb().insert(schema.users).values({ id: newId(), campusId: "ou", firstName: "A", lastName: "B.", username: "zoe-dialects", email: "other@ou.edu" }),
    );
    expect(isUniqueViolation(dupUsername)).toBe(true);
    expect(isUniqueViolation(dupUsername, { table: "users", column: "username" })).toBe(true);
    expect(isUniqueViolation(dupUsername, { table: "users", column: "email" })).toBe(false);

    const dupEmail = await failure(() =>
      getDb().insert(schema.users).values({ id: newId(), campusId: "ou", firstName: "A", lastName: "B.", username: "someone-else", email: "zoe-dialects@ou.edu" }),
    );
    expect(isUniqueViolation(dupEmail, { table: "users", column: "email" })).toBe(true);
    expect(isUniqueViolation(dupEmail, { table: "users", column: "username" })).toBe(false);

    const dupKey = await failure(() =>
      getDb().insert(schema.users).values({ id: author, campusId: "ou", firstName: "A", lastName: "B.", username: "third", email: "third@ou.edu" }),
    );
    expect(isUniqueViolation(dupKey, { table: "users", column: "id" })).toBe(true);
  });

  it("are not confused with other failures", async () => {
    const missingCampus = await failure(() =>
      getDb().insert(schema.users).values({ id: newId(), campusId: "nowhere", firstName: "A", lastName: "B.", username: "fk-test", email: "fk@ou.edu" }),
    );
    expect(isUniqueViolation(missingCampus)).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: users.username"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe(`rate limits on ${dialect}`, () => {
  it("count across processes and refuse past the limit", async () => {
    const other = createDbClient(process.env.DATABASE_URL!);
    try {
      const opts = { keyPrefix: "dialect-test", points: 3, duration: 60 };
      const mine = dbClient().rateLimits.limiter(opts);
      const theirs = other.rateLimits.limiter(opts);
      await mine.consume("k");
      await theirs.consume("k");
      const third = await mine.consume("k");
      expect(third.remainingPoints).toBe(0);
      await expect(theirs.consume("k")).rejects.toMatchObject({ remainingPoints: 0 });
      const state = await theirs.get("k");
      expect(state?.consumedPoints).toBe(4);
      expect(state!.msBeforeNext).toBeGreaterThan(50_000);
      await mine.delete("k");
      expect(await theirs.get("k")).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe(`row limits on ${dialect}`, () => {
  // SQLite plans with a bound LIMIT's value and marks the statement to be
  // prepared again each time that parameter is bound, which is every run;
  // PostgreSQL, not knowing a bound LIMIT, costs a prepared statement's generic
  // plan as if a tenth of the rows were read and plans it anew on every run.
  // The patched dialects (.patches/drizzle-orm+*.patch) write a whole-number
  // LIMIT into the statement's text; a placeholder stays a parameter.
  it("writes a whole-number LIMIT into the statement, and still returns that many rows", async () => {
    const query = getDb().select({ id: schema.campuses.id }).from(schema.campuses).orderBy(schema.campuses.sortOrder).limit(2);
    const { sql, params } = query.toSQL();
    expect(sql).toMatch(/ limit 2$/);
    expect(params).toEqual([]);
    const bound = getDb().select({ id: schema.campuses.id }).from(schema.campuses).limit(drizzleSql.placeholder("n")).toSQL();
    expect(bound.sql).toMatch(dialect === "sqlite" ? / limit \?$/ : / limit \$1$/);
    // Only a whole number is ever written into the text; anything else stays a bound value.
    for (const odd of [1.5, Number.MAX_SAFE_INTEGER + 2]) {
      const kept = getDb().select({ id: schema.campuses.id }).from(schema.campuses).limit(odd).toSQL();
      expect([kept.sql.endsWith(` limit ${odd}`), kept.params]).toEqual([false, [odd]]);
    }
    expect((await query).map((c) => c.id)).toEqual(["campus", "ou"]);
    // A compound select's LIMIT goes the same way.
    const both = getDb().select({ id: schema.campuses.id }).from(schema.campuses).where(inArray(schema.campuses.id, ["ou", "ut"]))
      .union(getDb().select({ id: schema.campuses.id }).from(schema.campuses).where(inArray(schema.campuses.id, ["uf"])))
      .orderBy(schema.campuses.id)
      .limit(2);
    expect(both.toSQL().sql).toMatch(/ limit 2$/);
    expect((await both).map((c) => c.id)).toEqual(["ou", "uf"]);
  });
});

describe(`rows as selected on ${dialect}`, () => {
  // The patched drizzle (.patches/drizzle-orm+*.patch) works out once per list
  // of fields what each field is; pg's patch (.patches/pg+*.patch) reads array
  // rows without building an empty row object per statement. Rows stay as selected.
  it("nest fields, map SQL expressions, and give a left join's missing row as null, run after run", async () => {
    const listed = await post("Row shape: a desk lamp");
    const select = (postId: string) =>
      getDb()
        .select({
          id: schema.users.id,
          name: { first: schema.users.firstName, shout: drizzleSql<string>`${schema.users.firstName} || '!'` },
          two: drizzleSql`1 + 1`.mapWith(Number),
          post: { id: schema.posts.id, text: schema.posts.text, createdAt: schema.posts.createdAt },
        })
        .from(schema.users)
        .leftJoin(schema.posts, drizzleSql`${schema.posts.authorId} = ${schema.users.id} and ${schema.posts.id} = ${postId}`)
        .where(drizzleSql`${schema.users.id} = ${author}`);
    for (let run = 0; run < 3; run++) {
      const [found] = await select(listed);
      expect(found).toMatchObject({ id: author, name: { first: "Zoë", shout: "Zoë!" }, two: 2, post: { id: listed, text: [{ text: "Row shape: a desk lamp" }] } });
      expect(typeof found!.post!.createdAt).toBe("number");
      expect(await select("no-such-post")).toEqual([{ id: author, name: { first: "Zoë", shout: "Zoë!" }, two: 2, post: null }]);
    }
  });
});
