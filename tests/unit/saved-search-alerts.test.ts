// Alerts for new listings: what matches a saved search (words with prefixes,
// each filter, campus, blocks, hidden, expired, own posts), the queue the
// posting transaction writes, the in-app notice, and the emails: at most one an
// hour per search gathering the listings since the last, and the daily digest
// at 8:00 in the campus's time zone, with a fixed clock.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { seed } from "~/flows/seed.server";
import { alertsDue, matchQueuedListings, sendDueAlertEmails } from "~/flows/saved-search-alerts.server";
import { blockUser } from "~/models/blocks.server";
import { renewListing } from "~/models/listings.server";
import { createPost, type ListingFields } from "~/models/posts.server";
import { unhideItem } from "~/models/reports.server";
import { matchNewListing, reindexSavedSearchTerms, saveSearch, setSearchNotify } from "~/models/saved-searches.server";
import { TERMS_VERSION } from "~/utils/search-words";
import { subscriberForToken, unsubscribeUrl } from "~/models/unsubscribe.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe/route.server";
import { getSavedSearch } from "~/models/saved-searches.server";
import { insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { readFeedFilters } from "~/utils/feed-filters";
import { savedSearchCriteria, type NotifyChoice } from "~/utils/saved-searches";

const BASE = "http://localhost:3000";
let n = 0;
function student(campusId = "ou", opts: { emailNotifications?: boolean } = {}): Promise<User> {
  n++;
  return insertUser({ campusId, firstName: `A${n}`, lastName: "T.", username: `alert-${n}`, email: `alert${n}@ou.edu`, verified: true, schoolVerified: true, ...opts });
}
async function save(user: User, q: string, params = "", notify: NotifyChoice = "instant", campusId = "ou"): Promise<string> {
  const r = await saveSearch({ userId: user.id, campusId, criteria: savedSearchCriteria(q, readFeedFilters(new URLSearchParams(params)).filters), notify });
  if (!r.ok) throw new Error(r.reason);
  return r.id;
}
const listing = (l: Partial<ListingFields> = {}): ListingFields => ({ priceCents: 1500, isFree: false, priceTerms: null, condition: null, pickupSpot: null, ...l });
async function post(author: User, text: string, l: Partial<ListingFields> = {}, opts: { category?: string; campusId?: string } = {}): Promise<string> {
  const { id } = await createPost({ authorId: author.id, campusId: opts.campusId ?? "ou", blocks: [{ text }], media: [], origin: BASE, category: opts.category ?? null, listing: listing(l) });
  return id;
}
const matched = async (postId: string) => (await matchNewListing(postId)).map((m) => m.savedSearchId).sort();
async function notices(user: User) {
  return getDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, user.id), eq(schema.notifications.type, "saved search")));
}
/** Each email test starts with an empty queue and no pending hits of earlier tests. */
async function freshQueue() {
  await getDb().delete(schema.listingAlertJobs);
  await getDb().update(schema.savedSearchHits).set({ mailedAt: 0 });
}
const mailTo = (user: User) => getDb().select().from(schema.mail).where(eq(schema.mail.to, user.email));

beforeAll(async () => {
  await seed({ demo: false });
  // Start from an empty queue: matching below is called directly or through the job with its own clock.
  await getDb().delete(schema.listingAlertJobs);
});

/**
 * The job runner's clock, a little after the posts just made: createPost's
 * timestamps never repeat, so a quick burst of posts runs a few milliseconds
 * ahead of Date.now(), and a job queued at such a time is not yet due then.
 */
const jobClock = () => Date.now() + 5_000;

