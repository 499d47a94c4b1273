// Two-way reviews of a sale (docs/product.md §24), against a real database:
// who may review, one review per side, the double-blind reveal (both written,
// or 14 days with a fixed clock), the one answer, a report and a moderator's
// removal hiding a review, the average and count, the invitations a sale
// sends and an undone sale taking everything with it.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { review as moderate } from "~/flows/moderation.server";
import { postReview, profileReviews, reportShownReview } from "~/flows/reviews.server";
import { blockUser } from "~/models/blocks.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { createPost } from "~/models/posts.server";
import {
  ALREADY_ANSWERED,
  answerReview,
  listReviewsPage,
  REVIEW_CLOSED,
  REVIEW_LOCKED,
  ReviewError,
  reviewStats,
  saleReviews,
  submitReview,
} from "~/models/reviews.server";
import { recordSale, undoRecentSale } from "~/models/sales.server";
import { insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { hiddenReviewNote, ratingSummary } from "~/utils/reviews";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const tz = "America/Chicago";
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0);
const DAY = 24 * 3600_000;
let n = 0;

async function user(first: string, opts: { role?: "member" | "moderator" } = {}): Promise<User> {
  n++;
  return await insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "R.",
    username: `rev-${n}-${first.toLowerCase()}`,
    email: `rev${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
    role: opts.role,
  });
}

/** A listing by `seller`, a conversation `buyer` opened about it with a message, and the sale between them. */
async function sale(seller: User, buyer: User, title = "Road bike, 54 cm") {
  const { id: postId } = await createPost({
    authorId: seller.id,
    campusId: "ou",
    blocks: [{ text: title }],
    media: [],
    origin,
    listing: { priceCents: 4000, isFree: false, priceTerms: "obo", condition: "good", pickupSpot: null },
  });
  const chat = await startConversation({ userId: buyer.id, postId });
  await sendMessage({ chatId: chat.id, senderId: buyer.id, text: "Is it still available?", origin });
  const row = await recordSale({ postId, sellerId: seller.id, buyerId: buyer.id, priceCents: 4000 });
  return { ...row, chatId: chat.id };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReviewError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("Expected a refusal");
}

const reviewsOf = async (saleId: string) => await getDb().select().from(schema.reviews).where(eq(schema.reviews.saleId, saleId));

beforeAll(async () => await seed({ demo: false }));
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(async () => vi.useRealTimers());

describe("who may review", () => {
  it("only the two people of the sale; anyone else is a 404 and nothing is stored", async () => {
    const seller = await user("Sam");
    const buyer = await user("Bea");
    const stranger = await user("Stan");
    const s = await sale(seller, buyer);
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: stranger.id, rating: 1 }))).toEqual({ status: 404, message: "Not Found" });
    expect(await refusal(saleReviews({ saleId: s.id, userId: stranger.id, timeZone: tz }))).toMatchObject({ status: 404 });
    expect(await refusal(submitReview({ saleId: "no-such-sale", reviewerId: buyer.id, rating: 5 }))).toMatchObject({ status: 404 });
    expect(await reviewsOf(s.id)).toEqual([]);
    expect(await postReview({ saleId: s.id, userId: buyer.id, rating: 5, text: "Great bike" })).toEqual({ ok: true, message: "Review posted." });
    expect(await postReview({ saleId: s.id, userId: seller.id, rating: 4 })).toEqual({ ok: true, message: "Review posted." });
    expect((await reviewsOf(s.id)).map((r) => [r.reviewerId, r.revieweeId, r.role]).sort()).toEqual(
      [
        [buyer.id, seller.id, "buyer"],
        [seller.id, buyer.id, "seller"],
      ].sort(),
    );
  });

  it("refuses people who blocked each other, either way", async () => {
    const seller = await user("Sid");
    const buyer = await user("Bo");
    const s = await sale(seller, buyer);
    await blockUser(seller.id, buyer.id);
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 1 }))).toMatchObject({ status: 403 });
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: seller.id, rating: 1 }))).toMatchObject({ status: 403 });
    expect(await reviewsOf(s.id)).toEqual([]);
  });

  it("refuses a rating outside 1 to 5 and a text over 500 characters", async () => {
    const s = await sale(await user("Ada"), await user("Ben"));
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 0 }))).toMatchObject({ status: 400 });
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 6 }))).toMatchObject({ status: 400 });
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 5, text: "x".repeat(501) }))).toMatchObject({ status: 400 });
    await submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 5, text: "x".repeat(500) });
    expect(await reviewsOf(s.id)).toHaveLength(1);
  });

  it("closes 14 days after the sale", async () => {
    const s = await sale(await user("Cy"), await user("Di"));
    vi.setSystemTime(T0 + 14 * DAY);
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 5 }))).toEqual({ status: 400, message: REVIEW_CLOSED });
    expect(await reviewsOf(s.id)).toEqual([]);
  });
});

describe("one review per side", () => {
  it("a second post changes the review, until the other side's is in", async () => {
    const seller = await user("Eve");
    const buyer = await user("Fin");
    const s = await sale(seller, buyer);
    expect(await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 2, text: "Late" })).toEqual({ created: true });
    expect(await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 4, text: "Late, but fine" })).toEqual({ created: false });
    expect(await reviewsOf(s.id)).toMatchObject([{ rating: 4, text: "Late, but fine" }]);
    await submitReview({ saleId: s.id, reviewerId: seller.id, rating: 5 });
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 1 }))).toEqual({ status: 400, message: REVIEW_LOCKED });
    expect(await refusal(submitReview({ saleId: s.id, reviewerId: seller.id, rating: 1 }))).toEqual({ status: 400, message: REVIEW_LOCKED });
    expect((await reviewsOf(s.id)).map((r) => r.rating).sort()).toEqual([4, 5]);
  });

  it("two posts at once make one row (the unique key)", async () => {
    const s = await sale(await user("Gil"), await user("Hal"));
    const results = await Promise.allSettled([
      submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 3 }),
      submitReview({ saleId: s.id, reviewerId: s.buyerId, rating: 4 }),
    ]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect(await reviewsOf(s.id)).toHaveLength(1);
  });
});

describe("the double-blind reveal", () => {
  it("the first review is hidden until the second arrives; then both show", async () => {
    const seller = await user("Ivy");
    const buyer = await user("Jon");
    const s = await sale(seller, buyer);
    await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 5, text: "Smooth" });
    // The writer sees theirs, marked hidden; the other side and the profile see nothing yet.
    const mine = await saleReviews({ saleId: s.id, userId: buyer.id, timeZone: tz });
    expect(mine).toMatchObject({ mine: { rating: 5, shown: false }, theirs: null, canReview: true });
    expect(hiddenReviewNote(mine.other.firstName)).toBe("Your review will be shown when Ivy reviews you too, or after 14 days.");
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ mine: null, theirs: null, canReview: true });
    expect((await listReviewsPage({ userId: seller.id, timeZone: tz })).items).toEqual([]);
    expect(await reviewStats(seller.id)).toEqual({ average: null, count: 0 });

    vi.setSystemTime(T0 + DAY);
    await submitReview({ saleId: s.id, reviewerId: seller.id, rating: 4, text: "On time" });
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ mine: { shown: true }, theirs: { rating: 5, text: "Smooth" }, canReview: false, canAnswer: true });
    expect(await saleReviews({ saleId: s.id, userId: buyer.id, timeZone: tz })).toMatchObject({ mine: { shown: true }, theirs: { rating: 4, text: "On time" } });
    expect((await listReviewsPage({ userId: seller.id, timeZone: tz })).items).toMatchObject([
      { reviewer: { id: buyer.id }, context: "Bought Road bike, 54 cm", rating: 5, text: "Smooth", answer: null },
    ]);
    expect((await listReviewsPage({ userId: buyer.id, timeZone: tz })).items).toMatchObject([{ reviewer: { id: seller.id }, context: "Sold to them", rating: 4 }]);
  });

  it("a lone review shows 14 days after the sale (fixed clock)", async () => {
    const seller = await user("Kim");
    const buyer = await user("Lou");
    const s = await sale(seller, buyer);
    vi.setSystemTime(T0 + 3 * DAY);
    await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 3 });
    vi.setSystemTime(T0 + 14 * DAY - 1);
    expect(await reviewStats(seller.id)).toEqual({ average: null, count: 0 });
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ theirs: null });
    vi.setSystemTime(T0 + 14 * DAY);
    expect(await reviewStats(seller.id)).toEqual({ average: 3, count: 1 });
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ theirs: { rating: 3 }, canReview: false, open: false });
    expect((await listReviewsPage({ userId: seller.id, timeZone: tz })).items).toHaveLength(1);
  });
});

describe("the answer", () => {
  it("the reviewed person answers once, a shown review only; anyone else is a 404", async () => {
    const seller = await user("Max");
    const buyer = await user("Ned");
    const stranger = await user("Ola");
    const s = await sale(seller, buyer);
    await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 2, text: "Scratched" });
    const [review] = await reviewsOf(s.id);
    // Not shown yet: not there for the answer either.
    expect(await refusal(answerReview({ reviewId: review!.id, userId: seller.id, text: "Sorry" }))).toMatchObject({ status: 404 });
    await submitReview({ saleId: s.id, reviewerId: seller.id, rating: 5 });
    expect(await refusal(answerReview({ reviewId: review!.id, userId: stranger.id, text: "Hi" }))).toMatchObject({ status: 404 });
    expect(await refusal(answerReview({ reviewId: review!.id, userId: buyer.id, text: "Me again" }))).toMatchObject({ status: 404 });
    expect(await refusal(answerReview({ reviewId: review!.id, userId: seller.id, text: "x".repeat(501) }))).toMatchObject({ status: 400 });
    await answerReview({ reviewId: review!.id, userId: seller.id, text: "It was like that when I bought it." });
    expect(await refusal(answerReview({ reviewId: review!.id, userId: seller.id, text: "Also…" }))).toEqual({ status: 400, message: ALREADY_ANSWERED });
    expect((await listReviewsPage({ userId: seller.id, timeZone: tz })).items).toMatchObject([{ answer: "It was like that when I bought it." }]);
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ canAnswer: false });
  });
});

describe("reports", () => {
  it("a reported review goes to the queue; removed, it is no longer shown or counted", async () => {
    const seller = await user("Pia");
    const buyer = await user("Quin");
    const reporter = await user("Ray");
    const moderator = await user("Mo", { role: "moderator" });
    const s = await sale(seller, buyer);
    await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 1, text: "Call me at 555-0100 for a better deal" });
    await submitReview({ saleId: s.id, reviewerId: seller.id, rating: 5 });
    const review = (await reviewsOf(s.id)).find((r) => r.reviewerId === buyer.id)!;
    expect(await reviewStats(seller.id)).toEqual({ average: 1, count: 1 });
    expect(await reportShownReview({ reporterId: reporter.id, reviewId: review.id, reason: "spam" })).toEqual({ created: true, type: "review" });
    expect(await reportShownReview({ reporterId: reporter.id, reviewId: review.id, reason: "spam" })).toEqual({ created: false, type: "review" });
    const [report] = await getDb().select().from(schema.reports).where(and(eq(schema.reports.targetType, "review"), eq(schema.reports.targetId, review.id)));
    expect(report).toMatchObject({ reportedUserId: buyer.id, status: "open" });
    const done = await moderate(moderator, "remove", { type: "review", id: review.id }, new FormData());
    expect(done).toMatchObject({ ok: true, message: "Review removed." });
    expect(await reviewStats(seller.id)).toEqual({ average: null, count: 0 });
    expect((await listReviewsPage({ userId: seller.id, timeZone: tz })).items).toEqual([]);
    expect(await saleReviews({ saleId: s.id, userId: seller.id, timeZone: tz })).toMatchObject({ theirs: null, canAnswer: false });
    // A review that is not shown cannot be reported.
    await expect(reportShownReview({ reporterId: reporter.id, reviewId: review.id, reason: "spam" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("the average and the count", () => {
  it("one decimal and the count, 'New seller' with none; the Reviews tab pages by keyset", async () => {
    const seller = await user("Uma");
    expect(ratingSummary(await reviewStats(seller.id))).toBe("New seller");
    const ratings = [5, 4, 4];
    for (const [i, rating] of ratings.entries()) {
      vi.setSystemTime(T0 + i * 60_000);
      const buyer = await user(`Buyer${i}`);
      const s = await sale(seller, buyer, `Item ${i}`);
      await submitReview({ saleId: s.id, reviewerId: buyer.id, rating });
      await submitReview({ saleId: s.id, reviewerId: seller.id, rating: 5 });
    }
    expect(await reviewStats(seller.id)).toEqual({ average: 4.3, count: 3 });
    expect(ratingSummary(await reviewStats(seller.id))).toBe("4.3 · 3 reviews");
    expect(ratingSummary({ average: 4.5, count: 12 })).toBe("4.5 · 12 reviews");
    const first = await listReviewsPage({ userId: seller.id, timeZone: tz, limit: 2 });
    expect(first.items.map((r) => r.context)).toEqual(["Bought Item 2", "Bought Item 1"]);
    const second = await listReviewsPage({ userId: seller.id, timeZone: tz, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((r) => r.context)).toEqual(["Bought Item 0"]);
    expect(second.nextCursor).toBeNull();
    const profile = await profileReviews({ userId: seller.id, timeZone: tz, cursor: null, tab: true, walled: false });
    expect(profile.stats).toEqual({ average: 4.3, count: 3 });
    expect(profile.page?.items).toHaveLength(3);
  });
});

describe("a sale's invitations and undoing it", () => {
  it("each side is asked how it went, leading to the conversation; undoing the sale removes invitations and reviews", async () => {
    const seller = await user("Vic");
    const buyer = await user("Wes");
    const s = await sale(seller, buyer);
    const forSeller = await getNotificationsPage({ userId: seller.id, timeZone: tz });
    expect(forSeller.items.find((i) => i.notice === "How did it go with Wes?")).toMatchObject({ href: `/messages/${s.chatId}` });
    const forBuyer = await getNotificationsPage({ userId: buyer.id, timeZone: tz });
    expect(forBuyer.items.find((i) => i.notice === "How did it go with Vic?")).toMatchObject({ href: `/messages/${s.chatId}` });
    await submitReview({ saleId: s.id, reviewerId: buyer.id, rating: 5 });
    vi.setSystemTime(T0 + 47 * 3600_000);
    expect(await undoRecentSale(s.postId)).toBe(true);
    expect(await reviewsOf(s.id)).toEqual([]);
    const invitations = await getDb().select().from(schema.notifications).where(eq(schema.notifications.type, "review"));
    expect(invitations.filter((i) => i.userId === seller.id || i.userId === buyer.id)).toEqual([]);
  });
});
