// Saved searches: how one is described, saved once, at most 25, changed and
// deleted by its owner only; and the tokeniser and digest clock they rely on.
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/flows/seed.server";
import { deleteSavedSearch, getSavedSearch, listSavedSearches, saveSearch, setSearchNotify } from "~/models/saved-searches.server";
import { insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { eq } from "drizzle-orm";
import { readFeedFilters } from "~/utils/feed-filters";
import { criteriaKey, describeSearch, lastDigestAt, MAX_SAVED_SEARCHES, savedSearchCriteria, searchHref } from "~/utils/saved-searches";
import { matchTerms, postTerms, searchWords } from "~/utils/search-words";

let n = 0;
function student(campusId = "ou"): Promise<User> {
  n++;
  return insertUser({ campusId, firstName: `S${n}`, lastName: "T.", username: `ss-${n}`, email: `ss${n}@ou.edu`, verified: true, schoolVerified: true });
}
const criteria = (q: string, params = "") => savedSearchCriteria(q, readFeedFilters(new URLSearchParams(params)).filters);

beforeAll(() => seed({ demo: false }));

describe("a saved search in words", () => {
  it("names the words and each filter, sort and hide-sold left out", () => {
    expect(describeSearch(criteria("Desk  LAMP", "max=20&free=on&sort=price-asc&sold=show"))).toBe("desk lamp · under $20 · Free only");
    expect(describeSearch(criteria("", "category=furniture&min=5&max=40&condition=like-new"))).toBe("Furniture · $5 to $40 · Like new");
    expect(describeSearch(criteria("bike", "min=100"))).toBe("bike · $100 and up");
    // Same words and filters, typed differently: one key.
    expect(criteriaKey(criteria("desk lamp", "max=20"))).toBe(criteriaKey(criteria(" Desk, lamp ", "max=20.00&sort=newest")));
    expect(searchHref(criteria("desk lamp", "max=20&free=on"))).toBe("/search?q=desk+lamp&max=20&free=on");
  });

  it("tokenises post text and search words with one function: lower case, NFKC, split on anything but letters and digits", () => {
    expect(searchWords("IKEA desk-lamp, ＬＥＤ (2 bulbs)")).toEqual(["ikea", "desk", "lamp", "led", "2", "bulbs"]);
    expect(matchTerms("desk lam")).toEqual([{ term: "desk", prefix: false }, { term: "lam", prefix: true }]);
    // A one-letter last word is exact; a repeated word once, exact wins.
    expect(matchTerms("lamp a")).toEqual([{ term: "lamp", prefix: false }, { term: "a", prefix: false }]);
    expect(matchTerms("lamp lamp")).toEqual([{ term: "lamp", prefix: false }]);
    // Stemmed as search stems: the words' stems, the last one's as a prefix; two forms of one word are one term.
    expect(matchTerms("desks textbooks")).toEqual([{ term: "desk", prefix: false }, { term: "textbook", prefix: true }]);
    expect(matchTerms("desk desks")).toEqual([{ term: "desk", prefix: false }]);
    const plural = postTerms("Desks, happy");
    expect(plural.words).toEqual(["desk", "happi"]);
    expect(plural.prefixes).toEqual(expect.arrayContaining(["desks", "desk", "happy", "happi"]));
    const { words, prefixes } = postTerms("Lamp a lamp");
    expect(words).toEqual(["lamp", "a"]);
    expect(prefixes.sort()).toEqual(["a", "la", "lam", "lamp"]);
  });

  it("finds the latest 8:00 in the campus's time zone, daylight saving included", () => {
    // 2026-07-01 14:00 UTC is 09:00 in Chicago (CDT, UTC-5): today's 8:00 is 13:00 UTC.
    expect(lastDigestAt(Date.UTC(2026, 6, 1, 14), "America/Chicago")).toBe(Date.UTC(2026, 6, 1, 13));
    // 12:30 UTC is 07:30 there: yesterday's.
    expect(lastDigestAt(Date.UTC(2026, 6, 1, 12, 30), "America/Chicago")).toBe(Date.UTC(2026, 5, 30, 13));
    // Winter (CST, UTC-6) and New York (EST, UTC-5).
    expect(lastDigestAt(Date.UTC(2026, 0, 15, 20), "America/Chicago")).toBe(Date.UTC(2026, 0, 15, 14));
    expect(lastDigestAt(Date.UTC(2026, 0, 15, 13), "America/New_York")).toBe(Date.UTC(2026, 0, 15, 13));
  });
});

describe("saving, listing, changing and deleting", () => {
  it("saves once, says when it is already saved, refuses an empty search and the 26th", async () => {
    const me = await student();
    const first = await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria("desk lamp", "max=20") });
    expect(first.ok).toBe(true);
    expect(await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria("Desk lamp", "max=20&sort=price-asc") })).toEqual({ ok: false, reason: "exists" });
    expect(await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria("", "sort=price-asc") })).toEqual({ ok: false, reason: "empty" });
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) expect((await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria(`thing ${i}`) })).ok).toBe(true);
    expect(await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria("one more") })).toEqual({ ok: false, reason: "limit" });
    const list = await listSavedSearches(me.id, "ou");
    expect(list).toHaveLength(MAX_SAVED_SEARCHES);
    expect(list.at(-1)).toMatchObject({ description: "desk lamp · under $20", notify: "instant" });
    // The index holds one row per word, the last a prefix (marked "*").
    const id = first.ok ? first.id : "";
    const terms = await getDb().select().from(schema.savedSearchTerms).where(eq(schema.savedSearchTerms.savedSearchId, id));
    expect(terms.map((t) => t.term).sort()).toEqual(["desk", "lamp*"]);
  });

  it("changes Notify me and deletes for the owner only; a stranger changes nothing", async () => {
    const me = await student();
    const stranger = await student();
    const saved = await saveSearch({ userId: me.id, campusId: "ou", criteria: criteria("bike") });
    if (!saved.ok) throw new Error("not saved");
    expect(await setSearchNotify(stranger.id, saved.id, "off")).toBe(false);
    expect(await deleteSavedSearch(stranger.id, saved.id)).toBe(false);
    expect((await getSavedSearch(me.id, saved.id))?.notify).toBe("instant");
    expect(await setSearchNotify(me.id, saved.id, "daily")).toBe(true);
    expect((await getSavedSearch(me.id, saved.id))?.notify).toBe("daily");
    expect(await deleteSavedSearch(me.id, saved.id)).toBe(true);
    expect(await getSavedSearch(me.id, saved.id)).toBeNull();
    expect(await getDb().select().from(schema.savedSearchTerms).where(eq(schema.savedSearchTerms.savedSearchId, saved.id))).toEqual([]);
  });
});
