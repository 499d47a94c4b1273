import { beforeEach, describe, expect, it, vi } from "vitest";
import { cleanPath, countsPerDay, recordEvent } from "~/models/events.server";
import { getDb, schema } from "~/services/db.server";

beforeEach(async () => {
  await getDb().delete(schema.events);
});

describe("recordEvent", () => {
  it("stores the name, user id, campus and bare path, and nothing else about the person", async () => {
    await recordEvent("Login", { userId: "u1", campusId: "ou", path: "/login?email=sam%40ou.edu#top" });
    const rows = (await getDb().select().from(schema.events));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Login", userId: "u1", campusId: "ou", path: "/login" });
    expect(Object.keys(rows[0]!).sort()).toEqual(["campusId", "createdAt", "id", "name", "path", "userId"]);
  });

  it("never throws", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(recordEvent("Page View", { path: "/", at: Number.NaN })).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("cleans paths", async () => {
    expect(cleanPath("/unsubscribe?token=abc")).toBe("/unsubscribe");
    expect(cleanPath("?x")).toBe("/");
    expect(cleanPath(`/${"a".repeat(500)}`)).toHaveLength(200);
    expect(cleanPath(null)).toBeNull();
  });
});

describe("countsPerDay", () => {
  const day = (iso: string) => new Date(iso).getTime();

  it("counts each event per calendar day, newest first, with empty days present", async () => {
    const now = day("2025-03-10T15:00:00Z");
    await recordEvent("Page View", { at: day("2025-03-10T01:00:00Z") });
    await recordEvent("Page View", { at: day("2025-03-10T14:59:00Z") });
    await recordEvent("Login", { at: day("2025-03-10T02:00:00Z") });
    await recordEvent("Delete Post", { at: day("2025-03-08T23:59:59Z") });
    await recordEvent("Complete Registration", { at: day("2025-03-01T00:00:00Z") }); // outside 3 days
    await recordEvent("Page View", { at: day("2025-03-11T00:00:00Z") }); // tomorrow: not counted

    const counts = await countsPerDay({ days: 3, now });
    expect(counts.map((c) => c.day)).toEqual(["2025-03-10", "2025-03-09", "2025-03-08"]);
    expect(counts[0]!.counts).toEqual({
      "Complete Registration": 0,
      Login: 1,
      "Profile View": 0,
      "Delete Post": 0,
      "Page View": 2,
    });
    expect(counts[1]!.counts["Page View"]).toBe(0);
    expect(counts[2]!.counts["Delete Post"]).toBe(1);
  });

  it("uses the calendar days of the given time zone, across a daylight-saving change", async () => {
    // US clocks went forward on 2025-03-09; Chicago midnight is 06:00Z before, 05:00Z after.
    const now = day("2025-03-10T12:00:00Z");
    await recordEvent("Profile View", { at: day("2025-03-10T04:30:00Z") }); // 23:30 on the 9th in Chicago
    await recordEvent("Profile View", { at: day("2025-03-10T05:30:00Z") }); // 00:30 on the 10th
    await recordEvent("Profile View", { at: day("2025-03-09T05:30:00Z") }); // 23:30 on the 8th
    const counts = await countsPerDay({ days: 3, now, timeZone: "America/Chicago" });
    expect(counts.map((c) => [c.day, c.counts["Profile View"]])).toEqual([
      ["2025-03-10", 1],
      ["2025-03-09", 1],
      ["2025-03-08", 1],
    ]);
  });

  it("can be limited to one campus", async () => {
    const now = Date.now();
    await recordEvent("Page View", { campusId: "ou" });
    await recordEvent("Page View", { campusId: "ut" });
    expect((await countsPerDay({ days: 1, now: now + 1000, campusId: "ut" }))[0]!.counts["Page View"]).toBe(1);
  });
});
