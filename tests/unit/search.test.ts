import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CAMPUSES } from "~/models/campuses.server";
import { searchPeople, searchPosts, searchTerms } from "~/models/search.server";
import { insertUser } from "~/models/users.server";
import { dbClient, getDb, newId, schema } from "~/services/db.server";
import { ftsQuery } from "~/services/dialect/sqlite/search.server";

const onSqlite = dbClient().dialect === "sqlite";

const TZ = "America/Chicago";
let ouUser = "";
let utUser = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  ouUser = (await insertUser({ campusId: "ou", firstName: "Avery", lastName: "L.", username: "averyl-ou", email: "avery@ou.edu" })).id;
  utUser = (await insertUser({ campusId: "ut", firstName: "Riley", lastName: "O.", username: "rileyo-ut", email: "riley@utexas.edu" })).id;
});

async function post(opts: { campusId?: string; authorId?: string; text: string[]; category?: string | null; parentId?: string }) {
  const id = newId();
  await getDb()
    .insert(schema.posts)
    .values({
      id,
      campusId: opts.campusId ?? "ou",
      authorId: opts.authorId ?? ouUser,
      text: opts.text.map((text) => ({ text })),
      category: opts.category ?? null,
      parentId: opts.parentId ?? null,
      rootId: opts.parentId ?? null,
    });
  return id;
}

const ids = async (query: string, campusId = "ou") => (await searchPosts({ campusId, query, timeZone: TZ })).posts.map((p) => p.id);

describe("the posts index follows every write", () => {
  it("finds a new post by a word of any block, or by its category", async () => {
    const id = await post({ text: ["Selling a mini fridge", "Works great, pick up at Couch dorm"], category: "household" });
    expect(await ids("fridge")).toEqual([id]);
    expect(await ids("couch dorm")).toEqual([id]);
    expect(await ids("HOUSEHOLD")).toEqual([id]);
  });

  it("follows an edit of the text and of the category", async () => {
    const id = await post({ text: ["Calculus textbook for sale"], category: "books movies & music" });
    expect(await ids("calculus")).toEqual([id]);
    await getDb().update(schema.posts).set({ text: [{ text: "Chemistry textbook for sale" }], category: "school supplies" }).where(eq(schema.posts.id, id));
    expect(await ids("calculus")).toEqual([]);
    expect(await ids("chemistry")).toEqual([id]);
    expect(await ids("movies")).toEqual([]);
    expect(await ids("supplies")).toEqual([id]);
  });

  it("drops a post when it is deleted, or marked deleted", async () => {
    const gone = await post({ text: ["Bicycle helmet, barely used"] });
    const tomb = await post({ text: ["Bicycle lock with two keys"] });
    expect((await ids("bicycle")).sort()).toEqual([gone, tomb].sort());
    await getDb().delete(schema.posts).where(eq(schema.posts.id, gone));
    await getDb().update(schema.posts).set({ deletedAt: Date.now() }).where(eq(schema.posts.id, tomb));
    expect(await ids("bicycle")).toEqual([]);
    // FTS5 keeps a key row per indexed post, Postgres a post_search row: none is left behind.
    const keys = onSqlite ? sql`post_search_keys` : sql`post_search`;
    const [left] = await getDb().select({ n: count() }).from(keys).where(sql`post_id in (${gone}, ${tomb})`);
    expect(left!.n).toBe(0);
  });

  it("keeps like counts and activity updates out of the index's way", async () => {
    const id = await post({ text: ["Desk lamp, eight dollars"] });
    await getDb().update(schema.posts).set({ likeCount: 3, lastActivityAt: Date.now() }).where(eq(schema.posts.id, id));
    expect(await ids("lamp")).toEqual([id]);
  });

  it("does not index comments", async () => {
    const parent = await post({ text: ["Guitar for sale"] });
    await post({ text: ["Is the ukulele still available?"], parentId: parent });
    expect(await ids("ukulele")).toEqual([]);
  });
});

