// A listing's textbook and move-out fields between the composer's form and the
// model (docs/product.md §7): what the schema checked becomes the stored
// columns, the post's columns become the edit form's values, and the Must go
// by day is checked against the campus's own today. Also the weekly price drop
// job and its one hook for the price-drop alerts.
import { getCampus } from "~/models/campuses.server";
import { notifyPriceDrop } from "~/models/price-drops.server";
import { halfOf, lowerScheduledPrices, mustGoByAllowed, type ListingExtraColumns, type ScheduledDrop } from "~/models/listing-extras.server";
import { MUST_GO_BY_FORMAT, TEXTBOOKS } from "~/schemas/listing-extras";
import type { Tx } from "~/services/dialect/types";
import { periodicJob } from "~/services/periodic-job.server";
import { parseCourses, storedCourses, coursesOf } from "~/utils/course-codes";
import { formatIsbn, parseIsbn } from "~/utils/isbn";
import { parsePrice, priceInput } from "~/utils/price";

/** The extras as the post schema gives them. */
export type ExtrasValue = {
  category?: string;
  price?: number | null;
  isbn?: string;
  courses?: string;
  edition?: string;
  mustGoBy?: string;
  weeklyDrop?: boolean;
  floor?: string;
};

/** The form's extra field names (drafts and the edit form's values). */
export const EXTRAS_FIELDS = ["isbn", "courses", "edition", "mustGoBy", "weeklyDrop", "floor"] as const;

/** The stored columns of checked form values: textbook details in Textbooks only; a schedule starting `now`. */
export function extrasOf(value: ExtrasValue, now: number): Partial<ListingExtraColumns> {
  const textbook = value.category === TEXTBOOKS;
  const courses = textbook ? parseCourses(value.courses) : null;
  const mustGoBy = value.mustGoBy?.trim() || null;
  const floor = value.floor?.trim() ? parsePrice(value.floor) : null;
  const scheduled = Boolean(value.weeklyDrop && mustGoBy);
  return {
    isbn: textbook ? parseIsbn(value.isbn) : null,
    courseCodes: courses?.ok ? storedCourses(courses.codes) : null,
    edition: textbook ? value.edition?.trim() || null : null,
    mustGoBy,
    priceScheduleFrom: scheduled ? now : null,
    priceFloorCents: scheduled ? (floor?.ok ? floor.cents : value.price != null ? halfOf(value.price) : null) : null,
  };
}

/** The edit form's values of a post's extras. */
export function extrasDefaults(post: ListingExtraColumns): Record<string, string> {
  const isbn = post.isbn ? formatIsbn(post.isbn) : "";
  return {
    isbn,
    courses: coursesOf(post.courseCodes).join(", "),
    edition: post.edition ?? "",
    mustGoBy: post.mustGoBy ?? "",
    weeklyDrop: post.priceScheduleFrom !== null ? "on" : "",
    floor: post.priceScheduleFrom !== null ? priceInput(post.priceFloorCents) : "",
  };
}

/** Why a Must go by day is refused on this campus now (past, or more than 60 days ahead), or null. */
export async function mustGoByRefusal(value: ExtrasValue, campusId: string, now: number): Promise<string | null> {
  const day = value.mustGoBy?.trim();
  if (!day) return null;
  const campus = await getCampus(campusId);
  return mustGoByAllowed(day, campus?.timeZone ?? "UTC", now) ? null : MUST_GO_BY_FORMAT;
}

/**
 * Called inside the transaction that lowered a listing's price on schedule: the
 * savers hear of it like of any other price drop (docs/product.md §8).
 */
export async function onScheduledPriceDrop(tx: Tx, drop: ScheduledDrop): Promise<void> {
  await notifyPriceDrop(tx, { postId: drop.postId, oldCents: drop.oldCents, newCents: drop.newCents });
}

export type PriceScheduleJob = { runOnce(): Promise<ScheduledDrop[]>; start(): void; stop(): Promise<void> };

/** The weekly price drop: every process may run it (each drop is a guarded update in its own transaction). */
export function createPriceScheduleJob(opts: { intervalMs?: number; firstRunMs?: number; now?: () => number; log?: (m: string) => void } = {}): PriceScheduleJob {
  const now = opts.now ?? Date.now;
  const runOnce = () => lowerScheduledPrices(now(), onScheduledPriceDrop);
  return {
    runOnce,
    ...periodicJob({ name: "price schedule", run: runOnce, intervalMs: opts.intervalMs ?? 15 * 60_000, firstRunMs: opts.firstRunMs ?? 90_000, log: opts.log ?? ((m: string) => console.error(m)) }),
  };
}
