// Listings: price, condition and pickup spot on posts; status and who may set
// it; filters and every sort's keyset paging over ties; expiry and renewal with
// a fixed clock; the reminder email and its one-click renew link.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkRenewToken,
  nextRenewAt,
  renewListing,
  renewToken,
  renewWithToken,
  sendRenewalReminders,
  setListingStatus,
} from "~/models/listings.server";
import { createPost, getFeedPage, getPost, PostError, type ListingFields } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import type { FeedFilters } from "~/utils/feed-filters";
import { readFeedFilters } from "~/utils/feed-filters";
import { LISTING_LIFETIME_MS, RENEW_TOO_SOON, type FeedSort } from "~/utils/listings";
import { seed } from "~/flows/seed.server";

const TZ = "America/Chicago";
const origin = "http://localhost:3000";
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let n = 0;

async function user() {
  n++;
  return insertUser({ campusId: "ou", firstName: `Seller${n}`, lastName: "T.", username: `seller-${n}`, email: `seller${n}@ou.edu`, verified: true, schoolVerified: true });
}

async function listing(authorId: string, text: string, fields: Partial<ListingFields> = {}, extra: { at?: number } = {}) {
  const { id } = await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, listing: { priceCents: null, isFree: false, priceTerms: null, condition: null, pickupSpot: null, ...fields } });
  if (extra.at !== undefined) await getDb().update(schema.posts).set({ createdAt: extra.at, lastActivityAt: extra.at }).where(eq(schema.posts.id, id));
  return id;
}

const row = async (id: string) => (await getDb().select().from(schema.posts).where(eq(schema.posts.id, id)))[0]!;

/** Every page of an author's feed with these filters, `limit` at a time, as post texts. */
async function allPages(authorId: string, filters: Partial<FeedFilters>, limit = 2, now?: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId, filters, cursor, limit, now });
    seen.push(...page.posts.map((p) => p.text[0]!.text));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(() => seed({ demo: false }));

describe("a post with a price", () => {
  it("stores cents, Free as $0, and shows price, OBO, condition and pickup spot", async () => {
    const a = await user();
    const fridge = await listing(a.id, "Mini fridge", { priceCents: 6000, priceTerms: "obo", condition: "like-new", pickupSpot: "ou-union" });
    const couch = await listing(a.id, "Couch", { isFree: true, priceCents: 999, priceTerms: "firm" });
    await listing(a.id, "Desk", { priceCents: 125000 });
    expect(await row(couch)).toMatchObject({ priceCents: 0, isFree: true, priceTerms: null, status: "available" });
    const got = await getPost(fridge, TZ);
    expect(got.status === "ok" && got.post).toMatchObject({ price: "$60 OBO", condition: "Like new", pickupSpot: "Oklahoma Memorial Union, main lobby", status: "available", expired: false });
    const views = (await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: a.id })).posts;
    expect(Object.fromEntries(views.map((v) => [v.text[0]!.text, v.price]))).toEqual({ "Mini fridge": "$60 OBO", Couch: "Free", Desk: "$1,250" });
  });

  it("a comment gets no price, even when one is passed", async () => {
    const a = await user();
    const p = await listing(a.id, "Bike", { priceCents: 4000 });
    const c = await createPost({ authorId: a.id, campusId: "ou", blocks: [{ text: "still here" }], media: [], origin, parentId: p, listing: { priceCents: 100, isFree: false, priceTerms: "obo", condition: "new", pickupSpot: "other" } });
    expect(await row(c.id)).toMatchObject({ priceCents: null, priceTerms: null, condition: null, pickupSpot: null });
  });
});

