// Wanted posts (docs/product.md §7): the composer's schema, what is stored,
// the Show filter (For sale / Wanted / Everything), expiry, and the alerts
// they give their author through the saved-search matching: by course, by
// ISBN (either form), by words; never across campuses, for one's own listing,
// behind a block, or for a Wanted post expired, hidden, found or deleted; one
// notification per Wanted post and listing.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { seed } from "~/flows/seed.server";
import { matchQueuedListings, sendDueAlertEmails } from "~/flows/saved-search-alerts.server";
import { wantedOf } from "~/flows/post-submission.server";
import { blockUser } from "~/models/blocks.server";
import { renewListing, setListingStatus } from "~/models/listings.server";
import { createPost, deletePost, getFeedPage, getPost, isExpired, updatePost, type ListingFields } from "~/models/posts.server";
import { toggleLike } from "~/models/likes.server";
import { getSavedPage } from "~/models/saved-items.server";
import { getSavedSearch, listSavedSearches, matchNewListing, reindexSavedSearchTerms, stopSearchAlerts } from "~/models/saved-searches.server";
import { insertUser, type User } from "~/models/users.server";
import { wantedSchema } from "~/schemas/post";
import { getDb, schema } from "~/services/db.server";
import { activeFilterCount, readFeedFilters } from "~/utils/feed-filters";
import { parseWithSchema } from "~/utils/form";
import { INVALID_COURSE } from "~/utils/course-codes";
import { INVALID_ISBN } from "~/utils/isbn";
import { PRICE_FORMAT } from "~/utils/price";
import { EMPTY_POST } from "~/utils/limits";
import { wantedNotice, wantedWords } from "~/utils/wanted";

const BASE = "http://localhost:3000";
let n = 0;
function student(campusId = "ou"): Promise<User> {
  n++;
  return insertUser({ campusId, firstName: `W${n}`, lastName: "T.", username: `wanted-${n}`, email: `wanted${n}@ou.edu`, verified: true, schoolVerified: true });
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

/** A Wanted post as the composer sends it (through the schema and wantedOf). */
async function wanted(author: User, fields: Record<string, string>, campusId = "ou"): Promise<string> {
  const submission = parseWithSchema(form({ kind: "wanted", ...fields }), wantedSchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  const value = submission.value as { text?: string; category?: string; isbn?: string; courses?: string; budget: number | null };
  const { id } = await createPost({ authorId: author.id, campusId, blocks: [{ text: value.text ?? "" }], category: value.category ?? null, media: [], origin: BASE, wanted: wantedOf(value) });
  return id;
}

const listing = (l: Partial<ListingFields> = {}): ListingFields => ({ priceCents: 2500, isFree: false, priceTerms: null, condition: null, pickupSpot: null, ...l });
async function sell(author: User, text: string, l: Partial<ListingFields> = {}, opts: { category?: string; campusId?: string } = {}): Promise<string> {
  const { id } = await createPost({ authorId: author.id, campusId: opts.campusId ?? "ou", blocks: [{ text }], media: [], origin: BASE, category: opts.category ?? null, listing: listing(l) });
  return id;
}
const textbook = (author: User, text: string, extras: Partial<ListingFields>, campusId = "ou") => sell(author, text, extras, { category: "textbooks", campusId });

/** The Wanted posts a listing matched (one entry per criterion that matched). */
const matchedWanted = async (listingId: string) => (await matchNewListing(listingId)).map((m) => m.wantedPostId).filter(Boolean);
const notices = (user: User) => getDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, user.id), eq(schema.notifications.type, "saved search")));

beforeAll(async () => {
  await seed({ demo: false });
  await getDb().delete(schema.listingAlertJobs);
});

/**
 * The job runner's clock, a little after the posts just made: createPost's
 * timestamps never repeat, so a quick burst of posts runs a few milliseconds
 * ahead of Date.now(), and a job queued at such a time is not yet due then.
 */
const jobClock = () => Date.now() + 5_000;

