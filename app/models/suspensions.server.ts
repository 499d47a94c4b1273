// Suspensions (docs/product.md §14): a moderator suspends an author for 7 days or for
// good, with a reason. A suspended user can read but not post, comment,
// message or save, and is told why. This module is the one place that rule
// lives: the flows ask `suspensionMessage` before each of those actions, and
// the layout shows the same words where the composer, comment box, message
// composer and Save would be.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "~/services/db.server";
import { getCampus } from "./campuses.server";
import type { User } from "./users.server";

/** The length of a suspension that is not permanent. */
export const SUSPENSION_DAYS = 7;
const DAY_MS = 24 * 3600_000;

export const OWNER_NOT_SUSPENDABLE = "The owner can't be suspended.";

export class SuspensionError extends Error {
  constructor(
    message: string,
    readonly status: 403 | 404,
  ) {
    super(message);
  }
}

export type Suspension = { until: number | null; reason: string };

type SuspensionFields = Pick<User, "role" | "suspendedAt" | "suspendedUntil" | "suspensionReason">;

/**
 * The suspension in force at `now`, or null. It ends by time alone
 * (suspended_until passed: no job clears it); without an end it is permanent.
 * The owner is never suspended, whatever a row says.
 */
export function activeSuspension(user: SuspensionFields, now = Date.now()): Suspension | null {
  if (user.role === "owner" || user.suspendedAt === null) return null;
  if (user.suspendedUntil !== null && user.suspendedUntil <= now) return null;
  return { until: user.suspendedUntil, reason: user.suspensionReason ?? "" };
}

/** "until December 3, 2026, 4:05 PM" in the campus's time zone, or "permanently". */
export function suspensionLength(suspension: Suspension, timeZone: string): string {
  return suspension.until === null ? "permanently" : `until ${format(new TZDate(suspension.until, timeZone), "MMMM d, yyyy, h:mm a")}`;
}

/**
 * What a suspended user is told, both where the composer would be and when
 * an action is refused: "Your account is suspended until {date}: {reason}" or
 * "Your account is suspended permanently: {reason}". Null when not suspended.
 */
export function suspensionMessage(user: SuspensionFields, timeZone: string, now = Date.now()): string | null {
  const suspension = activeSuspension(user, now);
  return suspension ? `Your account is suspended ${suspensionLength(suspension, timeZone)}: ${suspension.reason}` : null;
}

/**
 * Why a suspended user may not post, comment, message or save, in the words
 * the site shows them (dates in the campus's time zone), or null when they may.
 * Every such action asks this first, whatever the browser sent.
 */
export async function suspensionRefusal(user: SuspensionFields, campusId: string, now = Date.now()): Promise<string | null> {
  if (!activeSuspension(user, now)) return null;
  return suspensionMessage(user, (await getCampus(campusId))?.timeZone ?? "UTC", now);
}

/**
 * Suspends a user for SUSPENSION_DAYS or permanently, replacing any earlier
 * suspension. Refused for the owner. Runs in the caller's transaction when given one.
 */
export async function suspendUser(
  input: { userId: string; permanent: boolean; reason: string; now?: number },
  db: Tx | Db = getDb(),
): Promise<Suspension> {
  const now = input.now ?? Date.now();
  const [user] = await db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, input.userId)).limit(1);
  if (!user) throw new SuspensionError("Not Found", 404);
  if (user.role === "owner") throw new SuspensionError(OWNER_NOT_SUSPENDABLE, 403);
  const until = input.permanent ? null : now + SUSPENSION_DAYS * DAY_MS;
  await db
    .update(schema.users)
    .set({ suspendedAt: now, suspendedUntil: until, suspensionReason: input.reason, updatedAt: now })
    .where(eq(schema.users.id, input.userId));
  return { until, reason: input.reason };
}

/** Ends a user's suspension at once. */
export async function liftSuspension(userId: string, db: Tx | Db = getDb(), now = Date.now()): Promise<void> {
  await db
    .update(schema.users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: now })
    .where(eq(schema.users.id, userId));
}