describe("status", () => {
  it("goes available → pending → sold and back; sold leaves the default feed, pending stays", async () => {
    const a = await user();
    const id = await listing(a.id, "Lamp", { priceCents: 800 });
    const inFeed = async () => (await allPages(a.id, readFeedFilters(new URLSearchParams()).filters)).includes("Lamp");
    await setListingStatus({ postId: id, userId: a.id, status: "pending" });
    expect((await row(id)).status).toBe("pending");
    expect(await inFeed()).toBe(true);
    await setListingStatus({ postId: id, userId: a.id, status: "sold" });
    expect(await inFeed()).toBe(false);
    // Unticking Hide sold shows it again, marked.
    const shown = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: a.id, filters: readFeedFilters(new URLSearchParams("sold=show&sold=hide&sold=show")).filters });
    expect(shown.posts.map((p) => [p.text[0]!.text, p.status])).toEqual([["Lamp", "sold"]]);
    await setListingStatus({ postId: id, userId: a.id, status: "available" });
    expect(await inFeed()).toBe(true);
  });

  it("only the author may change it; a post without a price is not a listing", async () => {
    const a = await user();
    const b = await user();
    const id = await listing(a.id, "Chair", { priceCents: 1500 });
    await expect(setListingStatus({ postId: id, userId: b.id, status: "sold" })).rejects.toMatchObject({ status: 403 });
    expect((await row(id)).status).toBe("available");
    const plain = await listing(a.id, "Hello campus");
    await expect(setListingStatus({ postId: plain, userId: a.id, status: "sold" })).rejects.toMatchObject({ status: 400 });
    await expect(setListingStatus({ postId: "nope", userId: a.id, status: "sold" })).rejects.toBeInstanceOf(PostError);
  });
});

describe("filters and sorts", () => {
  it("pages every sort over ties without repeats or gaps: unpriced after priced both ways, Free as $0, ties by id", async () => {
    const a = await user();
    const t0 = Date.now() - 10 * HOUR;
    // Two at $5 and two at $10 (ties), Free, two without a price, one at $2.50.
    const specs: [string, Partial<ListingFields>][] = [
      ["five-a", { priceCents: 500 }],
      ["ten-a", { priceCents: 1000 }],
      ["free", { isFree: true }],
      ["none-old", {}],
      ["five-b", { priceCents: 500 }],
      ["two-fifty", { priceCents: 250 }],
      ["ten-b", { priceCents: 1000 }],
      ["none-new", {}],
    ];
    const ids: Record<string, string> = {};
    for (const [i, [name, fields]] of specs.entries()) ids[name] = await listing(a.id, name, fields, { at: t0 + i * 60_000 });
    const byId = (x: string, y: string) => (ids[x]! < ids[y]! ? -1 : 1);
    const tie = (names: string[], dir: 1 | -1) => [...names].sort((x, y) => dir * byId(x, y));
    const ascending = ["free", "two-fifty", ...tie(["five-a", "five-b"], 1), ...tie(["ten-a", "ten-b"], 1), "none-new", "none-old"];
    const descending = [...tie(["ten-a", "ten-b"], -1), ...tie(["five-a", "five-b"], -1), "two-fifty", "free", "none-new", "none-old"];
    const newest = [...specs.map(([name]) => name)].reverse();
    for (const limit of [1, 2, 3, 10]) {
      expect(await allPages(a.id, { sort: "price-asc" }, limit)).toEqual(ascending);
      expect(await allPages(a.id, { sort: "price-desc" }, limit)).toEqual(descending);
      expect(await allPages(a.id, { sort: "newest" }, limit)).toEqual(newest);
    }
    // A price range leaves the unpriced out; Free counts as $0.
    expect(await allPages(a.id, { sort: "price-asc", minCents: 500, maxCents: 1000 })).toEqual(ascending.slice(2, 6));
    expect(await allPages(a.id, { sort: "price-desc", maxCents: 300 })).toEqual(["two-fifty", "free"]);
    expect(await allPages(a.id, { sort: "newest", freeOnly: true })).toEqual(["free"]);
  });

  it("filters by category and condition", async () => {
    const a = await user();
    await createPost({ authorId: a.id, campusId: "ou", blocks: [{ text: "tv" }], media: [], origin, category: "tvs & media players", listing: { priceCents: 9000, isFree: false, priceTerms: null, condition: "good", pickupSpot: null } });
    await createPost({ authorId: a.id, campusId: "ou", blocks: [{ text: "parts" }], media: [], origin, category: "tvs & media players", listing: { priceCents: 1000, isFree: false, priceTerms: null, condition: "for-parts", pickupSpot: null } });
    await createPost({ authorId: a.id, campusId: "ou", blocks: [{ text: "book" }], media: [], origin, category: "books movies & music", listing: { priceCents: 1000, isFree: false, priceTerms: null, condition: "good", pickupSpot: null } });
    expect(await allPages(a.id, { category: "tvs & media players", condition: "good" })).toEqual(["tv"]);
    expect(await allPages(a.id, { condition: "good", sort: "price-asc" })).toEqual(["book", "tv"]);
  });

  it("reads the form from the URL: Hide sold on by default, bad prices ignored with the message", () => {
    expect(readFeedFilters(new URLSearchParams()).filters).toMatchObject({ hideSold: true, sort: "newest", category: "all" });
    expect(readFeedFilters(new URLSearchParams("sold=show")).filters.hideSold).toBe(false);
    expect(readFeedFilters(new URLSearchParams("sold=show&sold=hide")).filters.hideSold).toBe(true);
    const form = readFeedFilters(new URLSearchParams("min=$1,250&max=ten&sort=price-desc&condition=new&free=on&category=tickets"));
    expect(form.filters).toMatchObject({ minCents: 125000, maxCents: null, sort: "price-desc", condition: "new", freeOnly: true, category: "tickets" });
    expect(form.errors).toEqual({ max: "Enter a price like 25 or 25.50" });
    expect(readFeedFilters(new URLSearchParams("min=20&max=10")).errors.max).toBe("Max price must be at least the min price");
    expect(readFeedFilters(new URLSearchParams("sort=best")).filters.sort).toBe("newest" satisfies FeedSort);
    expect(readFeedFilters(new URLSearchParams("sort=drop table")).filters.sort).toBe("newest");
  });
});

