import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CAMPUSES } from "~/models/campuses.server";
import { ftsQuery, searchPeople, searchPosts } from "~/models/search.server";
import { insertUser } from "~/models/users.server";
import { getDb, getSqlite, newId, schema } from "~/services/db.server";

const TZ = "America/Chicago";
let ouUser = "";
let utUser = "";

beforeAll(() => {
  getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing().run();
  ouUser = insertUser({ campusId: "ou", firstName: "Avery", lastName: "L.", username: "averyl-ou", email: "avery@ou.edu" }).id;
  utUser = insertUser({ campusId: "ut", firstName: "Riley", lastName: "O.", username: "rileyo-ut", email: "riley@utexas.edu" }).id;
});

function post(opts: { campusId?: string; authorId?: string; text: string[]; category?: string | null; parentId?: string }) {
  const id = newId();
  getDb()
    .insert(schema.posts)
    .values({
      id,
      campusId: opts.campusId ?? "ou",
      authorId: opts.authorId ?? ouUser,
      text: opts.text.map((text) => ({ text })),
      category: opts.category ?? null,
      parentId: opts.parentId ?? null,
      rootId: opts.parentId ?? null,
    })
    .run();
  return id;
}

const ids = (query: string, campusId = "ou") => searchPosts({ campusId, query, timeZone: TZ }).posts.map((p) => p.id);

describe("the posts index follows every write", () => {
  it("finds a new post by a word of any block, or by its category", () => {
    const id = post({ text: ["Selling a mini fridge", "Works great, pick up at Couch dorm"], category: "household" });
    expect(ids("fridge")).toEqual([id]);
    expect(ids("couch dorm")).toEqual([id]);
    expect(ids("HOUSEHOLD")).toEqual([id]);
  });

  it("follows an edit of the text and of the category", () => {
    const id = post({ text: ["Calculus textbook for sale"], category: "books movies & music" });
    expect(ids("calculus")).toEqual([id]);
    getDb().update(schema.posts).set({ text: [{ text: "Chemistry textbook for sale" }], category: "school supplies" }).where(eq(schema.posts.id, id)).run();
    expect(ids("calculus")).toEqual([]);
    expect(ids("chemistry")).toEqual([id]);
    expect(ids("movies")).toEqual([]);
    expect(ids("supplies")).toEqual([id]);
  });

  it("drops a post when it is deleted, or marked deleted", () => {
    const gone = post({ text: ["Bicycle helmet, barely used"] });
    const tomb = post({ text: ["Bicycle lock with two keys"] });
    expect(ids("bicycle").sort()).toEqual([gone, tomb].sort());
    getDb().delete(schema.posts).where(eq(schema.posts.id, gone)).run();
    getDb().update(schema.posts).set({ deletedAt: Date.now() }).where(eq(schema.posts.id, tomb)).run();
    expect(ids("bicycle")).toEqual([]);
    const left = getSqlite().prepare("select count(*) as n from post_search_keys where post_id in (?, ?)").get(gone, tomb) as { n: number };
    expect(left.n).toBe(0);
  });

  it("keeps like counts and activity updates out of the index's way", () => {
    const id = post({ text: ["Desk lamp, eight dollars"] });
    getDb().update(schema.posts).set({ likeCount: 3, lastActivityAt: Date.now() }).where(eq(schema.posts.id, id)).run();
    expect(ids("lamp")).toEqual([id]);
  });

  it("does not index comments", () => {
    const parent = post({ text: ["Guitar for sale"] });
    post({ text: ["Is the ukulele still available?"], parentId: parent });
    expect(ids("ukulele")).toEqual([]);
  });
});