describe("the Wanted composer's schema", () => {
  it("takes text, category, course codes, ISBN and an Up to $ budget; photos not needed", () => {
    const ok = parseWithSchema(form({ kind: "wanted", text: "Calc textbook", category: "textbooks", courses: "math2924, cs-1313", isbn: "0-306-40615-2", budget: "$40" }), wantedSchema);
    expect(ok.status).toBe("success");
    const value = ok.status === "success" ? (ok.value as { budget: number | null; courses?: string; isbn?: string }) : null;
    expect(value?.budget).toBe(4000);
    expect(wantedOf({ budget: value!.budget, courses: value!.courses, isbn: value!.isbn })).toEqual({ budgetCents: 4000, courseCodes: "MATH 2924,CS 1313", isbn: "9780306406157" });
    expect(parseWithSchema(form({ kind: "wanted", text: "A lamp" }), wantedSchema).status).toBe("success");
  });

  it("refuses a bad ISBN, a bad course, a bad budget and an empty post, with the listing's messages", () => {
    const errors = (fields: Record<string, string>) => {
      const s = parseWithSchema(form({ kind: "wanted", text: "x", ...fields }), wantedSchema);
      return s.status === "success" ? {} : s.error;
    };
    expect(errors({ isbn: "0-306-40615-3" })?.isbn).toEqual([INVALID_ISBN]);
    expect(errors({ courses: "calculus" })?.courses).toEqual([INVALID_COURSE]);
    expect(errors({ courses: "MATH 1, CS 1313" })?.courses).toEqual([INVALID_COURSE]);
    expect(errors({ budget: "forty" })?.budget).toEqual([PRICE_FORMAT]);
    expect(errors({ text: "" })?.text).toEqual([EMPTY_POST]);
  });

  it("matches on the words without the filler", () => {
    expect(wantedWords("Looking for a desk lamp, anyone?")).toBe("desk lamp");
    expect(wantedNotice("Desk lamp")).toBe("Someone posted what you wanted: Desk lamp");
  });
});

describe("stored and shown", () => {
  it("is not a listing: no price, its budget beside it, course codes and ISBN as a textbook's; it expires like a listing", async () => {
    const me = await student();
    const id = await wanted(me, { text: "Need STAT 2013 book", courses: "stat 2013", isbn: "9780201633610", budget: "35" });
    const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, id));
    expect(row).toMatchObject({ kind: "wanted", priceCents: null, wantedBudgetCents: 3500, courseCodes: "STAT 2013", isbn: "9780201633610" });
    const found = await getPost(id, "UTC", me.id);
    if (found.status !== "ok") throw new Error("missing");
    expect(found.post.price).toBeNull();
    expect(found.post.wanted).toEqual({ budget: "Up to $35" });
    expect(found.post.extras).toMatchObject({ courses: ["STAT 2013"], isbn: "978-0-201-63361-0" });
    expect(isExpired({ priceCents: null, kind: "wanted", lastActivityAt: Date.now() - 31 * 86_400_000 })).toBe(true);
    expect(isExpired({ priceCents: null, kind: null, lastActivityAt: Date.now() - 31 * 86_400_000 })).toBe(false);
  });

  it("on the saver's Saved page: the Wanted badge's budget, and Expired once it has expired", async () => {
    const author = await student();
    const saver = await student();
    const id = await wanted(author, { text: "Need a desk lamp", budget: "15" });
    await toggleLike({ userId: saver.id, type: "post", id, origin: BASE });
    const item = async () => (await getSavedPage({ userId: saver.id, timeZone: "UTC" })).items.find((i) => i.href === `/post/${id}`);
    expect(await item()).toMatchObject({ price: null, status: "available", expired: false, wanted: { budget: "Up to $15" } });
    await getDb().update(schema.posts).set({ lastActivityAt: Date.now() - 31 * 86_400_000 }).where(eq(schema.posts.id, id));
    expect(await item()).toMatchObject({ expired: true, wanted: { budget: "Up to $15" } });
    // A listing past its Must go by day is expired there too, as in the feed.
    const seller = await student();
    const desk = await sell(seller, "Desk, must go", {});
    await getDb().update(schema.posts).set({ mustGoBy: "2020-01-01" }).where(eq(schema.posts.id, desk));
    await toggleLike({ userId: saver.id, type: "post", id: desk, origin: BASE });
    expect((await getSavedPage({ userId: saver.id, timeZone: "UTC" })).items.find((i) => i.href === `/post/${desk}`)).toMatchObject({ expired: true, wanted: null });
  });

  it("filters the feed: For sale, Wanted, Everything (the default, not counted)", async () => {
    const campusId = "smu";
    const me = await student(campusId);
    const want = await wanted(me, { text: "Wanted: bike pump" }, campusId);
    const sale = await sell(me, "Bike pump for sale", {}, { campusId });
    const { id: social } = await createPost({ authorId: me.id, campusId, blocks: [{ text: "Hello campus" }], media: [], origin: BASE });
    const old = await wanted(me, { text: "Old wanted post" }, campusId);
    await getDb().update(schema.posts).set({ lastActivityAt: Date.now() - 31 * 86_400_000 }).where(eq(schema.posts.id, old));
    const ids = async (query: string) => {
      const { filters } = readFeedFilters(new URLSearchParams(query));
      return (await getFeedPage({ campusId, timeZone: "UTC", filters: { ...filters, hideSold: false }, authorId: me.id })).posts.map((p) => p.id);
    };
    expect(await ids("type=wanted")).toEqual([want]);
    expect(await ids("type=sale")).toEqual([sale]);
    expect((await ids("")).sort()).toEqual([want, sale, social].sort());
    expect((await ids("type=nonsense")).sort()).toEqual([want, sale, social].sort());
    expect(activeFilterCount(readFeedFilters(new URLSearchParams("type=wanted")).filters)).toBe(1);
    expect(activeFilterCount(readFeedFilters(new URLSearchParams("")).filters)).toBe(0);
    // The visible Course field: counted, normalised, a bad code refused beside the field.
    expect(readFeedFilters(new URLSearchParams("course=math-2924")).filters.course).toBe("MATH 2924");
    expect(activeFilterCount(readFeedFilters(new URLSearchParams("course=math2924&type=sale")).filters)).toBe(2);
    expect(readFeedFilters(new URLSearchParams("course=calculus")).errors.course).toBe(INVALID_COURSE);
    // Keyset paging is the feed's own: two pages of one.
    const { filters } = readFeedFilters(new URLSearchParams(""));
    const first = await getFeedPage({ campusId, timeZone: "UTC", filters: { ...filters, hideSold: false }, authorId: me.id, limit: 2 });
    const second = await getFeedPage({ campusId, timeZone: "UTC", filters: { ...filters, hideSold: false }, authorId: me.id, limit: 2, cursor: first.nextCursor });
    expect([...first.posts, ...second.posts].map((p) => p.id).sort()).toEqual([want, sale, social].sort());
  });
});