describe("searchPosts", () => {
  it("never returns another campus's posts", async () => {
    const ou = await post({ text: ["Season football tickets"] });
    await post({ campusId: "ut", authorId: utUser, text: ["Season football tickets, UT side"] });
    expect(await ids("football")).toEqual([ou]);
    expect(await ids("football", "ut")).toHaveLength(1);
    expect(await ids("football", "smu")).toEqual([]);
  });

  it("ranks the better match first and matches the last word as a prefix", async () => {
    const weak = await post({ text: ["Moving sale: lamp, rack, and a keyboard stand among many other household odds and ends"] });
    const strong = await post({ text: ["Keyboard keyboard: mechanical keyboard"] });
    expect(await ids("keyboard")).toEqual([strong, weak]);
    expect(await ids("mechanical keyb")).toEqual([strong]);
  });

  it("returns a post card with author, text and time", async () => {
    const id = await post({ text: ["Rare vinyl records", "Second line"], category: "collectibles & art" });
    const [card] = (await searchPosts({ campusId: "ou", query: "vinyl", timeZone: TZ })).posts;
    expect(card).toMatchObject({
      id,
      text: [{ text: "Rare vinyl records" }, { text: "Second line" }],
      category: "collectibles & art",
      author: { username: "averyl-ou", displayName: "Avery L.", verified: false },
      media: [],
    });
    expect(card!.time.ago).toMatch(/^\d+ seconds? ago$/);
  });

  it("pages ten at a time", async () => {
    const made = await Promise.all(Array.from({ length: 23 }, (_, i) => post({ text: [`Scooter number ${i}`] })));
    const first = await searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ });
    expect(first.posts).toHaveLength(10);
    const second = await searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ, cursor: first.nextCursor });
    const third = await searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ, cursor: second.nextCursor });
    expect(third.posts).toHaveLength(3);
    expect(third.nextCursor).toBeNull();
    const all = [...first.posts, ...second.posts, ...third.posts].map((p) => p.id);
    expect(new Set(all)).toEqual(new Set(made));
  });

  it.each(['"foo AND (', "*", "NEAR(a b)", "a:b", "^start", '""', "AND OR NOT", "-", "(((", "x*y", "💥", " "])(
    "survives hostile input %j",
    async (query) => {
      await expect(searchPosts({ campusId: "ou", query, timeZone: TZ })).resolves.toMatchObject({ posts: expect.any(Array) });
      await expect(searchPeople({ query })).resolves.toMatchObject({ people: expect.any(Array) });
    },
  );

  it("treats operator words as words", async () => {
    const id = await post({ text: ["Salt and pepper shakers"] });
    expect(await ids("salt AND")).toEqual([id]);
    expect(await ids("pepper OR nothing")).toEqual([]);
  });

  it.skipIf(!onSqlite)("uses the FTS index rather than scanning posts", async () => {
    const details = await dbClient().explain(
      sql`select p.id from posts_fts join post_search_keys k on k.id = posts_fts.rowid
          join posts p on p.id = k.post_id where posts_fts match ${'"x"'} and p.campus_id = ${"ou"}`,
    );
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).not.toMatch(/SCAN p\b/);
  });
});

describe("searchTerms", () => {
  it("drops quotes and words without letters or digits, and makes the last term a prefix", () => {
    expect(searchTerms('mini "fridge')).toEqual([
      { text: "mini", prefix: false },
      { text: "fridge", prefix: true },
    ]);
    expect(searchTerms("a")).toEqual([{ text: "a", prefix: false }]);
    expect(searchTerms("(( * ))")).toBeNull();
    expect(searchTerms(null)).toBeNull();
    expect(searchTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(8);
  });

  it("become an FTS5 query of quoted terms on SQLite", () => {
    expect(ftsQuery(searchTerms('mini "fridge')!)).toBe('"mini" "fridge"*');
    expect(ftsQuery(searchTerms("NEAR(a AND bc)")!)).toBe('"NEAR(a" "AND" "bc)"*');
  });
});

describe("searchPeople", () => {
  it("finds people by first name, username or a prefix, and follows renames", async () => {
    expect((await searchPeople({ query: "avery" })).people.map((p) => p.username)).toEqual(["averyl-ou"]);
    expect((await searchPeople({ query: "rileyo-ut" })).people.map((p) => p.username)).toEqual(["rileyo-ut"]);
    expect((await searchPeople({ query: "ril" })).people.map((p) => p.username)).toEqual(["rileyo-ut"]);
    await getDb().update(schema.users).set({ firstName: "Jordan", username: "jordano-ut" }).where(eq(schema.users.id, utUser));
    expect((await searchPeople({ query: "riley" })).people).toEqual([]);
    expect((await searchPeople({ query: "jordan" })).people.map((p) => p.displayName)).toEqual(["Jordan O."]);
  });

  it("can be limited to one campus", async () => {
    expect((await searchPeople({ query: "jordan", campusId: "ou" })).people).toEqual([]);
    expect((await searchPeople({ query: "jordan", campusId: "ut" })).people).toHaveLength(1);
  });

  it("forgets a deleted user", async () => {
    const id = (await insertUser({ campusId: "ou", firstName: "Temporary", lastName: "T.", username: "temp-user", email: "t@x.com" })).id;
    expect((await searchPeople({ query: "temporary" })).people).toHaveLength(1);
    await getDb().delete(schema.users).where(eq(schema.users.id, id));
    expect((await searchPeople({ query: "temporary" })).people).toEqual([]);
    if (onSqlite) {
      const [left] = await getDb().select({ n: count() }).from(sql`user_search_keys`).where(sql`user_id = ${id}`);
      expect(left!.n).toBe(0);
    }
  });
});
