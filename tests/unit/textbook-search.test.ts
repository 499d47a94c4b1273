// Search stems words and finds textbooks by course and ISBN, on the dialect under test.
import { beforeAll, describe, expect, it } from "vitest";
import { listingOf } from "~/flows/post-submission.server";
import { CAMPUSES } from "~/models/campuses.server";
import { createPost, getFeedPage } from "~/models/posts.server";
import { countSearchPosts, listingCodes, searchPosts } from "~/models/search.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { readFeedFilters } from "~/utils/feed-filters";

const TZ = "America/Chicago";
let author = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  author = (await insertUser({ campusId: "ou", firstName: "Tess", lastName: "B.", username: "tessb-ou", email: "tess@ou.edu" })).id;
});

async function listing(text: string, extras: { category?: string; isbn?: string; courses?: string } = {}) {
  const { id } = await createPost({
    authorId: author,
    campusId: "ou",
    blocks: [{ text }],
    category: extras.category ?? "furniture",
    listing: listingOf({ price: 2500, free: false, ...extras }),
    media: [],
    origin: "http://localhost",
  });
  return id;
}

const found = async (query: string) => (await searchPosts({ campusId: "ou", query, timeZone: TZ, viewerId: author })).posts.map((p) => p.id);

describe("textbook search", () => {
  let desk = "";
  let calculus = "";
  let other = "";
  beforeAll(async () => {
    desk = await listing("Sturdy desks from my dorm");
    other = await listing("Selling my calculus notes, MATH 2924 tutoring too", { category: "school supplies" });
    calculus = await listing("Calculus textbook, barely used", { category: "textbooks", isbn: "0-306-40615-2", courses: "math2924, Cs-1313" });
  });

  it("stems English words: desk finds desks, textbooks finds textbook", async () => {
    expect(await found("desk")).toEqual([desk]);
    expect(await found("textbooks")).toContain(calculus);
    expect(await found("desks")).toEqual([desk]);
  });

  it("finds a textbook by any typed form of its course, ranked first", async () => {
    for (const q of ["math2924", "MATH 2924", "Math-2924", "math 2924"]) {
      const ids = await found(q);
      expect(ids[0], q).toBe(calculus);
      // Words of a post's text still match the spelled-out forms, after the listing itself.
      if (q !== "math2924") expect(ids).toEqual([calculus, other]);
    }
    expect(await found("cs1313")).toEqual([calculus]);
  });

  it("finds a textbook by its ISBN-10 or ISBN-13, with or without hyphens", async () => {
    for (const q of ["0306406152", "0-306-40615-2", "9780306406157", "978-0-306-40615-7", "978 0 306 40615 7"]) expect(await found(q), q).toEqual([calculus]);
    expect(await found("0306406153")).toEqual([]);
    expect(listingCodes("calculus 0-306-40615-2")).toEqual({ query: "calculus 9780306406157", isbn: "9780306406157", course: null });
  });

  it("stores the codes normalised and shows them, and filters the feed by course", async () => {
    const [view] = (await searchPosts({ campusId: "ou", query: "9780306406157", timeZone: TZ })).posts;
    expect(view?.extras).toMatchObject({ isbn: "978-0-306-40615-7", courses: ["MATH 2924", "CS 1313"] });
    const filters = readFeedFilters(new URLSearchParams("course=math-2924")).filters;
    expect(filters.course).toBe("MATH 2924");
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ, filters })).posts.map((p) => p.id)).toEqual([calculus]);
    expect(await countSearchPosts({ campusId: "ou", query: "calculus", timeZone: TZ, viewerId: author })).toBe(2);
  });

  it("drops textbook details outside Textbooks", async () => {
    const id = await listing("A lamp", { isbn: "0306406152", courses: "math2924" });
    const [view] = (await searchPosts({ campusId: "ou", query: "lamp", timeZone: TZ })).posts;
    expect(view?.id).toBe(id);
    expect(view?.extras ?? null).toBeNull();
  });
});
