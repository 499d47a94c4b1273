// Two-way reviews of a sale (docs/product.md §24): the seller and the buyer
// each review the other once, double-blind. A review stays hidden from all but
// its writer until both have written or 14 days after the sale have passed
// (`reviews.visible_at`, moved forward when the second one arrives), so nobody
// rates in revenge. The reviewed person may answer once. A review a moderator
// removed after reports is no longer shown or counted.
import { and, avg, count, desc, eq, gte, isNull, lt, lte, or, sql, type Column, type Placeholder } from "drizzle-orm";
import { getDb, newId, numberList, numbersOf, prepared, schema, transaction, type Db, type Tx } from "~/services/db.server";
import { decodeKeysetCursor, encodeKeysetCursor } from "~/services/cursor.server";
import { timeView } from "~/services/time.server";
import type { AuthorView, TimeView } from "~/types/views";
import { ANSWER_REQUIRED, ANSWER_TOO_LONG, RATING_REQUIRED, REVIEW_ANSWER_MAX, REVIEW_TEXT_MAX, REVIEW_TOO_LONG, REVIEW_WINDOW_DAYS } from "~/utils/reviews";
import { CANT_INTERACT } from "~/utils/messages";
import { isBlockedEitherWay } from "./blocks.server";
import { authorColumns, authorView } from "./users.server";

const { reviews, sales, users, posts } = schema;

/** How long after a sale its two people may review each other; then any hidden review shows. */
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 3600_000;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_POSTED = "Review posted.";
export const ANSWER_POSTED = "Answer posted.";
export { hiddenReviewNote, ratingSummary, reviewInvitation, starsLabel } from "~/utils/reviews";
export const REVIEW_CLOSED = "The time to review this sale has ended.";
export const REVIEW_LOCKED = "Your review can't be changed now that they have reviewed you.";
export const ALREADY_ANSWERED = "You already answered this review.";

/** A refused review or answer: 404 for anyone but the two of the sale (nothing is confirmed), 403 blocked, 400 otherwise. */
export class ReviewError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404,
  ) {
    super(message);
  }
}

const NOT_FOUND = "Not Found";

export type ReviewRow = typeof reviews.$inferSelect;
type SaleRow = typeof sales.$inferSelect;

/** The sale and `userId`'s side of it, or null when they are not one of its two people. */
async function saleFor(saleId: string, userId: string, db: Tx | Db = getDb()): Promise<{ sale: SaleRow; role: "buyer" | "seller"; otherId: string } | null> {
  const [sale] = await db.select().from(sales).where(eq(sales.id, saleId)).limit(1);
  if (!sale) return null;
  if (sale.sellerId === userId) return { sale, role: "seller", otherId: sale.buyerId };
  if (sale.buyerId === userId) return { sale, role: "buyer", otherId: sale.sellerId };
  return null;
}

/** The other person of the sale and its campus, for the permission rule; null for anyone else (404). */
export async function saleParty(saleId: string, userId: string): Promise<{ otherId: string; campusId: string | null } | null> {
  const found = await saleFor(saleId, userId);
  if (!found) return null;
  const [post] = await getDb().select({ campusId: posts.campusId }).from(posts).where(eq(posts.id, found.sale.postId)).limit(1);
  return { otherId: found.otherId, campusId: post?.campusId ?? null };
}

export type ReviewView = {
  id: string;
  rating: number;
  text: string | null;
  answer: string | null;
  time: TimeView;
};

/** What one of the two sees of a sale's reviews: theirs (always), the other's once shown, and what they may still do. */
export type SaleReviewsView = {
  saleId: string;
  chatId: string | null;
  role: "buyer" | "seller";
  other: AuthorView;
  /** Still within the 14 days of the sale. */
  open: boolean;
  mine: (ReviewView & { shown: boolean }) | null;
  /** May write their review, or change it while the other's is not in yet (within the 14 days). */
  canReview: boolean;
  theirs: ReviewView | null;
  /** May answer the other's review (shown, not removed, not answered yet). */
  canAnswer: boolean;
};

function reviewView(r: ReviewRow, timeZone: string, now: number): ReviewView {
  return { id: r.id, rating: r.rating, text: r.text, answer: r.answer, time: timeView(r.createdAt, timeZone, now) };
}

