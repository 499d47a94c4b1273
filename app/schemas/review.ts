import * as z from "zod/mini";
import { ANSWER_REQUIRED, ANSWER_TOO_LONG, RATING_REQUIRED, REVIEW_ANSWER_MAX, REVIEW_TEXT_MAX, REVIEW_TOO_LONG } from "~/utils/reviews";

/** Leave a review (docs/product.md §24): a rating of 1 to 5 stars and an optional text of up to 500 characters. */
export const reviewSchema = z.object({
  rating: z.enum(["1", "2", "3", "4", "5"], { error: RATING_REQUIRED }),
  text: z.optional(z.string().check(z.trim(), z.maxLength(REVIEW_TEXT_MAX, { error: REVIEW_TOO_LONG }))),
});

/** The reviewed person's one answer: 1 to 500 characters. */
export const reviewAnswerSchema = z.object({
  answer: z.string({ error: ANSWER_REQUIRED }).check(z.trim(), z.minLength(1, { error: ANSWER_REQUIRED }), z.maxLength(REVIEW_ANSWER_MAX, { error: ANSWER_TOO_LONG })),
});
