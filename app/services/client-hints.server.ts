import { TIME_ZONE_COOKIE } from "~/utils/client-hints";
import { validTimeZone } from "~/utils/time.server";

/** One cookie's value from a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The browser's time zone from its client-hint cookie, if it sent a valid one. */
export function timeZoneHint(cookieHeader: string | null | undefined): string | undefined {
  const value = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  return value && value.length <= 64 ? validTimeZone(value) : undefined;
}

/** The time zone to show times in: the viewer's when the browser told us, else the fallback (the campus's). */
export function getViewerTimeZone(request: Request, fallbackTimeZone: string): string {
  return timeZoneHint(request.headers.get("Cookie")) ?? fallbackTimeZone;
}
