// The seller card of a listing page (docs/product.md §24), against a real
// database: the median time to the seller's first reply with a fixed clock,
// shown only with 3 conversations of the last 90 days; the sold count and the
// rating; and the card costing the post page two statements.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { postPage } from "~/flows/post-page.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { createPost } from "~/models/posts.server";
import { replyTimeLabel, sellerCard, submitReview } from "~/models/reviews.server";
import { recordSale } from "~/models/sales.server";
import { insertUser, type User } from "~/models/users.server";
import { countStatements } from "~/services/statement-count.server";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let n = 0;

async function user(first: string, createdAt = T0): Promise<User> {
  n++;
  return await insertUser({ campusId: "ou", firstName: first, lastName: "S.", username: `card-${n}-${first.toLowerCase()}`, email: `card${n}@ou.edu`, verified: true, schoolVerified: true, createdAt });
}

const listing = async (sellerId: string, text = "Desk lamp") =>
  (await createPost({ authorId: sellerId, campusId: "ou", blocks: [{ text }], media: [], origin, listing: { priceCents: 1500, isFree: false, priceTerms: "firm", condition: "good", pickupSpot: null } })).id;

/**
 * A buyer writes about one of the seller's listings at `at`; the seller answers
 * `after` later (or never). Messages are stamped in order within a process, so
 * each test makes its conversations oldest first.
 */
async function conversation(seller: User, at: number, after: number | null) {
  const buyer = await user("Buyer");
  const postId = await listing(seller.id);
  const chat = await startConversation({ userId: buyer.id, postId, now: at });
  await sendMessage({ chatId: chat.id, senderId: buyer.id, text: "Still available?", origin, now: at });
  await sendMessage({ chatId: chat.id, senderId: buyer.id, text: "I can pick it up today", origin, now: at + MINUTE });
  if (after !== null) {
    await sendMessage({ chatId: chat.id, senderId: seller.id, text: "Yes!", origin, now: at + after });
    // Only the first reply counts.
    await sendMessage({ chatId: chat.id, senderId: seller.id, text: "Come by at 5", origin, now: at + after + MINUTE });
  }
  return { buyer, postId, chatId: chat.id };
}

beforeAll(async () => await seed({ demo: false }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("the reply time", () => {
  it("is the median of the waits, in three bands, and nothing below 3 conversations or above a day", () => {
    expect(replyTimeLabel([10 * MINUTE, 20 * MINUTE])).toBeNull();
    expect(replyTimeLabel([10 * MINUTE, 20 * MINUTE, 5 * DAY])).toBe("Usually replies within an hour");
    expect(replyTimeLabel([2 * HOUR, 3 * HOUR, 10 * MINUTE])).toBe("Usually replies within a few hours");
    expect(replyTimeLabel([20 * HOUR, 3 * HOUR, 2 * DAY, 23 * HOUR])).toBe("Usually replies within a day");
    expect(replyTimeLabel([2 * DAY, 3 * DAY, 1 * HOUR])).toBeNull();
  });

  it("counts the seller's first reply in conversations of the last 90 days (fixed clock)", async () => {
    const seller = await user("Sol");
    // Older than 90 days at the time of the card: left out.
    await conversation(seller, T0 - 100 * DAY, 5 * DAY);
    await conversation(seller, T0 - 10 * DAY, 30 * MINUTE);
    await conversation(seller, T0 - 9 * DAY, 45 * MINUTE);
    expect((await sellerCard(seller.id, T0))?.replies).toBeNull(); // two in the window
    await conversation(seller, T0 - 8 * DAY, 4 * HOUR);
    expect((await sellerCard(seller.id, T0))?.replies).toBe("Usually replies within an hour");
    // Unanswered ones count as the time waited so far: two more waiting for days move the median up.
    await conversation(seller, T0 - 3 * DAY, null);
    await conversation(seller, T0 - 2 * DAY, null);
    expect((await sellerCard(seller.id, T0))?.replies).toBe("Usually replies within a few hours");
    await conversation(seller, T0 - DAY, 20 * HOUR);
    await conversation(seller, T0 - 2 * HOUR, 90 * MINUTE);
    await conversation(seller, T0 - HOUR, null);
    // 30m, 45m, 1h (waiting), 1.5h, 4h, 20h, 2d, 3d: the median is between 1.5h and 4h.
    expect((await sellerCard(seller.id, T0))?.replies).toBe("Usually replies within a few hours");
    expect((await sellerCard(seller.id, T0 + 20 * HOUR))?.replies).toBe("Usually replies within a day");
    vi.setSystemTime(T0 + 120 * DAY);
    expect((await sellerCard(seller.id, T0 + 120 * DAY))?.replies).toBeNull();
  });
});

describe("the card", () => {
  it("shows the seller, when they joined, their recorded sales and their rating, in one statement on the post page", async () => {
    const seller = await user("Tia", Date.UTC(2024, 8, 15));
    const a = await conversation(seller, T0 - DAY, 10 * MINUTE);
    const postId = await listing(seller.id, "Road bike");
    const empty = await sellerCard(seller.id, T0);
    expect(empty).toMatchObject({ seller: { id: seller.id, displayName: "Tia S." }, schoolVerified: true, joined: "Joined Sep 2024", sold: 0, rating: { average: null, count: 0 }, replies: null });
    const sale = await recordSale({ postId: a.postId, sellerId: seller.id, buyerId: a.buyer.id, priceCents: 1500, now: T0 });
    await submitReview({ saleId: sale.id, reviewerId: a.buyer.id, rating: 5, now: T0 });
    await submitReview({ saleId: sale.id, reviewerId: seller.id, rating: 4, now: T0 });
    expect(await sellerCard(seller.id, T0)).toMatchObject({ sold: 1, rating: { average: 5, count: 1 } });
    // The post page reads the same card with the post and its comments: one statement.
    const viewer = await user("Uri");
    const withCard = await countStatements(() => postPage({ id: postId, viewerId: viewer.id, timeZone: "America/Chicago", commentsCursor: null }));
    expect(withCard.result.seller).toMatchObject({ sold: 1, rating: { count: 1 } });
    expect(withCard.result.seller).toEqual(await sellerCard(seller.id));
    expect(withCard.statements).toBe(1);
    const card = await countStatements(() => sellerCard(seller.id));
    expect(card.statements).toBe(1);
  });
});
