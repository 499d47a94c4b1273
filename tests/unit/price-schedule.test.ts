// The weekly 10% price drop until Must go by, with a fixed clock, on the dialect under test.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPriceScheduleJob } from "~/flows/listing-extras.server";
import { listingOf } from "~/flows/post-submission.server";
import { CAMPUSES } from "~/models/campuses.server";
import { scheduledPrice, tenPercentOff, WEEK_MS } from "~/models/listing-extras.server";
import { createPost, getPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";

const T0 = Date.UTC(2026, 3, 1, 17); // Apr 1, 2026, noon in Chicago
let author = "";

beforeAll(async () => {
  await getDb().insert(schema.campuses).values(CAMPUSES).onConflictDoNothing();
  author = (await insertUser({ campusId: "ou", firstName: "Pat", lastName: "D.", username: "patd-ou", email: "pat@ou.edu" })).id;
});

async function scheduled(priceCents: number, floor?: string) {
  const { id } = await createPost({
    authorId: author,
    campusId: "ou",
    blocks: [{ text: "Couch, must go" }],
    category: "furniture",
    listing: listingOf({ price: priceCents, free: false, mustGoBy: "2026-05-20", weeklyDrop: true, floor }, T0),
    media: [],
    origin: "http://localhost",
  });
  return id;
}

const price = async (id: string) => (await getDb().select({ c: schema.posts.priceCents }).from(schema.posts).where(eq(schema.posts.id, id)))[0]?.c;

describe("the weekly price schedule", () => {
  it("lowers 10% per full week, rounded to cents, never below the floor", () => {
    expect(tenPercentOff(1005)).toBe(905); // 904.5 rounds up
    expect(tenPercentOff(999)).toBe(899); // 899.1
    const s = { originalPriceCents: 10_000, priceFloorCents: 6_000, priceScheduleFrom: T0 };
    expect(scheduledPrice(s, T0 + WEEK_MS - 1)).toBe(10_000);
    expect(scheduledPrice(s, T0 + WEEK_MS)).toBe(9_000);
    expect(scheduledPrice(s, T0 + 2 * WEEK_MS)).toBe(8_100);
    expect(scheduledPrice(s, T0 + 4 * WEEK_MS)).toBe(6_561);
    expect(scheduledPrice(s, T0 + 5 * WEEK_MS)).toBe(6_000);
    expect(scheduledPrice(s, T0 + 50 * WEEK_MS)).toBe(6_000);
  });

  it("the job applies it on schedule, once per week, the card shows the original struck through, and the default floor is half", async () => {
    const a = await scheduled(4_999);
    const b = await scheduled(2_000, "15");
    let now = T0 + 3 * 60 * 60 * 1000;
    const job = createPriceScheduleJob({ now: () => now });
    expect(await job.runOnce()).toEqual([]);
    now = T0 + WEEK_MS + 1;
    const drops = await job.runOnce();
    expect(drops).toEqual(expect.arrayContaining([{ postId: a, oldCents: 4_999, newCents: 4_499 }, { postId: b, oldCents: 2_000, newCents: 1_800 }]));
    expect(await job.runOnce()).toEqual([]); // the same week again: nothing
    now = T0 + 3 * WEEK_MS;
    await job.runOnce();
    expect(await price(a)).toBe(3_644); // 4999 → 4499 → 4049 → 3644
    expect(await price(b)).toBe(1_500); // 1800 → 1620 → floor 1500
    const row = (await getDb().select().from(schema.posts).where(eq(schema.posts.id, a)))[0]!;
    expect(row.priceFloorCents).toBe(2_500);
    const view = await getPost(a, "America/Chicago", author);
    expect(view.status === "ok" && view.post.extras).toMatchObject({ wasPrice: "$49.99", mustGoBy: "May 20", mustGoByIso: "2026-05-20" });
    expect(view.status === "ok" && view.post.price).toBe("$36.44");
  });

  it("stops for a sold listing and after Must go by", async () => {
    const c = await scheduled(1_000);
    await getDb().update(schema.posts).set({ status: "sold" }).where(eq(schema.posts.id, c));
    const job = createPriceScheduleJob({ now: () => T0 + 2 * WEEK_MS });
    expect((await job.runOnce()).some((d) => d.postId === c)).toBe(false);
    const d = await scheduled(1_000);
    const late = createPriceScheduleJob({ now: () => Date.UTC(2026, 4, 22) });
    expect((await late.runOnce()).some((x) => x.postId === d)).toBe(false);
    expect(await price(d)).toBe(1_000);
  });
});
