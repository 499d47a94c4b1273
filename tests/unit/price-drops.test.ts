// Price drops: a cut of 10% or more tells everyone who saved the listing (not
// the seller, no one across a block, no one who reported it), in the app and by
// email, at most once per listing a day. A fixed clock moved by hand.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seed } from "~/flows/seed.server";
import { blockUser } from "~/models/blocks.server";
import { toggleLike } from "~/models/likes.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { createPost, updatePost, type ListingFields } from "~/models/posts.server";
import { isPriceDrop, notifyPriceDrop, priceDropMessage } from "~/models/price-drops.server";
import { reportPost } from "~/models/reports.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema, transaction } from "~/services/db.server";

const origin = "http://localhost:3000";
const T0 = Date.UTC(2026, 2, 2, 15, 0, 0);
const HOUR = 3600_000;
let n = 0;

async function user(first: string) {
  n++;
  return await insertUser({ campusId: "ou", firstName: first, lastName: "T.", username: `drop-${n}`, email: `drop${n}@ou.edu`, verified: true, schoolVerified: true });
}

const listingOf = (priceCents: number): ListingFields => ({ priceCents, isFree: false, priceTerms: null, condition: null, pickupSpot: null });

async function listing(authorId: string, text: string, priceCents: number) {
  const { id } = await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, listing: listingOf(priceCents) });
  return id;
}

/** The seller edits the price only, as the edit form would. */
async function reprice(sellerId: string, id: string, text: string, priceCents: number) {
  await updatePost({ id, userId: sellerId, blocks: [{ text }], category: null, listing: listingOf(priceCents), media: [], added: [] });
}

async function drops(userId: string) {
  return await getDb()
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.type, "price drop")));
}

async function dropMail(email: string) {
  return await getDb()
    .select()
    .from(schema.mail)
    .where(and(eq(schema.mail.to, email), eq(schema.mail.kind, "price drop")));
}