/** The sale's reviews as `userId` sees them; a ReviewError 404 for anyone but its two people. */
export async function saleReviews(opts: { saleId: string; userId: string; timeZone: string; now?: number }): Promise<SaleReviewsView> {
  const now = opts.now ?? Date.now();
  const found = await saleFor(opts.saleId, opts.userId);
  if (!found) throw new ReviewError(NOT_FOUND, 404);
  const db = getDb();
  const [other] = await db.select(authorColumns).from(users).where(eq(users.id, found.otherId)).limit(1);
  if (!other) throw new ReviewError(NOT_FOUND, 404);
  const rows = await db.select().from(reviews).where(eq(reviews.saleId, found.sale.id));
  const mine = rows.find((r) => r.reviewerId === opts.userId) ?? null;
  const theirs = rows.find((r) => r.reviewerId === found.otherId) ?? null;
  const theirsShown = theirs && theirs.visibleAt <= now && theirs.removedAt === null ? theirs : null;
  const open = now < found.sale.createdAt + REVIEW_WINDOW_MS;
  return {
    saleId: found.sale.id,
    chatId: found.sale.chatId,
    role: found.role,
    other: authorView(other),
    open,
    mine: mine ? { ...reviewView(mine, opts.timeZone, now), shown: mine.visibleAt <= now } : null,
    // Always the first time; a change only until the other side's is in.
    canReview: open && !(mine && theirs),
    theirs: theirsShown ? reviewView(theirsShown, opts.timeZone, now) : null,
    canAnswer: !!theirsShown && theirsShown.answer === null,
  };
}

/**
 * Writes or changes `reviewerId`'s review of the sale: only its two people
 * (else 404, nothing stored), never between people who blocked each other,
 * within 14 days of the sale, and only until the other side's review is in.
 * The second review of a sale shows both at once.
 */
export async function submitReview(input: { saleId: string; reviewerId: string; rating: number; text?: string | null; now?: number }): Promise<{ created: boolean }> {
  const now = input.now ?? Date.now();
  const text = input.text?.trim() || null;
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw new ReviewError(RATING_REQUIRED, 400);
  if (text && text.length > REVIEW_TEXT_MAX) throw new ReviewError(REVIEW_TOO_LONG, 400);
  const found = await saleFor(input.saleId, input.reviewerId);
  if (!found) throw new ReviewError(NOT_FOUND, 404);
  if (await isBlockedEitherWay(input.reviewerId, found.otherId)) throw new ReviewError(CANT_INTERACT, 403);
  if (now >= found.sale.createdAt + REVIEW_WINDOW_MS) throw new ReviewError(REVIEW_CLOSED, 400);
  return transaction(async (tx) => {
    const rows = await tx.select().from(reviews).where(eq(reviews.saleId, found.sale.id));
    const mine = rows.find((r) => r.reviewerId === input.reviewerId);
    const theirs = rows.find((r) => r.reviewerId === found.otherId);
    if (mine && theirs) throw new ReviewError(REVIEW_LOCKED, 400);
    // Both written: both show now. Otherwise this one waits for the other or the end of the 14 days.
    const visibleAt = theirs ? now : found.sale.createdAt + REVIEW_WINDOW_MS;
    if (mine) {
      await tx.update(reviews).set({ rating: input.rating, text, updatedAt: now }).where(eq(reviews.id, mine.id));
      return { created: false };
    }
    await tx.insert(reviews).values({
      id: newId(),
      saleId: found.sale.id,
      reviewerId: input.reviewerId,
      revieweeId: found.otherId,
      role: found.role,
      rating: input.rating,
      text,
      visibleAt,
      createdAt: now,
      updatedAt: now,
    });
    if (theirs) await tx.update(reviews).set({ visibleAt: sql`case when ${reviews.visibleAt} > ${now} then ${now} else ${reviews.visibleAt} end` }).where(eq(reviews.id, theirs.id));
    return { created: true };
  });
}

/**
 * The reviewed person answers a review of them, once (500 characters), when
 * it is shown. Anyone else, or a review not shown yet: 404.
 */