describe("searchPosts", () => {
  it("never returns another campus's posts", () => {
    const ou = post({ text: ["Season football tickets"] });
    post({ campusId: "ut", authorId: utUser, text: ["Season football tickets, UT side"] });
    expect(ids("football")).toEqual([ou]);
    expect(ids("football", "ut")).toHaveLength(1);
    expect(ids("football", "smu")).toEqual([]);
  });

  it("ranks the better match first and matches the last word as a prefix", () => {
    const weak = post({ text: ["Moving sale: lamp, rack, and a keyboard stand among many other household odds and ends"] });
    const strong = post({ text: ["Keyboard keyboard: mechanical keyboard"] });
    expect(ids("keyboard")).toEqual([strong, weak]);
    expect(ids("mechanical keyb")).toEqual([strong]);
  });

  it("returns a post card with author, text and time", () => {
    const id = post({ text: ["Rare vinyl records", "Second line"], category: "collectibles & art" });
    const [card] = searchPosts({ campusId: "ou", query: "vinyl", timeZone: TZ }).posts;
    expect(card).toMatchObject({
      id,
      text: [{ text: "Rare vinyl records" }, { text: "Second line" }],
      category: "collectibles & art",
      author: { username: "averyl-ou", displayName: "Avery L.", verified: false },
      media: [],
    });
    expect(card!.time.ago).toMatch(/^\d+ seconds? ago$/);
  });

  it("pages ten at a time", () => {
    const made = Array.from({ length: 23 }, (_, i) => post({ text: [`Scooter number ${i}`] }));
    const first = searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ });
    expect(first.posts).toHaveLength(10);
    const second = searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ, cursor: first.nextCursor });
    const third = searchPosts({ campusId: "ou", query: "scooter", timeZone: TZ, cursor: second.nextCursor });
    expect(third.posts).toHaveLength(3);
    expect(third.nextCursor).toBeNull();
    const all = [...first.posts, ...second.posts, ...third.posts].map((p) => p.id);
    expect(new Set(all)).toEqual(new Set(made));
  });

  it.each(['"foo AND (', "*", "NEAR(a b)", "a:b", "^start", '""', "AND OR NOT", "-", "(((", "x*y", "💥", " "])(
    "survives hostile input %j",
    (query) => {
      expect(() => searchPosts({ campusId: "ou", query, timeZone: TZ })).not.toThrow();
      expect(() => searchPeople({ query })).not.toThrow();
    },
  );

  it("treats operator words as words", () => {
    const id = post({ text: ["Salt and pepper shakers"] });
    expect(ids("salt AND")).toEqual([id]);
    expect(ids("pepper OR nothing")).toEqual([]);
  });

  it("uses the index rather than scanning posts", () => {
    const plan = getSqlite()
      .prepare(
        `explain query plan select p.id from posts_fts join post_search_keys k on k.id = posts_fts.rowid
         join posts p on p.id = k.post_id where posts_fts match ? and p.campus_id = ?`,
      )
      .all('"x"', "ou") as { detail: string }[];
    const details = plan.map((r) => r.detail).join("\n");
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).not.toMatch(/SCAN p\b/);
  });
});

describe("ftsQuery", () => {
  it("quotes every term and prefixes the last", () => {
    expect(ftsQuery('mini "fridge')).toBe('"mini" "fridge"*');
    expect(ftsQuery("a")).toBe('"a"');
    expect(ftsQuery("(( * ))")).toBeNull();
    expect(ftsQuery(null)).toBeNull();
    expect(ftsQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))!.split(" ")).toHaveLength(8);
  });
});

describe("searchPeople", () => {
  it("finds people by first name, username or a prefix, and follows renames", () => {
    expect(searchPeople({ query: "avery" }).people.map((p) => p.username)).toEqual(["averyl-ou"]);
    expect(searchPeople({ query: "rileyo-ut" }).people.map((p) => p.username)).toEqual(["rileyo-ut"]);
    expect(searchPeople({ query: "ril" }).people.map((p) => p.username)).toEqual(["rileyo-ut"]);
    getDb().update(schema.users).set({ firstName: "Jordan", username: "jordano-ut" }).where(eq(schema.users.id, utUser)).run();
    expect(searchPeople({ query: "riley" }).people).toEqual([]);
    expect(searchPeople({ query: "jordan" }).people.map((p) => p.displayName)).toEqual(["Jordan O."]);
  });

  it("can be limited to one campus", () => {
    expect(searchPeople({ query: "jordan", campusId: "ou" }).people).toEqual([]);
    expect(searchPeople({ query: "jordan", campusId: "ut" }).people).toHaveLength(1);
  });

  it("forgets a deleted user", () => {
    const id = insertUser({ campusId: "ou", firstName: "Temporary", lastName: "T.", username: "temp-user", email: "t@x.com" }).id;
    expect(searchPeople({ query: "temporary" }).people).toHaveLength(1);
    getDb().delete(schema.users).where(eq(schema.users.id, id)).run();
    expect(searchPeople({ query: "temporary" }).people).toEqual([]);
    expect(getDb().get(sql`select count(*) as n from user_search_keys where user_id = ${id}`)).toEqual({ n: 0 });
  });
});