describe("alerts to a Wanted post's author", () => {
  it("matches a listing by course, by ISBN-10 or -13, or by all its words (OR); its searches are not the user's list", async () => {
    const buyer = await student();
    const seller = await student();
    const byCourse = await wanted(buyer, { text: "Anyone selling the book for this class?", courses: "Math-2924" });
    const byIsbn = await wanted(buyer, { text: "Looking for this one", isbn: "0-306-40615-2" });
    const byWords = await wanted(buyer, { text: "Looking for a desk lamp" });
    expect(await matchedWanted(await textbook(seller, "Calculus, 9th", { courseCodes: "MATH 2924" }))).toEqual([byCourse]);
    expect(await matchedWanted(await textbook(seller, "Some book", { isbn: "9780306406157" }))).toEqual([byIsbn]);
    expect(await matchedWanted(await sell(seller, "IKEA desk lamp, works"))).toEqual([byWords]);
    expect(await matchedWanted(await sell(seller, "Desk for sale"))).toEqual([]);
    expect(await matchedWanted(await textbook(seller, "Other class", { courseCodes: "MATH 1914", isbn: "9780131103627" }))).toEqual([]);
    expect(await listSavedSearches(buyer.id, "ou")).toEqual([]);
  });

  it("keeps its course and ISBN searches through a re-index of the terms (an upgrade of the words)", async () => {
    const buyer = await student();
    const seller = await student();
    const byCourse = await wanted(buyer, { text: "Need the reader for this class", courses: "PHIL 1013", isbn: "978-1-4028-9462-6" });
    await getDb().update(schema.savedSearches).set({ termsVersion: 1 }).where(eq(schema.savedSearches.wantedPostId, byCourse));
    expect(await reindexSavedSearchTerms()).toBeGreaterThanOrEqual(3);
    const terms = await getDb()
      .select({ term: schema.savedSearchTerms.term })
      .from(schema.savedSearchTerms)
      .innerJoin(schema.savedSearches, eq(schema.savedSearches.id, schema.savedSearchTerms.savedSearchId))
      .where(eq(schema.savedSearches.wantedPostId, byCourse));
    expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(["course:PHIL 1013", "isbn:9781402894626"]));
    expect(await matchedWanted(await textbook(seller, "Intro to philosophy reader", { courseCodes: "PHIL 1013" }))).toEqual([byCourse]);
    expect(await matchedWanted(await sell(seller, "Bike, barely used"))).toEqual([]);
    await deletePost(byCourse, buyer.id);
  });

  it("never across campuses, for the author's own listing, behind a block, nor for an expired, hidden, found or deleted Wanted post", async () => {
    const buyer = await student();
    const seller = await student();
    const ut = await student("ut");
    await wanted(buyer, { text: "x", courses: "CHEM 1315" });
    expect(await matchedWanted(await textbook(ut, "Chem book", { courseCodes: "CHEM 1315" }, "ut"))).toEqual([]);
    expect(await matchedWanted(await textbook(buyer, "My own chem book", { courseCodes: "CHEM 1315" }))).toEqual([]);
    const blocker = await student();
    await wanted(blocker, { text: "y", courses: "PHYS 2514" });
    await blockUser(blocker.id, seller.id);
    expect(await matchedWanted(await textbook(seller, "Physics", { courseCodes: "PHYS 2514" }))).toEqual([]);

    const w = await wanted(buyer, { text: "z", courses: "HIST 1483" });
    const l = await textbook(seller, "History", { courseCodes: "HIST 1483" });
    expect(await matchedWanted(l)).toEqual([w]);
    await getDb().update(schema.posts).set({ lastActivityAt: Date.now() - 31 * 86_400_000 }).where(eq(schema.posts.id, w));
    expect(await matchedWanted(l)).toEqual([]);
    await getDb().update(schema.posts).set({ lastActivityAt: Date.now(), hiddenAt: Date.now() }).where(eq(schema.posts.id, w));
    expect(await matchedWanted(l)).toEqual([]);
    await getDb().update(schema.posts).set({ hiddenAt: null }).where(eq(schema.posts.id, w));
    await setListingStatus({ postId: w, userId: buyer.id, status: "sold" }); // Found it
    expect(await matchedWanted(l)).toEqual([]);
    await setListingStatus({ postId: w, userId: buyer.id, status: "available" });
    expect(await matchedWanted(l)).toEqual([w]);
    await deletePost(w, buyer.id);
    expect(await matchedWanted(l)).toEqual([]);
    expect(await getDb().select().from(schema.savedSearches).where(eq(schema.savedSearches.wantedPostId, w))).toEqual([]);
  });

  it("notifies once per Wanted post and listing (in the app and by email), even when several criteria match and it is renewed", async () => {
    await getDb().delete(schema.listingAlertJobs);
    const buyer = await student();
    const seller = await student();
    const w = await wanted(buyer, { text: "Linear algebra book", courses: "MATH 3333", isbn: "0262033844" });
    const l = await textbook(seller, "Linear algebra book", { courseCodes: "MATH 3333", isbn: "9780262033848" });
    expect(await matchedWanted(l)).toEqual([w, w, w]);
    await matchQueuedListings("test", jobClock());
    const got = await notices(buyer);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ postId: l, message: "Someone posted what you wanted: Linear algebra book" });
    await getDb().update(schema.posts).set({ createdAt: Date.now() - 3 * 86_400_000 }).where(eq(schema.posts.id, l));
    await renewListing({ postId: l, userId: seller.id });
    await matchQueuedListings("test", jobClock());
    expect(await notices(buyer)).toHaveLength(1);
    await sendDueAlertEmails(jobClock());
    const mail = await getDb().select().from(schema.mail).where(eq(schema.mail.to, buyer.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Someone posted what you wanted: Linear algebra book");
    expect(mail[0]!.text).toContain(`/post/${l}`);
    // The email's stop link names the Wanted post and stops all its searches.
    const rows = await getDb().select().from(schema.savedSearches).where(eq(schema.savedSearches.wantedPostId, w));
    expect(rows).toHaveLength(3);
    expect(await getSavedSearch(buyer.id, rows[0]!.id)).toMatchObject({ description: "Wanted: Linear algebra book", href: `/post/${w}` });
    expect(await stopSearchAlerts(buyer.id, rows[0]!.id)).toBe(true);
    const after = await getDb().select().from(schema.savedSearches).where(eq(schema.savedSearches.wantedPostId, w));
    expect(after.map((r) => r.notify)).toEqual(["off", "off", "off"]);
  });

  it("follows an edit: new words, codes and ISBN replace the old", async () => {
    const buyer = await student();
    const seller = await student();
    const w = await wanted(buyer, { text: "Mini fridge" });
    await updatePost({ id: w, userId: buyer.id, blocks: [{ text: "Microwave" }], category: null, listing: listing(), wanted: { budgetCents: 3000, courseCodes: "ECON 1113", isbn: null }, media: [], added: [] });
    const [row] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, w));
    expect(row).toMatchObject({ kind: "wanted", priceCents: null, wantedBudgetCents: 3000, courseCodes: "ECON 1113" });
    expect(await matchedWanted(await sell(seller, "Mini fridge, cold"))).toEqual([]);
    expect(await matchedWanted(await sell(seller, "Microwave 700W"))).toEqual([w]);
    expect(await matchedWanted(await textbook(seller, "Econ", { courseCodes: "ECON 1113" }))).toEqual([w]);
  });
});