beforeAll(async () => await seed({ demo: false }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("the threshold", () => {
  it("is a drop of 10% or more, in whole cents", () => {
    expect(isPriceDrop(10000, 9010)).toBe(false); // 9.9%
    expect(isPriceDrop(10000, 9000)).toBe(true); // 10%
    expect(isPriceDrop(1000, 901)).toBe(false);
    expect(isPriceDrop(1000, 900)).toBe(true);
    expect(isPriceDrop(1000, 0)).toBe(true); // now free
    expect(isPriceDrop(1000, 1200)).toBe(false);
    expect(isPriceDrop(0, 0)).toBe(false);
    expect(priceDropMessage("Oak desk", 6000, 4550)).toBe("Price drop: Oak desk is now $45.50 (was $60)");
  });
});

describe("notifying savers", () => {
  it("a 9.9% cut says nothing; a 10% cut tells each saver once, in the app and by email, with a link to the post", async () => {
    const seller = await user("Seller");
    const saver = await user("Saver");
    const other = await user("Other");
    const id = await listing(seller.id, "Oak desk\nsolid wood", 10000);
    await toggleLike({ userId: saver.id, type: "post", id, origin });
    await toggleLike({ userId: other.id, type: "post", id, origin });
    await toggleLike({ userId: seller.id, type: "post", id, origin });

    await reprice(seller.id, id, "Oak desk\nsolid wood", 9010);
    expect(await drops(saver.id)).toHaveLength(0);

    // 10% below the price it had then (9010 → 8109).
    await reprice(seller.id, id, "Oak desk\nsolid wood", 8109);
    const [note] = await drops(saver.id);
    expect(note?.message).toBe("Price drop: Oak desk is now $81.09 (was $90.10)");
    expect(note?.postId).toBe(id);
    expect(await drops(other.id)).toHaveLength(1);
    expect(await drops(seller.id)).toHaveLength(0);
    const [mail] = await dropMail(saver.email);
    expect(mail?.subject).toBe("Price drop: Oak desk is now $81.09 (was $90.10)");
    expect(mail?.text).toContain(`/post/${id}`);
    expect(mail?.text).toContain("/unsubscribe?token=");
    expect(await dropMail(seller.email)).toHaveLength(0);

    // The notifications page shows it in its own words and leads to the post.
    const page = await getNotificationsPage({ userId: saver.id, timeZone: "UTC" });
    expect(page.items[0]).toMatchObject({ notice: "Price drop: Oak desk is now $81.09 (was $90.10)", href: `/post/${id}`, actor: null });
  });

  it("at most one per listing a day: a second cut the same day says nothing, the next day it does", async () => {
    const seller = await user("Seller");
    const saver = await user("Saver");
    const id = await listing(seller.id, "Mini fridge", 6000);
    await toggleLike({ userId: saver.id, type: "post", id, origin });
    await reprice(seller.id, id, "Mini fridge", 5000);
    vi.setSystemTime(T0 + 23 * HOUR);
    await reprice(seller.id, id, "Mini fridge", 4000);
    expect(await drops(saver.id)).toHaveLength(1);
    expect(await dropMail(saver.email)).toHaveLength(1);
    vi.setSystemTime(T0 + 24 * HOUR);
    await reprice(seller.id, id, "Mini fridge", 3000);
    const all = await drops(saver.id);
    expect(all.map((d) => d.message).sort()).toEqual(["Price drop: Mini fridge is now $30 (was $40)", "Price drop: Mini fridge is now $50 (was $60)"]);
    expect(await dropMail(saver.email)).toHaveLength(2);
  });

  it("leaves out people behind a block either way, people who reported it, and savers without email", async () => {
    const seller = await user("Seller");
    const blocked = await user("Blocked");
    const blocker = await user("Blocker");
    const reporter = await user("Reporter");
    const quiet = await user("Quiet");
    const id = await listing(seller.id, "Bike", 20000);
    for (const u of [blocked, blocker, reporter, quiet]) await toggleLike({ userId: u.id, type: "post", id, origin });
    await blockUser(seller.id, blocked.id);
    await blockUser(blocker.id, seller.id);
    await reportPost({ reporterId: reporter.id, postId: id, reason: "spam" });
    await getDb().update(schema.users).set({ emailNotifications: false }).where(eq(schema.users.id, quiet.id));
    await reprice(seller.id, id, "Bike", 15000);
    expect(await drops(blocked.id)).toHaveLength(0);
    expect(await drops(blocker.id)).toHaveLength(0);
    expect(await drops(reporter.id)).toHaveLength(0);
    expect(await drops(quiet.id)).toHaveLength(1);
    expect(await dropMail(quiet.email)).toHaveLength(0);
  });

  it("says nothing for a sold or hidden listing, and a notice of a listing deleted since says only that it is gone", async () => {
    const seller = await user("Seller");
    const saver = await user("Saver");
    const sold = await listing(seller.id, "Lamp", 2000);
    const hidden = await listing(seller.id, "Chair", 2000);
    const later = await listing(seller.id, "Rug", 2000);
    for (const id of [sold, hidden, later]) await toggleLike({ userId: saver.id, type: "post", id, origin });
    await getDb().update(schema.posts).set({ status: "sold" }).where(eq(schema.posts.id, sold));
    await getDb().update(schema.posts).set({ hiddenAt: T0 }).where(eq(schema.posts.id, hidden));
    await reprice(seller.id, sold, "Lamp", 1000);
    await reprice(seller.id, hidden, "Chair", 1000);
    expect(await drops(saver.id)).toHaveLength(0);
    // Called directly, as a price schedule would, inside its own transaction.
    expect(await transaction(async (tx) => await notifyPriceDrop(tx, { postId: later, oldCents: 2000, newCents: 1500, now: T0 }))).toBe(1);
    await getDb().update(schema.posts).set({ deletedAt: T0 }).where(eq(schema.posts.id, later));
    const page = await getNotificationsPage({ userId: saver.id, timeZone: "UTC" });
    expect(page.items[0]).toMatchObject({ notice: "This listing is no longer available", excerpt: null });
  });
});
