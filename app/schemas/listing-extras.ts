// The composer's textbook and move-out fields (docs/product.md §7), part of the
// post and edit schemas: ISBN, Course and Edition count for a listing in
// Textbooks only; Must go by, the weekly price drop and its floor for any
// priced listing. Dates are checked for their form here; whether one is
// within the next 60 days of the campus is the server's (it knows the campus's day).
import * as z from "zod/mini";
import { INVALID_COURSE, parseCourses } from "~/utils/course-codes";
import { INVALID_ISBN, parseIsbn } from "~/utils/isbn";
import { isIsoDate } from "~/utils/iso-day";
import { parsePrice } from "~/utils/price";

export const TEXTBOOKS = "textbooks";
export const MUST_GO_BY_FORMAT = "Choose a date from today to 60 days ahead.";
export const DROP_NEEDS_DATE = "Lowering the price each week needs a price and a Must go by date.";
export const FLOOR_ABOVE_PRICE = "The lowest price must be below the price.";
export const EDITION_MAX = 40;

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

export const listingExtrasFields = {
  isbn: optionalText(40),
  courses: optionalText(100),
  edition: z.optional(z.string().check(z.maxLength(EDITION_MAX, { error: `Edition must be ${EDITION_MAX} characters or fewer.` }))),
  mustGoBy: optionalText(20),
  weeklyDrop: z.pipe(z.optional(z.string()), z.transform((value) => value !== undefined)),
  floor: optionalText(20),
};

type ExtrasValue = {
  category?: string;
  price: number | null;
  free: boolean;
  isbn?: string;
  courses?: string;
  mustGoBy?: string;
  weeklyDrop: boolean;
  floor?: string;
};

const isTextbook = (v: ExtrasValue) => v.category === TEXTBOOKS;
const filled = (value: string | undefined) => (value ?? "").trim() !== "";

export const listingExtrasChecks = [
  z.refine<ExtrasValue>((v) => !isTextbook(v) || !filled(v.isbn) || parseIsbn(v.isbn) !== null, { error: INVALID_ISBN, path: ["isbn"] }),
  z.refine<ExtrasValue>((v) => !isTextbook(v) || parseCourses(v.courses).ok, { error: INVALID_COURSE, path: ["courses"] }),
  z.refine<ExtrasValue>((v) => !filled(v.mustGoBy) || isIsoDate(v.mustGoBy!.trim()), { error: MUST_GO_BY_FORMAT, path: ["mustGoBy"] }),
  z.refine<ExtrasValue>((v) => !v.weeklyDrop || (filled(v.mustGoBy) && v.price !== null && !v.free), { error: DROP_NEEDS_DATE, path: ["weeklyDrop"] }),
  z.refine<ExtrasValue>(
    (v) => {
      if (!v.weeklyDrop || !filled(v.floor)) return true;
      const floor = parsePrice(v.floor!);
      return floor.ok && (v.price === null || floor.cents < v.price);
    },
    { error: FLOOR_ABOVE_PRICE, path: ["floor"] },
  ),
];
