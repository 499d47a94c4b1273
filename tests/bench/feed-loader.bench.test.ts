// Feed loader with 100,000 posts (design D): median time per page, the query
// plan, and the number of statements per page — on whichever database
// DATABASE_URL names (tests/unit/setup.ts).
import { expect, test } from "vitest";
import { getFeedPage } from "~/models/posts.server";
import { dbClient, getDb, newId, onQuery, schema, transaction, type Statement } from "~/services/db.server";
import { seed } from "../../db/seed";

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const CHUNK = 1_000;

function median(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

test(`feed loader with ${POSTS} posts`, async () => {
  await seed({ demo: true });
  const authors = await getDb().select({ id: schema.users.id, campusId: schema.users.campusId }).from(schema.users);
  const start = Date.now() - POSTS * 60_000;
  await transaction(async (tx) => {
    for (let from = 0; from < POSTS; from += CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(from + CHUNK, POSTS); i++) {
        const a = authors[i % authors.length]!;
        const at = start + i * 60_000;
        rows.push({ id: newId(), campusId: a.campusId, authorId: a.id, text: [{ text: `Listing ${i}` }], category: i % 7 ? "furniture" : "tickets", createdAt: at, lastActivityAt: at, updatedAt: at });
      }
      await tx.insert(schema.posts).values(rows);
    }
  });
  await dbClient().analyze();

  const time = async (fn: () => Promise<unknown>, n = 300) => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };

  const first = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago" }));
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) cursor = (await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", cursor })).nextCursor;
  const deep = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", cursor }));
  const category = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", category: "tickets" }));

  // The statements of one page, and the plan of the first (the page itself).
  const statements: Statement[] = [];
  const stop = onQuery((s) => statements.push(s));
  await getFeedPage({ campusId: "ou", timeZone: "America/Chicago" });
  stop();
  const plan = (await dbClient().explain(statements[0]!)).split("\n").map((l) => l.trim()).join("; ");

  console.log(
    [
      `Feed loader (${dbClient().dialect}), ${POSTS.toLocaleString()} posts: page 1 median ${first.toFixed(3)} ms, page 200 median ${deep.toFixed(3)} ms, category filter median ${category.toFixed(3)} ms (budget 15 ms)`,
      `Query plan: ${plan}`,
      `Statements per page: ${statements.length}`,
    ].join("\n"),
  );
  expect(plan).toContain("posts_feed_idx");
  expect(statements.length).toBeLessThanOrEqual(2);
});
