import { formatDistanceStrict } from "date-fns";
import type { TimeView } from "~/types/views";

// Formatters per time zone, made once: building an Intl.DateTimeFormat costs far
// more than formatting with it, and a page formats dozens of times (every card and comment).
const FORMATTERS_MAX = 200;
type ZoneFormatters = { clock: Intl.DateTimeFormat; date: Intl.DateTimeFormat };
const formatters = new Map<string, ZoneFormatters>();

function formattersFor(timeZone: string): ZoneFormatters {
  let zone = formatters.get(timeZone);
  if (!zone) {
    // Two formats rather than one formatToParts: a string costs a third of the parts' objects.
    zone = {
      clock: new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }),
      date: new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }),
    };
    if (formatters.size >= FORMATTERS_MAX) formatters.delete(formatters.keys().next().value!);
    formatters.set(timeZone, zone);
  }
  return zone;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

/**
 * A time's clock time, date and ISO form in a zone, which never change: kept
 * for the times shown most (the same cards and comments reach many readers),
 * so a page formats only the times it is the first to show.
 */
const FIXED_MAX = 5_000;
type FixedParts = Omit<TimeView, "ago">;
const fixedParts = new Map<string, FixedParts>();

function fixedPartsOf(epochMs: number, timeZone: string): FixedParts {
  const key = `${timeZone} ${epochMs}`;
  const kept = fixedParts.get(key);
  if (kept) return kept;
  const zone = formattersFor(timeZone);
  // "Nov 28": the day is the number at the end. Some ICU versions put a narrow no-break space before "PM".
  const monthDay = zone.date.format(epochMs);
  const space = monthDay.lastIndexOf(" ");
  const parts = {
    iso: new Date(epochMs).toISOString(),
    clock: zone.clock.format(epochMs).replace("\u202f", " "),
    date: `${monthDay.slice(0, space)} ${ordinal(Number(monthDay.slice(space + 1)))}`,
  };
  if (fixedParts.size >= FIXED_MAX) fixedParts.delete(fixedParts.keys().next().value!);
  fixedParts.set(key, parts);
  return parts;
}

/** Formats a time for the viewer's time zone (docs/product.md §19: "X ago", clock time "h:mm AM", date "MMM do"). */
export function timeView(epochMs: number, timeZone: string, now = Date.now()): TimeView {
  const { iso, clock, date } = fixedPartsOf(epochMs, timeZone);
  return {
    iso,
    // "5 seconds ago" under a minute too (docs/product.md §19); a time a little ahead of this clock reads "0 seconds ago".
    ago: `${formatDistanceStrict(Math.min(epochMs, now), now)} ago`,
    clock,
    date,
  };
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The day it is at `epochMs` in a time zone, "2026-05-14" (asked for "now" several times a request). */
export function isoDay(timeZone: string, epochMs: number): string {
  // A zone's day can only change on a quarter hour (UTC): the last answer holds until the next one.
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  const last = lastDays.get(timeZone);
  if (last?.quarter === quarter) return last.day;
  const day = isoDayUncached(timeZone, epochMs);
  if (lastDays.size >= FORMATTERS_MAX) lastDays.delete(lastDays.keys().next().value!);
  lastDays.set(timeZone, { quarter, day });
  return day;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const lastDays = new Map<string, { quarter: number; day: string }>();

function isoDayUncached(timeZone: string, epochMs: number): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormatters.size >= FORMATTERS_MAX) dayFormatters.delete(dayFormatters.keys().next().value!);
    dayFormatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(epochMs)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const validZones = new Map<string, boolean>();

/** A time zone name the runtime understands, or undefined (remembered per name: this runs on every request). */
export function validTimeZone(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  let valid = validZones.get(name);
  if (valid === undefined) {
    try {
      formattersFor(name);
      valid = true;
    } catch {
      valid = false;
    }
    // Names come from requests: remember at most a few hundred, as the formatters.
    if (validZones.size >= FORMATTERS_MAX) validZones.delete(validZones.keys().next().value!);
    validZones.set(name, valid);
  }
  return valid ? name : undefined;
}