export async function answerReview(input: { reviewId: string; userId: string; text: string; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const text = input.text.trim();
  const [review] = await getDb().select().from(reviews).where(eq(reviews.id, input.reviewId)).limit(1);
  if (!review || review.revieweeId !== input.userId || review.visibleAt > now || review.removedAt !== null) throw new ReviewError(NOT_FOUND, 404);
  if (!text) throw new ReviewError(ANSWER_REQUIRED, 400);
  if (text.length > REVIEW_ANSWER_MAX) throw new ReviewError(ANSWER_TOO_LONG, 400);
  if (await isBlockedEitherWay(input.userId, review.reviewerId)) throw new ReviewError(CANT_INTERACT, 403);
  const done = await getDb()
    .update(reviews)
    .set({ answer: text, answeredAt: now, updatedAt: now })
    .where(and(eq(reviews.id, review.id), isNull(reviews.answer)))
    .returning({ id: reviews.id });
  if (done.length === 0) throw new ReviewError(ALREADY_ANSWERED, 400);
}

/** What counts toward a person's rating and shows on their Reviews tab at `now`. */
function shownAbout(userId: string | Placeholder | Column, now: number | Placeholder) {
  return and(eq(reviews.revieweeId, userId), lte(reviews.visibleAt, now), isNull(reviews.removedAt));
}

export type ReviewStats = { average: number | null; count: number };

/** The average (one decimal) and count of the reviews shown about `userId`. */
export async function reviewStats(userId: string, now = Date.now()): Promise<ReviewStats> {
  const [row] = await getDb().select({ average: avg(reviews.rating), n: count() }).from(reviews).where(shownAbout(userId, now));
  return statsOf(row?.average ?? null, Number(row?.n ?? 0));
}

function statsOf(average: string | number | null, n: number): ReviewStats {
  return { average: n > 0 && average !== null ? Math.round(Number(average) * 10) / 10 : null, count: n };
}

export type ProfileReviewView = {
  id: string;
  reviewer: AuthorView;
  /** "Bought road bike, 54 cm" (the reviewer bought it from this person) or "Sold to them". */
  context: string;
  rating: number;
  text: string | null;
  answer: string | null;
  time: TimeView;
};

export type ReviewsPage = { items: ProfileReviewView[]; nextCursor: string | null };

function itemTitle(blocks: { text: string }[] | null): string {
  const first = (blocks ?? []).map((b) => b.text.trim()).find(Boolean) ?? "";
  const line = first.split("\n")[0]?.trim() ?? "";
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line || "an item";
}

/**
 * One page of the reviews shown about `userId`, newest first, keyset paged on
 * (created_at, id) by `reviews_reviewee_idx`: one query, reviewer and item joined.
 */
export async function listReviewsPage(opts: { userId: string; timeZone: string; cursor?: string | null; limit?: number; now?: number }): Promise<ReviewsPage> {
  const now = opts.now ?? Date.now();
  const limit = opts.limit ?? REVIEWS_PAGE_SIZE;
  const cursor = decodeKeysetCursor(opts.cursor);
  const rows = await getDb()
    .select({
      id: reviews.id,
      role: reviews.role,
      rating: reviews.rating,
      text: reviews.text,
      answer: reviews.answer,
      createdAt: reviews.createdAt,
      reviewer: authorColumns,
      item: posts.text,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .innerJoin(sales, eq(sales.id, reviews.saleId))
    .leftJoin(posts, eq(posts.id, sales.postId))
    .where(and(shownAbout(opts.userId, now), cursor ? or(lt(reviews.createdAt, cursor.at), and(eq(reviews.createdAt, cursor.at), lt(reviews.id, cursor.id))) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      reviewer: authorView(r.reviewer),
      context: r.role === "buyer" ? `Bought ${itemTitle(r.item)}` : "Sold to them",
      rating: r.rating,
      text: r.text,
      answer: r.answer,
      time: timeView(r.createdAt, opts.timeZone, now),
    })),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** A review as a report needs it: its writer (the reported person); null when it is not shown to `viewerId`. */
export async function reviewForReport(reviewId: string, now = Date.now()): Promise<{ reviewerId: string; revieweeId: string } | null> {
  const [row] = await getDb()
    .select({ reviewerId: reviews.reviewerId, revieweeId: reviews.revieweeId, visibleAt: reviews.visibleAt, removedAt: reviews.removedAt })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!row || row.visibleAt > now || row.removedAt !== null) return null;
  return { reviewerId: row.reviewerId, revieweeId: row.revieweeId };
}

/** A moderator removed the review after reports: no longer shown or counted. */
export async function removeReview(reviewId: string, now = Date.now(), db: Tx | Db = getDb()): Promise<boolean> {
  const done = await db.update(reviews).set({ removedAt: now }).where(and(eq(reviews.id, reviewId), isNull(reviews.removedAt))).returning({ id: reviews.id });
  return done.length > 0;
}

// ---------------------------------------------------------------------------
// The seller card

/** Conversations about the seller's listings this recent count toward "Usually replies within …". */
export const REPLY_WINDOW_MS = 90 * 24 * 3600_000;
/** Fewer conversations than this in the window: no reply time shown. */
export const REPLY_MIN_CONVERSATIONS = 3;

/**
 * "Usually replies within an hour / a few hours / a day" from the times the
 * seller took to answer (null: not yet answered, counted as the time waited
 * so far), or null with too few conversations or a median over a day.
 */
export function replyTimeLabel(waits: number[]): string | null {
  if (waits.length < REPLY_MIN_CONVERSATIONS) return null;
  const sorted = [...waits].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const hour = 3600_000;
  if (median <= hour) return "Usually replies within an hour";
  if (median <= 6 * hour) return "Usually replies within a few hours";
  if (median <= 24 * hour) return "Usually replies within a day";
  return null;
}

export type SellerCardView = {
  seller: AuthorView;
  schoolVerified: boolean;
  joined: string;
  sold: number;
  rating: ReviewStats;
  replies: string | null;
};

/** "Nov 2025": made once, not per card (a formatter costs more to build than to use). */
const JOINED_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The seller card's figures about `sellerId` as columns (scalar subqueries) of
 * a statement about them: their own row (sellerCard) or the post page's post,
 * whose author they are (models/posts getPost). Placeholders: `now`, `since`
 * (sellerCardValues).
 */
export function sellerCardColumns(sellerId: Placeholder | Column) {
  const { chats } = schema;
  const now = sql.placeholder("now");
  const shown = shownAbout(sellerId, now);
  // How long each conversation of the window waited for the seller's first reply (so far, when not yet answered).
  const waits = getDb()
    .select({ waits: numberList(sql`coalesce(${chats.firstReplyAt}, ${now}) - ${chats.firstMessageAt}`) })
    .from(chats)
    .where(and(eq(chats.sellerId, sellerId), gte(chats.firstMessageAt, sql.placeholder("since"))));
  return {
    schoolVerified: users.schoolVerified,
    createdAt: users.createdAt,
    sold: sql<number>`(select count(*) from ${sales} where ${sales.sellerId} = ${sellerId})`.mapWith(Number),
    ratingCount: sql<number>`(select count(*) from ${reviews} where ${shown})`.mapWith(Number),
    ratingAverage: sql<string | number | null>`(select avg(${reviews.rating}) from ${reviews} where ${shown})`,
    waits: sql<string | null>`(${waits})`,
  };
}

/** The values of sellerCardColumns' placeholders. */
export function sellerCardValues(now: number): { now: number; since: number } {
  return { now, since: now - REPLY_WINDOW_MS };
}

type SellerCardRow = { schoolVerified: boolean; createdAt: number; sold: number; ratingCount: number; ratingAverage: string | number | null; waits: string | null };

/** The seller card of `seller` (their author columns) from sellerCardColumns' values. */
export function sellerCardOf(seller: Parameters<typeof authorView>[0], row: SellerCardRow): SellerCardView {
  return {
    seller: authorView(seller),
    schoolVerified: row.schoolVerified,
    joined: `Joined ${JOINED_FORMAT.format(row.createdAt)}`,
    sold: row.sold,
    rating: statsOf(row.ratingAverage, row.ratingCount),
    replies: replyTimeLabel(numbersOf(row.waits)),
  };
}

const sellerRowQuery = prepared(() => {
  const sellerId = sql.placeholder("sellerId");
  return getDb()
    .select({ seller: authorColumns, card: sellerCardColumns(sellerId) })
    .from(users)
    .where(eq(users.id, sellerId))
    .limit(1);
});

/**
 * What the listing page's seller card shows, in one statement whatever the
 * seller's history: the person with their sold count, rating and the reply
 * waits of their conversations of the last 90 days (scalar subqueries). The
 * post page reads the same columns with the post instead.
 */
export async function sellerCard(sellerId: string, now = Date.now()): Promise<SellerCardView | null> {
  const [row] = await sellerRowQuery().execute({ sellerId, ...sellerCardValues(now) });
  return row ? sellerCardOf(row.seller, row.card) : null;
}

/** The conversation's sale `userId` may still review (within its 14 days), for **Leave a review** there; null otherwise. */
export async function reviewPromptFor(chatId: string, userId: string, now = Date.now()): Promise<{ saleId: string } | null> {
  const [sale] = await getDb()
    .select({ id: sales.id, sellerId: sales.sellerId, buyerId: sales.buyerId, createdAt: sales.createdAt })
    .from(sales)
    .where(and(eq(sales.chatId, chatId), gte(sales.createdAt, now - REVIEW_WINDOW_MS)))
    .orderBy(desc(sales.createdAt))
    .limit(1);
  if (!sale || (sale.sellerId !== userId && sale.buyerId !== userId)) return null;
  return { saleId: sale.id };
}
