// First-party analytics (docs/product.md §20): the named events and page views, stored in
// the events table. Nothing about the person beyond their user id: no IP
// address, no user agent, no query string.
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import type { PageView } from "~/services/middleware.server";

export const EVENT_NAMES = ["Complete Registration", "Login", "Profile View", "Delete Post", "Page View"] as const;
export type EventName = (typeof EVENT_NAMES)[number];

const { events } = schema;

/** The path without query string or fragment (they can carry addresses and tokens), capped in length. */
export function cleanPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const bare = path.split(/[?#]/)[0]!;
  return bare.slice(0, 200) || "/";
}

/** Records one event. Never throws: analytics must not break the request that caused it. */
export async function recordEvent(
  name: EventName,
  opts: { userId?: string | null; campusId?: string | null; path?: string | null; at?: number } = {},
): Promise<void> {
  try {
    await getDb()
      .insert(events)
      .values({
        name,
        userId: opts.userId ?? null,
        campusId: opts.campusId ?? null,
        path: cleanPath(opts.path),
        ...(opts.at === undefined ? {} : { createdAt: opts.at }),
      });
  } catch (error) {
    console.error(`analytics: could not record ${name}: ${String(error)}`);
  }
}

const PAGE_VIEW_BATCH = 500;
const PAGE_VIEW_FLUSH_MS = 1000;
let pendingViews: (typeof events.$inferInsert)[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Records a page view. Views are written in one insert per second (or per
 * 500), not one per request: a busy feed would otherwise spend a write on
 * every page it serves. A crash loses at most that second's views.
 */
export function recordPageView(view: PageView): void {
  pendingViews.push({ name: "Page View", userId: view.userId ?? null, campusId: view.campusId ?? null, path: cleanPath(view.path), createdAt: Date.now() });
  if (pendingViews.length >= PAGE_VIEW_BATCH) void flushPageViews();
  else flushTimer ??= setTimeout(() => void flushPageViews(), PAGE_VIEW_FLUSH_MS).unref();
}

/** Writes the page views not yet written (on a timer, before the analytics page reads, and at shutdown). Never throws. */
export async function flushPageViews(): Promise<void> {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const batch = pendingViews;
  pendingViews = [];
  if (batch.length === 0) return;
  try {
    await getDb().insert(events).values(batch);
  } catch (error) {
    console.error(`analytics: could not record ${batch.length} page views: ${String(error)}`);
  }
}

export type DayCounts = { day: string; counts: Record<EventName, number> };

/**
 * Events per day for the last `days` days (today included), newest first, every
 * day present even when nothing happened. Days are calendar days in `timeZone`.
 */
export async function countsPerDay(opts: { days?: number; timeZone?: string; now?: number; campusId?: string } = {}): Promise<DayCounts[]> {
  const days = Math.max(1, Math.min(opts.days ?? 30, 366));
  const timeZone = opts.timeZone ?? "UTC";
  const today = startOfDay(new TZDate(opts.now ?? Date.now(), timeZone));
  const ranges = Array.from({ length: days }, (_, i) => {
    const start = addDays(today, -i);
    return { day: format(start, "yyyy-MM-dd"), start: start.getTime(), end: addDays(start, 1).getTime() };
  });
  const oldest = ranges[ranges.length - 1]!.start;
  const newestEnd = ranges[0]!.end;

  // The boundaries of local days are computed here (they move with daylight
  // saving time); SQL buckets each event into one of them.
  const bucket = sql.join(
    [sql`case`, ...ranges.map((r) => sql`when ${events.createdAt} >= ${r.start} then ${r.day}`), sql`end`],
    sql` `,
  );
  const filters = [inArray(events.name, [...EVENT_NAMES]), gte(events.createdAt, oldest), lt(events.createdAt, newestEnd)];
  if (opts.campusId) filters.push(eq(events.campusId, opts.campusId));
  const rows = await getDb()
    .select({ day: sql<string>`${bucket}`.as("day"), name: events.name, n: count() })
    .from(events)
    .where(and(...filters))
    .groupBy(sql`1`, events.name);

  const byDay = new Map(
    ranges.map((r) => [r.day, Object.fromEntries(EVENT_NAMES.map((n) => [n, 0])) as Record<EventName, number>]),
  );
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts && (EVENT_NAMES as readonly string[]).includes(row.name)) counts[row.name as EventName] = row.n;
  }
  return ranges.map((r) => ({ day: r.day, counts: byDay.get(r.day)! }));
}
