import { eq, getTableName, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/services/db.server";
import { getStorage } from "~/services/storage.server";
import { seed } from "~/flows/seed.server";

const TABLES = [schema.campuses, schema.users, schema.projects, schema.games, schema.posts];

async function snapshot() {
  const db = getDb();
  return Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [getTableName(t), await db.select().from(t).orderBy(sql`1`)])),
  );
}

describe("seed", () => {
  it("is idempotent: running it twice leaves the same rows", async () => {
    await seed({ demo: true });
    const first = await snapshot();
    await seed({ demo: true });
    expect(await snapshot()).toEqual(first);
  });

  it("creates the five campuses, the owner with ten projects and five games, and demo users per campus", async () => {
    const db = getDb();
    expect((await db.select().from(schema.campuses)).map((c) => c.name)).toEqual(["Campus", "OU", "UT", "SMU", "UF"]);
    const owner = (await db.select().from(schema.users)).find((u) => u.username === "owner");
    expect(owner).toMatchObject({ email: "owner@example.com", verified: true, totalProjects: 10, totalGames: 5 });
    expect((await db.select().from(schema.projects))).toHaveLength(10);
    expect((await db.select().from(schema.games))).toHaveLength(5);
    for (const campus of ["campus", "ou", "ut", "smu", "uf"]) {
      expect(await db.$count(schema.posts, eq(schema.posts.campusId, campus))).toBeGreaterThan(0);
    }
  });
});

describe("the demo marketplace", () => {
  it("gives every campus listings with prices, conditions, pickup spots, pending and sold ones, and small WebP photos", async () => {
    await seed({ demo: true });
    const db = getDb();
    for (const campus of ["campus", "ou", "ut", "smu", "uf"]) {
      const posts = await db.select().from(schema.posts).where(eq(schema.posts.campusId, campus));
      const listings = posts.filter((p) => p.priceCents !== null);
      expect(listings.length).toBeGreaterThanOrEqual(8);
      expect(listings.some((p) => p.isFree)).toBe(true);
      expect(listings.some((p) => p.status === "pending")).toBe(true);
      expect(listings.some((p) => p.status === "sold")).toBe(true);
      expect(listings.every((p) => p.pickupSpot === null || p.pickupSpot === "other" || p.pickupSpot.startsWith(`${campus}-`))).toBe(true);
      expect(listings.filter((p) => p.condition).length).toBeGreaterThan(5);
      const photos = await db.select().from(schema.media).where(inArray(schema.media.postId, listings.map((p) => p.id)));
      expect(photos.length).toBeGreaterThanOrEqual(8);
      for (const m of photos) {
        expect(m.mimeType).toBe("image/webp");
        const largest = Math.max(...(m.variants ?? []));
        const file = await getStorage().stat(`${m.path}-${largest}.webp`);
        expect(file!.size).toBeLessThan(20_000);
      }
    }
  });
});
