import { getTableName, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/services/db.server";
import { seed } from "../../db/seed";

const TABLES = [schema.campuses, schema.users, schema.projects, schema.games, schema.posts];

function snapshot() {
  const db = getDb();
  return Object.fromEntries(
    TABLES.map((t) => [getTableName(t), db.all(sql`select * from ${t} order by 1`)]),
  );
}

describe("seed", () => {
  it("is idempotent: running it twice leaves the same rows", () => {
    seed({ demo: true });
    const first = snapshot();
    seed({ demo: true });
    expect(snapshot()).toEqual(first);
  });

  it("creates the five campuses, the owner with ten projects and five games, and demo users per campus", () => {
    const db = getDb();
    expect(db.select().from(schema.campuses).all().map((c) => c.name)).toEqual(["Campus", "OU", "UT", "SMU", "UF"]);
    const owner = db.select().from(schema.users).all().find((u) => u.username === "owner");
    expect(owner).toMatchObject({ email: "owner@example.com", verified: true, totalProjects: 10, totalGames: 5 });
    expect(db.select().from(schema.projects).all()).toHaveLength(10);
    expect(db.select().from(schema.games).all()).toHaveLength(5);
    for (const campus of ["campus", "ou", "ut", "smu", "uf"]) {
      const posts = db.all<{ n: number }>(sql`select count(*) as n from posts where campus_id = ${campus}`);
      expect(posts[0]!.n).toBeGreaterThan(0);
    }
  });
});
