import { describe, expect, it } from "vitest";
import { isoDay, timeView } from "~/services/time.server";

const TZ = "America/Chicago";
const NOW = Date.UTC(2025, 2, 14, 18, 30, 0);

describe("timeView: \"X ago\" (docs/product.md §19)", () => {
  it.each([
    [0, "0 seconds ago"],
    [1_000, "1 second ago"],
    [5_000, "5 seconds ago"],
    [59_000, "59 seconds ago"],
    [60_000, "1 minute ago"],
    [3 * 3600_000, "3 hours ago"],
  ])("%i ms before now reads %s", (age, ago) => {
    expect(timeView(NOW - age, TZ, NOW).ago).toBe(ago);
  });

  it("a time slightly ahead of the server's clock reads as now", () => {
    expect(timeView(NOW + 2_000, TZ, NOW).ago).toBe("0 seconds ago");
  });

  it("gives the clock time and date in the viewer's time zone", () => {
    expect(timeView(NOW, TZ, NOW)).toMatchObject({ clock: "1:30 PM", date: "Mar 14th" });
  });

  it("asked again for the same time, keeps its clock time and date and tells its age anew, per zone", () => {
    expect(timeView(NOW, TZ, NOW)).toEqual({ iso: new Date(NOW).toISOString(), ago: "0 seconds ago", clock: "1:30 PM", date: "Mar 14th" });
    expect(timeView(NOW, TZ, NOW + 3 * 3600_000)).toEqual({ iso: new Date(NOW).toISOString(), ago: "3 hours ago", clock: "1:30 PM", date: "Mar 14th" });
    expect(timeView(NOW, "Asia/Tokyo", NOW)).toMatchObject({ clock: "3:30 AM", date: "Mar 15th" });
    expect(timeView(NOW, TZ, NOW)).toMatchObject({ clock: "1:30 PM", date: "Mar 14th" });
  });
});

describe("timeView: clock and date in any zone", () => {
  it.each([
    [Date.UTC(2025, 0, 1, 0, 5), "UTC", "12:05 AM", "Jan 1st"],
    [Date.UTC(2025, 0, 2, 12, 0), "UTC", "12:00 PM", "Jan 2nd"],
    [Date.UTC(2025, 0, 3, 23, 59), "UTC", "11:59 PM", "Jan 3rd"],
    [Date.UTC(2025, 0, 11, 9, 0), "UTC", "9:00 AM", "Jan 11th"],
    [Date.UTC(2025, 0, 12, 9, 0), "UTC", "9:00 AM", "Jan 12th"],
    [Date.UTC(2025, 0, 13, 9, 0), "UTC", "9:00 AM", "Jan 13th"],
    [Date.UTC(2025, 0, 21, 9, 0), "UTC", "9:00 AM", "Jan 21st"],
    [Date.UTC(2025, 0, 22, 9, 0), "UTC", "9:00 AM", "Jan 22nd"],
    [Date.UTC(2025, 0, 23, 9, 0), "UTC", "9:00 AM", "Jan 23rd"],
    [Date.UTC(2025, 0, 31, 9, 0), "UTC", "9:00 AM", "Jan 31st"],
    // The day changes with the zone: 02:00 UTC on Mar 1 is the evening of Feb 28 in Chicago.
    [Date.UTC(2025, 2, 1, 2, 0), "America/Chicago", "8:00 PM", "Feb 28th"],
    [Date.UTC(2025, 6, 4, 16, 30), "Asia/Tokyo", "1:30 AM", "Jul 5th"],
  ])("%i in %s reads %s, %s", (at, zone, clock, date) => {
    expect(timeView(at, zone, at)).toMatchObject({ clock, date });
  });
});

describe("timeView and isoDay agree with the runtime's own calendar", () => {
  it("over a year of times in zones with odd offsets and summer time", () => {
    for (const zone of ["America/Chicago", "Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham", "America/St_Johns", "UTC"]) {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "short", day: "2-digit", hour: "numeric", minute: "2-digit", hour12: true });
      // Every 7 h 13 min through 2025, so each hour and day of the week comes up.
      for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2026, 0, 1); at += 7 * 3600_000 + 13 * 60_000) {
        const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
        const view = timeView(at, zone, at);
        expect(view.clock).toBe(`${p.hour}:${p.minute} ${p.dayPeriod}`);
        expect(view.date.startsWith(`${p.month} ${Number(p.day)}`)).toBe(true);
        const month = new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "2-digit" }).format(at);
        expect(isoDay(zone, at)).toBe(`${p.year}-${month}-${p.day}`);
      }
    }
  });

  it("isoDay turns over at the zone's midnight, also when asked again within the same quarter hour", () => {
    // Kathmandu is UTC+5:45: its midnight is 18:15 UTC.
    const midnight = Date.UTC(2025, 4, 13, 18, 15);
    expect(isoDay("Asia/Kathmandu", midnight - 1)).toBe("2025-05-13");
    expect(isoDay("Asia/Kathmandu", midnight - 60_000)).toBe("2025-05-13");
    expect(isoDay("Asia/Kathmandu", midnight)).toBe("2025-05-14");
    expect(isoDay("Asia/Kathmandu", midnight + 14 * 60_000)).toBe("2025-05-14");
    expect(isoDay("Asia/Kathmandu", midnight - 1)).toBe("2025-05-13");
  });
});

describe("validTimeZone", () => {
  it("keeps a zone the runtime knows and drops one it does not, every time it is asked", async () => {
    const { validTimeZone } = await import("~/services/time.server");
    for (let i = 0; i < 2; i++) {
      expect(validTimeZone("America/Chicago")).toBe("America/Chicago");
      expect(validTimeZone("Not/AZone")).toBeUndefined();
      expect(validTimeZone("")).toBeUndefined();
    }
  });
});