describe("expiry and renewal", () => {
  it("a listing 30 days without renewal or comment leaves the feed but not its author's profile; a plain post never expires", async () => {
    const a = await user();
    const start = Date.now();
    const id = await listing(a.id, "Old desk", { priceCents: 2000 }, { at: start });
    const plain = await listing(a.id, "Old hello", {}, { at: start });
    const later = start + LISTING_LIFETIME_MS + 1;
    expect((await allPages(a.id, {}, 10, start + LISTING_LIFETIME_MS - 1)).sort()).toEqual(["Old desk", "Old hello"]);
    expect(await allPages(a.id, {}, 10, later)).toEqual(["Old hello"]);
    const profile = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: a.id, includeExpired: true, now: later });
    expect(profile.posts.find((p) => p.id === id)).toMatchObject({ expired: true });
    expect(profile.posts.find((p) => p.id === plain)).toMatchObject({ expired: false });
    // A comment is activity: the listing is live again.
    await createPost({ authorId: (await user()).id, campusId: "ou", blocks: [{ text: "Still for sale?" }], media: [], origin, parentId: id });
    expect(await allPages(a.id, {}, 10, Date.now() + LISTING_LIFETIME_MS - HOUR)).toContain("Old desk");
  });

  it("renew: the author only, at most once every 48 hours, back to the top", async () => {
    const a = await user();
    const b = await user();
    const t0 = Date.now() - 40 * DAY;
    const id = await listing(a.id, "Dresser", { priceCents: 3000 }, { at: t0 });
    await getDb().update(schema.posts).set({ createdAt: t0 }).where(eq(schema.posts.id, id));
    const other = await listing(a.id, "Newer", { priceCents: 100 }, { at: t0 + DAY });
    await expect(renewListing({ postId: id, userId: b.id, now: t0 + 31 * DAY })).rejects.toMatchObject({ status: 403 });
    await renewListing({ postId: id, userId: a.id, now: t0 + 31 * DAY });
    expect(await row(id)).toMatchObject({ renewedAt: t0 + 31 * DAY, lastActivityAt: t0 + 31 * DAY });
    expect((await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: a.id, includeExpired: true, now: t0 + 31 * DAY })).posts[0]!.id).toBe(id);
    await expect(renewListing({ postId: id, userId: a.id, now: t0 + 32 * DAY })).rejects.toMatchObject({ status: 409, message: RENEW_TOO_SOON });
    expect(nextRenewAt(await row(id))).toBe(t0 + 33 * DAY);
    await renewListing({ postId: id, userId: a.id, now: t0 + 33 * DAY });
    // Sold: mark it available first. A fresh listing waits 48 hours too.
    await setListingStatus({ postId: other, userId: a.id, status: "sold" });
    await expect(renewListing({ postId: other, userId: a.id, now: t0 + 40 * DAY })).rejects.toMatchObject({ status: 409 });
    const fresh = await listing(a.id, "Fresh", { priceCents: 100 });
    await expect(renewListing({ postId: fresh, userId: a.id })).rejects.toMatchObject({ message: RENEW_TOO_SOON });
  });
});

