// Reviews' fixed numbers and words, shared by the browser and the server (docs/product.md §24).
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MAX = 500;
export const REVIEW_ANSWER_MAX = 500;
export const RATING_REQUIRED = "Choose a rating.";
export const REVIEW_TOO_LONG = `Your review can be at most ${REVIEW_TEXT_MAX} characters.`;
export const ANSWER_REQUIRED = "Write your answer.";
export const ANSWER_TOO_LONG = `Your answer can be at most ${REVIEW_ANSWER_MAX} characters.`;

/** "1 star" … "5 stars": the radio labels and the text equivalent of the stars shown. */
export function starsLabel(rating: number): string {
  return rating === 1 ? "1 star" : `${rating} stars`;
}

/** The profile header's rating: "4.5 · 12 reviews", or "New seller" with none. */
export function ratingSummary(stats: { average: number | null; count: number }): string {
  if (stats.count === 0 || stats.average === null) return "New seller";
  return `${stats.average.toFixed(1)} · ${stats.count} ${stats.count === 1 ? "review" : "reviews"}`;
}

/** Shown under the writer's own review while it is hidden. */
export function hiddenReviewNote(firstName: string): string {
  return `Your review will be shown when ${firstName} reviews you too, or after ${REVIEW_WINDOW_DAYS} days.`;
}

/** The notification each side of a sale gets. */
export function reviewInvitation(firstName: string): string {
  return `How did it go with ${firstName}?`;
}
