import { TIME_ZONE_COOKIE } from "~/utils/client-hints";
import { validTimeZone } from "~/services/time.server";

/** Every value a Cookie header gives the cookie `name`, in the order sent (a header may repeat a name). */
export function readCookies(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      values.push(decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A value that does not decode is not one of ours.
    }
  }
  return values;
}

/** One cookie's value from a Cookie header (the first sent), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return readCookies(header, name)[0];
}

/**
 * The browser's time zone from its client-hint cookie, if it sent a valid one:
 * the first valid one when the header repeats the cookie, the others ignored.
 * The page cache keys on this same answer, so a cached page and the page
 * rendered for it never disagree.
 */
export function timeZoneHint(cookieHeader: string | null | undefined): string | undefined {
  for (const value of readCookies(cookieHeader, TIME_ZONE_COOKIE)) {
    const zone = value.length <= 64 ? validTimeZone(value) : undefined;
    if (zone) return zone;
  }
  return undefined;
}

/** The time zone to show times in: the viewer's when the browser told us, else the fallback (the campus's). */
export function getViewerTimeZone(request: Request, fallbackTimeZone: string): string {
  return timeZoneHint(request.headers.get("Cookie")) ?? fallbackTimeZone;
}