describe("the reminder email and its renew link", () => {
  it("one email 3 days before expiry; the link renews once, without signing in", async () => {
    const a = await user();
    const t0 = Date.now() - 27 * DAY - HOUR; // expires in a little under 3 days
    const id = await listing(a.id, "Road bike", { priceCents: 15000 }, { at: t0 });
    const young = await listing(a.id, "Young listing", { priceCents: 100 });
    const sent = await sendRenewalReminders();
    expect(sent).toBeGreaterThanOrEqual(1);
    const mails = await getDb().select().from(schema.mail).where(and(eq(schema.mail.to, a.email), eq(schema.mail.kind, "listing-renewal")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Road bike");
    expect(mails[0]!.html).not.toContain(young);
    // Once per expiry: running again sends nothing more.
    await sendRenewalReminders();
    expect(await getDb().select().from(schema.mail).where(and(eq(schema.mail.to, a.email), eq(schema.mail.kind, "listing-renewal")))).toHaveLength(1);

    const link = /href="([^"]+\/post\/[^"]+\/renew\?token=[^"]+)"/.exec(mails[0]!.html)![1]!;
    const url = new URL(link.replace(/&amp;/g, "&"));
    expect(url.pathname).toBe(`/post/${id}/renew`);
    const token = url.searchParams.get("token");
    // The link names its post: on another post it is refused.
    expect(await renewWithToken(young, token)).toEqual({ ok: false, reason: "invalid" });
    expect((await checkRenewToken(id, token)).ok).toBe(true);
    expect(await renewWithToken(id, token)).toMatchObject({ ok: true });
    expect((await row(id)).renewedAt).not.toBeNull();
    // Single use.
    expect(await renewWithToken(id, token)).toEqual({ ok: false, reason: "used" });
  });

  it("refuses an expired, tampered or sold link", async () => {
    const a = await user();
    const at = Date.now() - 28 * DAY;
    const id = await listing(a.id, "Skateboard", { priceCents: 2500 }, { at });
    const expired = renewToken(id, at, Date.now() - 1);
    expect(await renewWithToken(id, expired)).toEqual({ ok: false, reason: "expired" });
    const good = renewToken(id, at, Date.now() + DAY);
    expect(await renewWithToken(id, good.replace(/^\d+/, String(at + 1)))).toEqual({ ok: false, reason: "invalid" });
    expect(await renewWithToken(id, "garbage")).toEqual({ ok: false, reason: "invalid" });
    await setListingStatus({ postId: id, userId: a.id, status: "sold" });
    expect(await renewWithToken(id, good)).toEqual({ ok: false, reason: "sold" });
  });
});

describe("search with the feed's filters", () => {
  it("best match and the price sorts narrow to the filters; sold and expired listings are left out", async () => {
    const { searchPosts } = await import("~/models/search.server");
    const a = await user();
    const word = `zebracouch${n}`;
    const cheap = await listing(a.id, `${word} cheap`, { priceCents: 1000 });
    const dear = await listing(a.id, `${word} dear`, { priceCents: 9000 });
    const sold = await listing(a.id, `${word} sold`, { priceCents: 5000 });
    await setListingStatus({ postId: sold, userId: a.id, status: "sold" });
    const old = await listing(a.id, `${word} old`, { priceCents: 3000 }, { at: Date.now() - LISTING_LIFETIME_MS - HOUR });
    const plain = await listing(a.id, `${word} plain`);
    const ids = async (filters: Partial<FeedFilters>) => (await searchPosts({ campusId: "ou", query: word, timeZone: TZ, filters })).posts.map((p) => p.id);
    const defaults = readFeedFilters(new URLSearchParams(), { bestMatch: true }).filters;
    expect((await ids(defaults)).sort()).toEqual([cheap, dear, plain].sort());
    expect(await ids({ ...defaults, sort: "price-asc" })).toEqual([cheap, dear, plain]);
    expect(await ids({ ...defaults, sort: "price-desc", maxCents: 5000 })).toEqual([cheap]);
    expect((await ids({ ...defaults, hideSold: false })).sort()).toEqual([cheap, dear, sold, plain].sort());
    expect(await ids({ ...defaults, minCents: 2000 })).toEqual([dear]);
    expect(old).toBeTruthy();
  });
});
