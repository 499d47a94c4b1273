import { describe, expect, it } from "vitest";
import { timeView } from "~/services/time.server";

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
});
