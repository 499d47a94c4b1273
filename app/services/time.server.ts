import { TZDate } from "@date-fns/tz";
import { format, formatDistanceStrict } from "date-fns";
import type { TimeView } from "~/types/views";

/** Formats a time for the viewer's time zone (docs/product.md §19: "X ago", clock time, "MMM do"). */
export function timeView(epochMs: number, timeZone: string, now = Date.now()): TimeView {
  const zoned = new TZDate(epochMs, timeZone);
  return {
    iso: new Date(epochMs).toISOString(),
    // "5 seconds ago" under a minute too (docs/product.md §19); a time a little ahead of this clock reads "0 seconds ago".
    ago: `${formatDistanceStrict(Math.min(epochMs, now), now)} ago`,
    clock: format(zoned, "h:mm a"),
    date: format(zoned, "MMM do"),
  };
}

/** A time zone name the runtime understands, or undefined. */
export function validTimeZone(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}
