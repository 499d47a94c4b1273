// Move-out weeks per campus, and the Must go by rules around them, on the dialect under test.
import { beforeAll, describe, expect, it } from "vitest";
import { listingOf } from "~/flows/post-submission.server";
import { mustGoByRefusal } from "~/flows/listing-extras.server";
import { CAMPUSES } from "~/models/campuses.server";
import { addDays, dayIn, mustGoByAllowed } from "~/models/listing-extras.server";
import {
  addMoveOutWeek,
  DEFAULT_MOVE_OUT,
  isMoveOutWeek,
  listMoveOutWeeks,
  MOVE_OUT_DATES,
  removeMoveOutWeek,
  seedMoveOutWeeks,
  WEEKS_TTL_MS,
} from "~/models/move-out.server";
import { createPost, getFeedPage, getPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, newId, schema } from "~/services/db.server";
import { countStatements } from "~/services/statement-count.server";

const NOW = Date.UTC(2026, 4, 12, 15); // May 12, 2026, morning in Chicago
let author = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  author = (await insertUser({ campusId: "ou", firstName: "Max", lastName: "O.", username: "maxo-ou", email: "max@ou.edu" })).id;
});

describe("move-out weeks", () => {
  it("are seeded for the five campuses once, and the owner's edits are kept", async () => {
    await seedMoveOutWeeks(CAMPUSES.map((c) => c.id), NOW);
    for (const c of CAMPUSES) expect((await listMoveOutWeeks(c.id)).length).toBe(DEFAULT_MOVE_OUT[c.id].length * 2);
    expect(await isMoveOutWeek("ou", "2026-05-12")).toBe(true);
    expect(await isMoveOutWeek("ou", "2026-05-17")).toBe(true);
    expect(await isMoveOutWeek("ou", "2026-05-18")).toBe(false);
    expect(await isMoveOutWeek("uf", "2026-05-12")).toBe(false);
    expect(await isMoveOutWeek("uf", "2026-05-01")).toBe(true);
    const [first] = await listMoveOutWeeks("uf");
    await removeMoveOutWeek("uf", first!.id);
    await seedMoveOutWeeks(["uf"], NOW);
    expect(await isMoveOutWeek("uf", "2026-05-01")).toBe(false);
    expect(await addMoveOutWeek("uf", "2026-08-01", "2026-07-01")).toEqual({ ok: false, error: MOVE_OUT_DATES });
    expect(await addMoveOutWeek("uf", "2026-04-30", "2026-05-02")).toEqual({ ok: true });
    expect(await isMoveOutWeek("uf", "2026-05-01")).toBe(true);
  });

  it("are read once a minute per campus, and at once again after a change through the model", async () => {
    const at = Date.now();
    expect(await isMoveOutWeek("smu", "2026-09-01", at)).toBe(false);
    // Within the minute: no statement, whatever the day asked about.
    const cached = await countStatements(async () => [await isMoveOutWeek("smu", "2026-09-01", at + 1000), await isMoveOutWeek("smu", "2026-05-06", at + 2000)]);
    expect(cached).toEqual({ result: [false, true], statements: 0 });
    // A week added by another process (a row written beside this model) shows once the minute is over.
    await getDb().insert(schema.moveOutWeeks).values({ id: newId(), campusId: "smu", startsOn: "2026-09-01", endsOn: "2026-09-03" });
    expect(await isMoveOutWeek("smu", "2026-09-01", at + 3000)).toBe(false);
    expect(await isMoveOutWeek("smu", "2026-09-01", at + WEEKS_TTL_MS)).toBe(true);
    // This process's own changes show at once.
    expect(await addMoveOutWeek("smu", "2026-10-01", "2026-10-02")).toEqual({ ok: true });
    expect(await isMoveOutWeek("smu", "2026-10-02", at + WEEKS_TTL_MS + 1)).toBe(true);
    const added = (await listMoveOutWeeks("smu")).find((w) => w.startsOn === "2026-10-01")!;
    await removeMoveOutWeek("smu", added.id);
    expect(await isMoveOutWeek("smu", "2026-10-02", at + WEEKS_TTL_MS + 2)).toBe(false);
    // Another campus has its own weeks.
    expect(await isMoveOutWeek("ut", "2026-09-01", at + WEEKS_TTL_MS + 3)).toBe(false);
  });

  it("Must go by is today to 60 days ahead, in the campus's time zone", async () => {
    const today = dayIn("America/Chicago", NOW);
    expect(today).toBe("2026-05-12");
    expect(dayIn("America/Chicago", Date.UTC(2026, 4, 13, 3))).toBe("2026-05-12"); // 10 pm in Chicago, already the 13th in UTC
    expect(mustGoByAllowed(today, "America/Chicago", NOW)).toBe(true);
    expect(mustGoByAllowed(addDays(today, 60), "America/Chicago", NOW)).toBe(true);
    expect(mustGoByAllowed(addDays(today, 61), "America/Chicago", NOW)).toBe(false);
    expect(mustGoByAllowed("2026-05-11", "America/Chicago", NOW)).toBe(false);
    expect(await mustGoByRefusal({ mustGoBy: "2026-05-11" }, "ou", NOW)).toBe("Choose a date from today to 60 days ahead.");
    expect(await mustGoByRefusal({ mustGoBy: "2026-06-01" }, "ou", NOW)).toBeNull();
  });

  it("sorts Must go soonest by keyset, and a listing past its day expires", async () => {
    const make = async (mustGoBy: string | undefined) =>
      (
        await createPost({
          authorId: author,
          campusId: "ou",
          blocks: [{ text: `Lamp ${mustGoBy ?? "any time"}` }],
          category: "furniture",
          listing: listingOf({ price: 1000, free: false, mustGoBy }, NOW),
          media: [],
          origin: "http://localhost",
        })
      ).id;
    const late = await make("2026-06-20");
    const soon = await make("2026-05-14");
    const mid = await make("2026-05-30");
    await make(undefined);
    const page1 = await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: { sort: "must-go" }, limit: 2, now: NOW });
    expect(page1.posts.map((p) => p.id)).toEqual([soon, mid]);
    const page2 = await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: { sort: "must-go" }, limit: 2, cursor: page1.nextCursor, now: NOW });
    expect(page2.posts.map((p) => p.id)).toEqual([late]);
    expect(page2.nextCursor).toBeNull();
    // After May 14 the "soon" listing is gone from the feed and marked expired on its page.
    const after = Date.UTC(2026, 4, 15, 15);
    const feed = await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: { sort: "must-go" }, now: after });
    expect(feed.posts.map((p) => p.id)).toEqual([mid, late]);
    const page = await getPost(soon, "America/Chicago");
    expect(page.status === "ok" && page.post.extras?.mustGoBy).toBe("May 14");
  });
});
