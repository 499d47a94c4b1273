// Each campus's move-out weeks (docs/product.md §7): while one is on, the
// campus feed links to the listings that must go soonest and the composer
// offers Must go by. Days are in the campus's time zone, both ends included.
import { and, asc, eq } from "drizzle-orm";
import { getDb, newId, schema } from "~/services/db.server";
import { isIsoDate } from "~/utils/iso-day";
import type { CampusId } from "~/utils/campus";

const { moveOutWeeks } = schema;

export type MoveOutWeek = typeof moveOutWeeks.$inferSelect;

/** The seed's move-out weeks by campus: the end of the spring and fall terms ("MM-DD" first and last day). */
export const DEFAULT_MOVE_OUT: Record<CampusId, [string, string][]> = {
  campus: [["05-08", "05-17"], ["12-11", "12-20"]],
  ou: [["05-08", "05-17"], ["12-12", "12-20"]],
  ut: [["05-10", "05-19"], ["12-12", "12-21"]],
  smu: [["05-06", "05-15"], ["12-10", "12-19"]],
  uf: [["04-27", "05-06"], ["12-08", "12-17"]],
};

/**
 * /home and the composer ask whether today is a move-out day on every request:
 * each campus's weeks (a handful of rows) are read at most once a minute per
 * process and per database, and at once again after this process changes them.
 * Another process sees a change within WEEKS_TTL_MS (docs/product.md §7).
 */
export const WEEKS_TTL_MS = 60_000;
type Span = { startsOn: string; endsOn: string };
const weeksByDb = new WeakMap<object, Map<string, { readAt: number; weeks: Promise<Span[]> }>>();

function weeksCache(): Map<string, { readAt: number; weeks: Promise<Span[]> }> {
  const db = getDb();
  let cache = weeksByDb.get(db);
  if (!cache) weeksByDb.set(db, (cache = new Map()));
  return cache;
}

/** Drops this process's copy of a campus's weeks (after a change to them). */
function forgetWeeks(campusId: string): void {
  weeksCache().delete(campusId);
}

export const MOVE_OUT_DATES = "Choose a first and a last day, the last on or after the first.";

/** The seed: this year's and next year's weeks for a campus that has none yet (the owner's edits are kept). */
export async function seedMoveOutWeeks(campusIds: CampusId[], now = Date.now()): Promise<void> {
  const year = new Date(now).getUTCFullYear();
  for (const campusId of campusIds) {
    const [any] = await getDb().select({ id: moveOutWeeks.id }).from(moveOutWeeks).where(eq(moveOutWeeks.campusId, campusId)).limit(1);
    if (any) continue;
    const rows = [year, year + 1].flatMap((y) => DEFAULT_MOVE_OUT[campusId].map(([from, to]) => ({ id: newId(), campusId, startsOn: `${y}-${from}`, endsOn: `${y}-${to}` })));
    await getDb().insert(moveOutWeeks).values(rows);
    forgetWeeks(campusId);
  }
}

/** A campus's weeks, soonest first. */
export async function listMoveOutWeeks(campusId: string): Promise<MoveOutWeek[]> {
  return getDb().select().from(moveOutWeeks).where(eq(moveOutWeeks.campusId, campusId)).orderBy(asc(moveOutWeeks.startsOn));
}

/** Whether `day` ("2026-05-12", the campus's) falls in one of its move-out weeks (read through the cache above). */
export async function isMoveOutWeek(campusId: string, day: string, now = Date.now()): Promise<boolean> {
  const cache = weeksCache();
  let entry = cache.get(campusId);
  if (!entry || now - entry.readAt >= WEEKS_TTL_MS || now < entry.readAt) {
    const weeks = getDb().select({ startsOn: moveOutWeeks.startsOn, endsOn: moveOutWeeks.endsOn }).from(moveOutWeeks).where(eq(moveOutWeeks.campusId, campusId));
    entry = { readAt: now, weeks: weeks.then((rows) => rows) };
    cache.set(campusId, entry);
    // A failed read is not kept: the next request tries again.
    const failed = entry;
    failed.weeks.catch(() => cache.get(campusId) === failed && cache.delete(campusId));
  }
  return (await entry.weeks).some((w) => w.startsOn <= day && day <= w.endsOn);
}

/** Adds weeks to a campus; refuses days that are not dates or end before they start. */
export async function addMoveOutWeek(campusId: string, startsOn: string, endsOn: string): Promise<{ ok: true } | { ok: false; error: string }> {
  if (!isIsoDate(startsOn) || !isIsoDate(endsOn) || endsOn < startsOn) return { ok: false, error: MOVE_OUT_DATES };
  await getDb().insert(moveOutWeeks).values({ id: newId(), campusId, startsOn, endsOn });
  forgetWeeks(campusId);
  return { ok: true };
}

export async function removeMoveOutWeek(campusId: string, id: string): Promise<void> {
  await getDb().delete(moveOutWeeks).where(and(eq(moveOutWeeks.id, id), eq(moveOutWeeks.campusId, campusId)));
  forgetWeeks(campusId);
}