describe("matching a new listing against saved searches", () => {
  it("matches every word, the last as a prefix, in any order and case, and not a word in the middle", async () => {
    const buyer = await student();
    const seller = await student();
    const deskLamp = await save(buyer, "desk lam");
    const lampDesk = await save(buyer, "Lamp desk");
    const exactLam = await save(buyer, "lam desk");
    const chair = await save(buyer, "chair");
    const p = await post(seller, "IKEA desk-lamp, barely used");
    const got = await matched(p);
    expect(got).toContain(deskLamp);
    expect(got).toContain(lampDesk);
    expect(got).not.toContain(exactLam); // "lam" not last: a whole word is needed
    expect(got).not.toContain(chair);
    expect(await matched(await post(seller, "Sesklamp"))).not.toContain(deskLamp);
  });

  it("applies each filter: category, min, max, Free only, condition; filters alone match too", async () => {
    const buyer = await student();
    const seller = await student();
    const furniture = await save(buyer, "table", "category=furniture");
    const under20 = await save(buyer, "table", "max=20");
    const over10 = await save(buyer, "table", "min=10");
    const free = await save(buyer, "table", "free=on");
    const likeNew = await save(buyer, "table", "condition=like-new");
    const filtersOnly = await save(buyer, "", "category=furniture&max=30");
    const got = await matched(await post(seller, "Oak table", { priceCents: 2500, condition: "good" }, { category: "furniture" }));
    expect(got).toEqual([furniture, over10, filtersOnly].sort());
    const gotFree = await matched(await post(seller, "Side table", { isFree: true, condition: "like-new" }));
    expect(gotFree).toEqual([under20, free, likeNew].sort());
  });

  it("leaves out other campuses, the author's own searches, blocks either way, Off, hidden, expired and non-listings", async () => {
    const buyer = await student();
    const blocker = await student();
    const blocked = await student();
    const ut = await student("ut");
    const seller = await student();
    const mine = await save(buyer, "couch");
    const own = await save(seller, "couch");
    const b1 = await save(blocker, "couch");
    const b2 = await save(blocked, "couch");
    const off = await save(await student(), "couch", "", "off");
    const other = await save(ut, "couch", "", "instant", "ut");
    await blockUser(blocker.id, seller.id);
    await blockUser(seller.id, blocked.id);
    const p = await post(seller, "Blue couch");
    expect(await matched(p)).toEqual([mine]);
    for (const id of [own, b1, b2, off, other]) expect(await matched(p)).not.toContain(id);
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, p));
    expect(await matched(p)).toEqual([]);
    const old = await post(seller, "Old couch");
    await getDb().update(schema.posts).set({ lastActivityAt: Date.now() - 31 * 86_400_000 }).where(eq(schema.posts.id, old));
    expect(await matched(old)).toEqual([]);
    const { id: notListing } = await createPost({ authorId: seller.id, campusId: "ou", blocks: [{ text: "Anyone selling a couch?" }], media: [], origin: BASE });
    expect(await matched(notListing)).toEqual([]);
  });

  it("stems as search does: plural and singular find each other either way, the last word still a prefix", async () => {
    const buyer = await student();
    const seller = await student();
    const desks = await save(buyer, "desks");
    const desk = await save(buyer, "desk");
    const desksLamp = await save(buyer, "desks lamp"); // "desks" not last: its stem, exactly
    const deskLa = await save(buyer, "desk la");
    const textbooks = await save(buyer, "textbooks");
    const textbook = await save(buyer, "calculus textbook");
    const one = await matched(await post(seller, "Desk lamp, barely used"));
    expect(one).toEqual(expect.arrayContaining([desks, desk, desksLamp, deskLa]));
    const two = await matched(await post(seller, "Two desks and three lamps"));
    expect(two).toEqual(expect.arrayContaining([desks, desk, desksLamp, deskLa]));
    expect(await matched(await post(seller, "Lamp shade"))).not.toEqual(expect.arrayContaining([deskLa]));
    expect(await matched(await post(seller, "Calculus textbook, 3rd edition"))).toEqual(expect.arrayContaining([textbooks, textbook]));
    expect(await matched(await post(seller, "Calculus textbooks bundle"))).toEqual(expect.arrayContaining([textbooks, textbook]));
    expect(await matched(await post(seller, "Textbox stand"))).not.toContain(textbooks);
  });

  it("indexes again, once, the searches an older version indexed", async () => {
    const buyer = await student();
    const seller = await student();
    const id = await save(buyer, "desks");
    // As version 1 indexed it: the word as typed, a prefix.
    await getDb().delete(schema.savedSearchTerms).where(eq(schema.savedSearchTerms.savedSearchId, id));
    await getDb().insert(schema.savedSearchTerms).values({ campusId: "ou", term: "desks*", savedSearchId: id, termCount: 1 });
    await getDb().update(schema.savedSearches).set({ termsVersion: 1 }).where(eq(schema.savedSearches.id, id));
    const p = await post(seller, "Desk, oak");
    expect(await matched(p)).not.toContain(id);
    expect(await reindexSavedSearchTerms(2)).toBeGreaterThanOrEqual(1);
    expect(await matched(p)).toContain(id);
    const terms = await getDb().select().from(schema.savedSearchTerms).where(eq(schema.savedSearchTerms.savedSearchId, id));
    expect(terms.map((t) => t.term)).toEqual(["desk*"]);
    const [row] = await getDb().select().from(schema.savedSearches).where(eq(schema.savedSearches.id, id));
    expect(row).toMatchObject({ termsVersion: TERMS_VERSION, termCount: 1 });
    expect(await reindexSavedSearchTerms()).toBe(0); // idempotent: nothing left to do
  });
});

