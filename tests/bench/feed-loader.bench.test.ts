// Feed loader with 100,000 posts (docs/product.md §22): median time per page, the query
// plan, and the number of statements per page — on whichever database
// DATABASE_URL names (tests/unit/setup.ts).
import { expect, test } from "vitest";
import { getFeedPage } from "~/models/posts.server";
import { dbClient, getDb, newId, onQuery, schema, transaction, type Statement } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

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
        // Three in four are listings, $1 to $500 (some the same price), one in ten of those sold.
        const priced = i % 4 !== 0;
        rows.push({
          id: newId(),
          campusId: a.campusId,
          authorId: a.id,
          text: [{ text: `Listing ${i}` }],
          category: i % 7 ? "furniture" : "tickets",
          priceCents: priced ? ((i * 7919) % 500 + 1) * 100 : null,
          status: priced && i % 10 === 3 ? ("sold" as const) : ("available" as const),
          createdAt: at,
          lastActivityAt: at,
          updatedAt: at,
        });
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
  // A signed-in reader: the block, hidden-item and own-report conditions are checked on the rows a page reads.
  const viewerId = authors.find((a) => a.campusId === "ou")!.id;
  const signedIn = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", viewerId }));
  // The feed form at its busiest: a price range, Hide sold, and a price sort (first page and page 20, both ways).
  const priceFilters = (sort: "price-asc" | "price-desc") => ({ minCents: 2_000, maxCents: 20_000, hideSold: true, sort });
  const priceAsc = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: priceFilters("price-asc") }));
  let priceCursor: string | null = null;
  for (let i = 0; i < 20; i++) priceCursor = (await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: priceFilters("price-desc"), cursor: priceCursor })).nextCursor;
  const priceDescDeep = await time(() => getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: priceFilters("price-desc"), cursor: priceCursor }));

  // The statements of one page, and the plan of the first (the page itself).
  const statements: Statement[] = [];
  const stop = onQuery((s) => statements.push(s));
  await getFeedPage({ campusId: "ou", timeZone: "America/Chicago" });
  stop();
  const plan = (await dbClient().explain(statements[0]!)).split("\n").map((l) => l.trim()).join("; ");
  const priceStatements: Statement[] = [];
  const stopPrice = onQuery((s) => priceStatements.push(s));
  await getFeedPage({ campusId: "ou", timeZone: "America/Chicago", filters: priceFilters("price-asc") });
  stopPrice();
  const pricePlan = (await dbClient().explain(priceStatements[0]!)).split("\n").map((l) => l.trim()).join("; ");

  console.log(
    [
      `Feed loader (${dbClient().dialect}), ${POSTS.toLocaleString()} posts: page 1 median ${first.toFixed(3)} ms, page 200 median ${deep.toFixed(3)} ms, category filter median ${category.toFixed(3)} ms, signed in page 1 median ${signedIn.toFixed(3)} ms (budget 15 ms)`,
      `Query plan: ${plan}`,
      `Statements per page: ${statements.length}`,
      `Price filter ($20–$200, Hide sold) sorted by price: low to high page 1 median ${priceAsc.toFixed(3)} ms, high to low page 20 median ${priceDescDeep.toFixed(3)} ms (budget 15 ms)`,
      `Price query plan: ${pricePlan}`,
      `Statements per price-sorted page: ${priceStatements.length}`,
    ].join("\n"),
  );
  expect(pricePlan).toContain("posts_price_idx");
  expect(priceStatements.length).toBeLessThanOrEqual(3);
  expect(plan).toContain("posts_feed_idx");
  expect(statements.length).toBeLessThanOrEqual(2);
});
