// Reviews of a sale (docs/product.md §24), called with plain values by the
// review screen and the profile: writing or changing one's review, the one
// answer, reporting a review, and what the profile's Reviews tab and header show.
import { reportReview, type ReportDetails } from "~/models/reports.server";
import {
  ANSWER_POSTED,
  answerReview,
  listReviewsPage,
  REVIEW_POSTED,
  ReviewError,
  reviewForReport,
  reviewStats,
  submitReview,
  type ReviewsPage,
  type ReviewStats,
} from "~/models/reviews.server";
import { ReportError } from "~/models/reports.server";

export type ReviewOutcome = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404; message: string };

async function outcome(run: () => Promise<unknown>, message: string): Promise<ReviewOutcome> {
  try {
    await run();
    return { ok: true, message };
  } catch (error) {
    if (error instanceof ReviewError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/** Writes or changes the user's review of the sale: "Review posted.", or why not (404 for anyone but its two people). */
export function postReview(input: { saleId: string; userId: string; rating: number; text?: string | null; now?: number }): Promise<ReviewOutcome> {
  return outcome(() => submitReview({ saleId: input.saleId, reviewerId: input.userId, rating: input.rating, text: input.text, now: input.now }), REVIEW_POSTED);
}

/** The reviewed person's one answer. */
export function postAnswer(input: { reviewId: string; userId: string; text: string; now?: number }): Promise<ReviewOutcome> {
  return outcome(() => answerReview(input), ANSWER_POSTED);
}

/** Reports a review shown on a profile: a ReportError 404 when it is not shown there. */
export async function reportShownReview(input: { reporterId: string; reviewId: string } & ReportDetails) {
  const review = await reviewForReport(input.reviewId);
  if (!review) throw new ReportError("Not Found", 404);
  return reportReview({ ...input, reviewerId: review.reviewerId });
}

/** The profile's rating and, on its Reviews tab, one page of the reviews. */
export async function profileReviews(opts: { userId: string; timeZone: string; cursor: string | null; tab: boolean; walled: boolean }): Promise<{ stats: ReviewStats; page: ReviewsPage | null }> {
  const stats = await reviewStats(opts.userId);
  if (!opts.tab) return { stats, page: null };
  // Behind a block the tab lists nothing, like the profile's other tabs.
  const page = opts.walled ? { items: [], nextCursor: null } : await listReviewsPage({ userId: opts.userId, timeZone: opts.timeZone, cursor: opts.cursor });
  return { stats, page };
}