describe("the job: queue, notices and emails", () => {
  it("posting, renewing and showing again queue the listing; the notice links to it, once per search and listing", async () => {
    await getDb().delete(schema.listingAlertJobs);
    const buyer = await student();
    const seller = await student();
    const search = await save(buyer, "bike");
    const p = await post(seller, "Road bike, 54cm", { priceCents: 12000 });
    expect(await getDb().select().from(schema.listingAlertJobs).where(eq(schema.listingAlertJobs.postId, p))).toHaveLength(1);
    expect(await notices(buyer)).toHaveLength(0); // nothing in the poster's request
    expect(await matchQueuedListings("test", jobClock())).toBe(1);
    const [notice] = await notices(buyer);
    expect(notice).toMatchObject({ postId: p, message: 'New listing for "bike"' });
    // Renewed: queued again, but the search has seen it: no second notice.
    await getDb().update(schema.posts).set({ createdAt: Date.now() - 3 * 86_400_000 }).where(eq(schema.posts.id, p));
    await renewListing({ postId: p, userId: seller.id });
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, p));
    await unhideItem("post", p);
    expect(await matchQueuedListings("test", jobClock())).toBe(2);
    expect(await notices(buyer)).toHaveLength(1);
    // A search saved after the post hears of it when it is renewed or shown again.
    const later = await student();
    await save(later, "road bike");
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, p));
    await unhideItem("post", p);
    await matchQueuedListings("test", jobClock());
    expect(await notices(later)).toHaveLength(1);
    expect(search).toBeTruthy();
  });

  it("Right away: the first email at once, then at most one an hour with the listings since; with an unsubscribe link for that search", async () => {
    await freshQueue();
    const buyer = await student();
    const seller = await student();
    const search = await save(buyer, "kettle");
    const t0 = Date.now() + 5_000; // the job's clock, a little after the posts below
    await post(seller, "Electric kettle");
    await matchQueuedListings("test", t0);
    expect(await sendDueAlertEmails(t0)).toBe(1);
    let mails = await mailTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New listing for "kettle"');
    const link = /(\/unsubscribe\?token=\S+)/.exec(mails[0]!.text)![1]!;
    const url = new URL(link, BASE);
    expect(url.searchParams.get("search")).toBe(search);
    expect(await subscriberForToken(url.searchParams.get("token"), t0, search)).not.toBeNull();
    // The token names this search only: without it, or for another search, it is not valid.
    expect(await subscriberForToken(url.searchParams.get("token"), t0)).toBeNull();
    // Two more within the hour: held, then one email with both.
    await post(seller, "Kettle, whistling");
    await post(seller, "Glass kettle");
    await matchQueuedListings("test", t0 + 60_000);
    expect(await sendDueAlertEmails(t0 + 30 * 60_000)).toBe(0);
    expect(await mailTo(buyer)).toHaveLength(1);
    expect(await notices(buyer)).toHaveLength(3); // the in-app notices did not wait
    expect(await sendDueAlertEmails(t0 + 61 * 60_000)).toBe(2);
    mails = await mailTo(buyer);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain('New listings for "kettle"');
    // Emails off: the notice still comes, no email.
    const quiet = await student("ou", { emailNotifications: false });
    await save(quiet, "toaster");
    await post(seller, "Toaster");
    await matchQueuedListings("test", t0 + 62 * 60_000);
    await sendDueAlertEmails(t0 + 62 * 60_000);
    expect(await notices(quiet)).toHaveLength(1);
    expect(await mailTo(quiet)).toHaveLength(0);
  });

  it("Once a day: one digest at 8:00 campus time with the day's listings, its notices with it", async () => {
    await freshQueue();
    const buyer = await student();
    const seller = await student();
    const search = await save(buyer, "monitor", "", "daily");
    // 2026-07-01 10:00 in Chicago is 15:00 UTC; the digest is at 13:00 UTC the next day.
    const morning = Date.UTC(2026, 6, 1, 15);
    const p1 = await post(seller, "27 inch monitor");
    const p2 = await post(seller, "Monitor arm and monitor");
    expect(await matchQueuedListings("test", jobClock())).toBe(2);
    expect(await notices(buyer)).toHaveLength(0);
    // Put the hits on the fixed clock's morning.
    await getDb().update(schema.savedSearchHits).set({ createdAt: morning }).where(eq(schema.savedSearchHits.savedSearchId, search));
    const [pending] = (await getDb().select().from(schema.savedSearches).where(eq(schema.savedSearches.id, search))).map((s) => ({ savedSearchId: s.id, notify: s.notify, lastEmailedAt: s.lastEmailedAt, timeZone: "America/Chicago", oldestHitAt: morning }));
    expect(alertsDue(pending!, morning + 3 * 3600_000)).toBeNull(); // 13:00 local: not yet
    expect(alertsDue(pending!, Date.UTC(2026, 6, 2, 13, 1))).toEqual({ cutoff: Date.UTC(2026, 6, 2, 13) });
    // The listings are live only if their activity is recent: move them to the clock's day.
    await getDb().update(schema.posts).set({ lastActivityAt: morning }).where(eq(schema.posts.authorId, seller.id));
    expect(await sendDueAlertEmails(Date.UTC(2026, 6, 2, 12, 59))).toBe(0);
    expect(await sendDueAlertEmails(Date.UTC(2026, 6, 2, 13, 1))).toBe(2);
    const mails = await mailTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Today's new listings for "monitor"`);
    expect(mails[0]!.text).toContain(`/post/${p1}`);
    expect(mails[0]!.text).toContain(`/post/${p2}`);
    expect((await notices(buyer)).map((x) => x.postId).sort()).toEqual([p1, p2].sort());
    // Nothing more the same day.
    expect(await sendDueAlertEmails(Date.UTC(2026, 6, 2, 20))).toBe(0);
    // Off: pending hits are dropped, nothing sent.
    await setSearchNotify(buyer.id, search, "off");
    expect(await mailTo(buyer)).toHaveLength(1);
  });
});

