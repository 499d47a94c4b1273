// The Wanted post's own fields (docs/product.md §7), part of the wanted and
// edit-wanted schemas in ./post: an optional Course (up to 3 codes) and ISBN,
// checked like a textbook's whatever the category, and an optional "Up to $"
// budget typed like a price.
import * as z from "zod/mini";
import { INVALID_COURSE, parseCourses } from "~/utils/course-codes";
import { INVALID_ISBN, parseIsbn } from "~/utils/isbn";
import { parsePrice } from "~/utils/price";

const filled = (value: string | undefined) => (value ?? "").trim() !== "";

export const wantedFields = {
  kind: z.literal("wanted"),
  isbn: z.optional(z.string().check(z.maxLength(40), z.refine((v) => !filled(v) || parseIsbn(v) !== null, { error: INVALID_ISBN }))),
  courses: z.optional(z.string().check(z.maxLength(100), z.refine((v) => parseCourses(v).ok, { error: INVALID_COURSE }))),
  budget: z.pipe(
    z.optional(z.string().check(z.refine((v) => parsePrice(v).ok, { error: (issue) => budgetError(issue.input) }))),
    z.transform((value) => (value === undefined ? null : (parsePrice(value) as { cents: number }).cents)),
  ),
};

function budgetError(input: unknown): string {
  const parsed = parsePrice(typeof input === "string" ? input : "");
  return parsed.ok ? "" : parsed.error;
}

/** The Wanted form's values as the schema gives them. */
export type WantedValue = { isbn?: string; courses?: string; budget: number | null };
