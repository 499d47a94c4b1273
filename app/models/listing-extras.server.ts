// What a listing carries beyond its price (docs/product.md §7): a textbook's
// ISBN, course codes and edition; a Must go by date; and the weekly price drop
// (the starting price, a floor, when the schedule began). Stored on `posts`,
// read into cards and pages here, and the price schedule the background job
// applies (app/flows/price-schedule.server.ts).
import { format } from "date-fns";
import { and, asc, eq, gt, gte, isNotNull, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { decodeKeysetCursor, encodeKeysetCursor } from "~/services/cursor.server";
import { getDb, schema, transaction } from "~/services/db.server";
import type { Tx } from "~/services/dialect/types";
import { isoDay } from "~/services/time.server";
import type { ListingExtrasView } from "~/types/views";
import { coursesOf } from "~/utils/course-codes";
import { formatIsbn } from "~/utils/isbn";
import { formatPrice } from "~/utils/price";

const { posts } = schema;

/** Must go by is at most this many days ahead of the campus's today. */
export const MUST_GO_MAX_DAYS = 60;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type ListingExtraColumns = {
  isbn: string | null;
  courseCodes: string | null;
  edition: string | null;
  mustGoBy: string | null;
  originalPriceCents: number | null;
  priceFloorCents: number | null;
  priceScheduleFrom: number | null;
};

export const NO_EXTRAS: ListingExtraColumns = {
  isbn: null,
  courseCodes: null,
  edition: null,
  mustGoBy: null,
  originalPriceCents: null,
  priceFloorCents: null,
  priceScheduleFrom: null,
};

/** The day it is in a time zone, "2026-05-14". */
export function dayIn(timeZone: string, now: number): string {
  return isoDay(timeZone, now);
}

/** A day `days` after an ISO day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether a Must go by day may be chosen now: from the campus's today to 60 days ahead. */
export function mustGoByAllowed(day: string, timeZone: string, now: number): boolean {
  const today = dayIn(timeZone, now);
  return day >= today && day <= addDays(today, MUST_GO_MAX_DAYS);
}

/** A listing whose Must go by day is over has expired, like one left 30 days (`today` in the viewer's time zone). */
export function mustGoPassed(mustGoBy: string | null, today: string): boolean {
  return mustGoBy !== null && mustGoBy < today;
}

/** The feed's condition for it: no Must go by, or not yet past. */
export function mustGoLive(today: string | Placeholder): SQL | undefined {
  return or(isNull(posts.mustGoBy), gte(posts.mustGoBy, today));
}

/**
 * The stored extras of a listing: none for a post without a price; a free
 * listing has no price to lower. A schedule starts at the price asked now.
 */
export function normalizeExtras(input: Partial<ListingExtraColumns> | undefined, listing: { priceCents: number | null; isFree: boolean }): ListingExtraColumns {
  if (!input || listing.priceCents === null) return NO_EXTRAS;
  const scheduled = !listing.isFree && input.mustGoBy && input.priceScheduleFrom != null;
  return {
    isbn: input.isbn ?? null,
    courseCodes: input.courseCodes ?? null,
    edition: input.edition ?? null,
    mustGoBy: input.mustGoBy ?? null,
    originalPriceCents: scheduled ? listing.priceCents : null,
    priceFloorCents: scheduled ? Math.min(input.priceFloorCents ?? halfOf(listing.priceCents), listing.priceCents) : null,
    priceScheduleFrom: scheduled ? input.priceScheduleFrom! : null,
  };
}

/** The default floor: half the starting price, in whole cents. */
export function halfOf(cents: number): number {
  return Math.round(cents / 2);
}

/**
 * An edit that keeps the schedule and the price it has reached keeps the
 * schedule's start and original price; a new price starts it again from there.
 */
export function keepSchedule(previous: ListingExtraColumns & { priceCents: number | null }, next: ListingExtraColumns & { priceCents: number | null }): ListingExtraColumns {
  const { priceCents: _price, ...columns } = next;
  if (next.priceScheduleFrom === null || previous.priceScheduleFrom === null || previous.originalPriceCents === null) return columns;
  if (next.priceCents !== previous.priceCents) return columns;
  return { ...columns, originalPriceCents: previous.originalPriceCents, priceScheduleFrom: previous.priceScheduleFrom };
}

/** 10% off, rounded to the nearest cent (half a cent up), in integers. */
export function tenPercentOff(cents: number): number {
  return Math.floor((cents * 9 + 5) / 10);
}

/**
 * The price a schedule asks at `now`: the original lowered 10% for each full
 * week since it began, each step rounded to cents, never below the floor.
 */
export function scheduledPrice(schedule: { originalPriceCents: number; priceFloorCents: number; priceScheduleFrom: number }, now: number): number {
  const weeks = Math.max(0, Math.floor((now - schedule.priceScheduleFrom) / WEEK_MS));
  let price = schedule.originalPriceCents;
  for (let i = 0; i < weeks && price > schedule.priceFloorCents; i++) price = Math.max(schedule.priceFloorCents, tenPercentOff(price));
  return price;
}

export type ScheduledDrop = { postId: string; oldCents: number; newCents: number };

/**
 * Lowers every listing whose schedule is due (unsold, not deleted, its Must
 * go by not past): each in its own transaction, changed only if the price is
 * still the one read (an edit in between wins), then `onDrop` in the same
 * transaction. Returns the drops made.
 */
export async function lowerScheduledPrices(now: number, onDrop: (tx: Tx, drop: ScheduledDrop) => Promise<void>): Promise<ScheduledDrop[]> {
  const due = await getDb()
    .select({ id: posts.id, priceCents: posts.priceCents, originalPriceCents: posts.originalPriceCents, priceFloorCents: posts.priceFloorCents, priceScheduleFrom: posts.priceScheduleFrom })
    .from(posts)
    .where(and(isNotNull(posts.priceScheduleFrom), isNull(posts.deletedAt), ne(posts.status, "sold"), gt(posts.priceCents, posts.priceFloorCents), gte(posts.mustGoBy, dayIn("UTC", now - 14 * 60 * 60 * 1000))))
    .orderBy(asc(posts.priceScheduleFrom));
  const drops: ScheduledDrop[] = [];
  for (const row of due) {
    if (row.priceCents === null || row.originalPriceCents === null || row.priceFloorCents === null || row.priceScheduleFrom === null) continue;
    const newCents = scheduledPrice({ originalPriceCents: row.originalPriceCents, priceFloorCents: row.priceFloorCents, priceScheduleFrom: row.priceScheduleFrom }, now);
    if (newCents >= row.priceCents) continue;
    const drop = { postId: row.id, oldCents: row.priceCents, newCents };
    const changed = await transaction(async (tx) => {
      const updated = await tx
        .update(posts)
        .set({ priceCents: newCents, updatedAt: now })
        .where(and(eq(posts.id, row.id), eq(posts.priceCents, row.priceCents!), isNotNull(posts.priceScheduleFrom)))
        .returning({ id: posts.id });
      if (updated.length === 0) return false;
      await onDrop(tx, drop);
      return true;
    });
    if (changed) drops.push(drop);
  }
  return drops;
}

/** The columns cards read. */
export const extrasColumns = {
  isbn: posts.isbn,
  courseCodes: posts.courseCodes,
  edition: posts.edition,
  mustGoBy: posts.mustGoBy,
  originalPriceCents: posts.originalPriceCents,
};

/** "May 14" for a Must go by day. */
function dayLabel(day: string): string {
  return format(new Date(`${day}T12:00:00Z`), "MMM d");
}

/** What a card and a page show of the extras; null when there are none. */
export function extrasView(row: { isbn: string | null; courseCodes: string | null; edition: string | null; mustGoBy: string | null; originalPriceCents: number | null; priceCents: number | null }): ListingExtrasView | null {
  const courses = coursesOf(row.courseCodes);
  const wasPrice = row.originalPriceCents !== null && row.priceCents !== null && row.originalPriceCents > row.priceCents ? formatPrice(row.originalPriceCents) : null;
  if (!row.isbn && courses.length === 0 && !row.edition && !row.mustGoBy && !wasPrice) return null;
  return {
    isbn: row.isbn ? formatIsbn(row.isbn) : null,
    courses,
    edition: row.edition,
    mustGoBy: row.mustGoBy ? dayLabel(row.mustGoBy) : null,
    mustGoByIso: row.mustGoBy,
    wasPrice,
  };
}

/** The feed's course filter: listings with this code among theirs ("MATH 2924"). */
export function hasCourse(code: string): SQL {
  // The stored list is comma-separated with no spaces around the commas.
  return sql`(',' || ${posts.courseCodes} || ',') like ${`%,${code},%`}`;
}

/** A Must go by day as a keyset cursor's number (20260514) and back. */
const dayNumber = (day: string) => Number(day.replace(/-/g, ""));
const numberDay = (n: number) => {
  const s = String(n);
  return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : null;
};

/**
 * The "Must go soonest" sort: listings with a Must go by day, soonest first,
 * then by id, keyset paged on posts_must_go_idx. `select` is the feed's own
 * query (its columns and joins), `base` its conditions.
 */
export async function mustGoSoonestPage<Row extends { id: string; mustGoBy: string | null }>(
  select: () => { where(where: SQL | undefined): { orderBy(...by: SQL[]): { limit(n: number): Promise<Row[]> } } },
  base: (SQL | undefined)[],
  cursor: string | null | undefined,
  limit: number,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const from = decodeKeysetCursor(cursor);
  const day = from ? numberDay(from.at) : null;
  const after = from && day ? or(gt(posts.mustGoBy, day), and(eq(posts.mustGoBy, day), gt(posts.id, from.id))) : undefined;
  const rows = await select()
    .where(and(...base, isNotNull(posts.mustGoBy), after))
    .orderBy(asc(posts.mustGoBy), asc(posts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last?.mustGoBy ? encodeKeysetCursor({ at: dayNumber(last.mustGoBy), id: last.id }) : null };
}