describe("the unsubscribe link of an alert email", () => {
  const args = (request: Request) => ({ request, params: {}, context: { cspNonce: "", clientIp: "" } });
  it("names the search, turns off that search's alerts only, and works for no other search", async () => {
    const buyer = await student();
    const lamp = await save(buyer, "lamp");
    const desk = await save(buyer, "desk");
    const link = new URL(unsubscribeUrl(buyer, BASE, Date.now(), lamp));
    const page = (await unsubscribeLoader(args(new Request(link)))) as { valid: boolean; search: { description: string; on: boolean } | null };
    expect(page).toMatchObject({ valid: true, search: { description: "lamp", on: true } });
    // The same token for another search is refused, and changes nothing.
    const forged = new URL(link);
    forged.searchParams.set("search", desk);
    const refused = (await unsubscribeLoader(args(new Request(forged)))) as unknown as { init: { status: number } };
    expect(refused.init.status).toBe(400);
    const token = link.searchParams.get("token")!;
    const res = (await unsubscribeAction(args(new Request(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, intent: "stop-search" }) })))) as Response;
    expect(res.status).toBe(302);
    expect((await getSavedSearch(buyer.id, lamp))?.notify).toBe("off");
    expect((await getSavedSearch(buyer.id, desk))?.notify).toBe("instant");
    // Every other email stays on.
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, buyer.id));
    expect(user!.emailNotifications).toBe(true);
  });
});
