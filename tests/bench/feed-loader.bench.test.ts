// Feed loader with 100,000 posts (design D): median time per page, the query
// plan, and the number of statements per page.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { getFeedPage } from "~/models/posts.server";
import { getDb, getSqlite, newId } from "~/services/db.server";
import { seed } from "../../db/seed";

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);

function median(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

test(`feed loader with ${POSTS} posts`, () => {
  seed({ demo: true });
  const sqlite = getSqlite();
  const authors = sqlite.prepare("select id, campus_id from users").all() as { id: string; campus_id: string }[];
  const insert = sqlite.prepare(
    "insert into posts (id, campus_id, author_id, text, category, created_at, last_activity_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const start = Date.now() - POSTS * 60_000;
  sqlite.transaction(() => {
    for (let i = 0; i < POSTS; i++) {
      const a = authors[i % authors.length]!;
      const at = start + i * 60_000;
      insert.run(newId(), a.campus_id, a.id, JSON.stringify([{ text: `Listing ${i}` }]), i % 7 ? "furniture" : "tickets", at, at, at);
    }
  })();
  sqlite.exec("analyze");

  const statements: string[] = [];
  const original = sqlite.prepare.bind(sqlite);
  const time = (fn: () => unknown, n = 300) => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };

  const first = time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago" }));
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) cursor = getFeedPage({ campusId: "ou", timeZone: "America/Chicago", cursor }).nextCursor;
  const deep = time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", cursor }));
  const category = time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", category: "tickets" }));

  const plan = getDb()
    .all<{ detail: string }>(
      sql`explain query plan select id from posts where campus_id = 'ou' and parent_id is null and game_id is null and project_id is null and deleted_at is null order by last_activity_at desc, id desc limit 11`,
    )
    .map((r) => r.detail)
    .join("; ");

  // Count statements for one page.
  (sqlite as unknown as { prepare: (s: string) => unknown }).prepare = (s: string) => {
    statements.push(s);
    return original(s);
  };
  getFeedPage({ campusId: "ou", timeZone: "America/Chicago" });
  (sqlite as unknown as { prepare: typeof original }).prepare = original;

  console.log(
    [
      `Feed loader, ${POSTS.toLocaleString()} posts: page 1 median ${first.toFixed(3)} ms, page 200 median ${deep.toFixed(3)} ms, category filter median ${category.toFixed(3)} ms (budget 15 ms)`,
      `Query plan: ${plan}`,
      `Statements per page: ${statements.length}`,
    ].join("\n"),
  );
  expect(plan).toContain("posts_feed_idx");
  expect(statements.length).toBeLessThanOrEqual(2);
});
