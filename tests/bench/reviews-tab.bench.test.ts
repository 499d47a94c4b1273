// A profile's Reviews tab with 10,000 reviews (docs/product.md §22, §24): median
// time of what its loader asks (the rating in the header and a page of the
// tab, first and deep), the seller card's two queries, the query plan and the
// statements per page — on whichever database DATABASE_URL names (tests/unit/setup.ts).
import pg from "pg";
import { expect, test } from "vitest";
import { profileReviews } from "~/flows/reviews.server";
import { sellerCard } from "~/models/reviews.server";
import { dbClient, getDb, newId, onQuery, schema, transaction, type Statement } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 10_000);
const CHUNK = 500;
const BUDGET_MS = 15;

function median(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

test(`Reviews tab with ${REVIEWS} reviews`, async () => {
  await seed({ demo: true });
  const db = getDb();
  const buyers = await db.select({ id: schema.users.id }).from(schema.users);
  const [seller] = await db
    .insert(schema.users)
    .values({ id: newId(), campusId: "ou", firstName: "Popular", lastName: "P.", username: `popular-${Date.now()}`, email: `popular${Date.now()}@ou.edu`, verified: true, updatedAt: Date.now() })
    .returning();
  const now = Date.now();
  const start = now - REVIEWS * 60_000 - 30 * 24 * 3600_000;
  // Each review is of a sale of one of the seller's listings; both sides reviewed (shown), every tenth answered.
  await transaction(async (tx) => {
    for (let from = 0; from < REVIEWS; from += CHUNK) {
      const posts = [];
      const sales = [];
      const reviews = [];
      for (let i = from; i < Math.min(from + CHUNK, REVIEWS); i++) {
        const buyer = buyers[i % buyers.length]!.id;
        const at = start + i * 60_000;
        const postId = newId();
        const saleId = newId();
        posts.push({ id: postId, campusId: "ou", authorId: seller!.id, text: [{ text: `Listing ${i}` }], priceCents: (i % 500) * 100 + 100, status: "sold" as const, createdAt: at, lastActivityAt: at, updatedAt: at });
        sales.push({ id: saleId, postId, sellerId: seller!.id, buyerId: buyer, priceCents: 100, createdAt: at });
        reviews.push(
          { id: newId(), saleId, reviewerId: buyer, revieweeId: seller!.id, role: "buyer" as const, rating: (i % 5) + 1, text: i % 2 ? `Smooth sale number ${i}` : null, answer: i % 10 ? null : "Thanks!", visibleAt: at + 3600_000, createdAt: at + 600_000, updatedAt: at + 600_000 },
          { id: newId(), saleId, reviewerId: seller!.id, revieweeId: buyer, role: "seller" as const, rating: 5, text: null, visibleAt: at + 3600_000, createdAt: at + 3600_000, updatedAt: at + 3600_000 },
        );
      }
      await tx.insert(schema.posts).values(posts);
      await tx.insert(schema.sales).values(sales);
      await tx.insert(schema.reviews).values(reviews);
    }
  });
  await dbClient().analyze();
  if (dbClient().dialect === "pg") {
    // What autovacuum does after a bulk insert (PostgreSQL 13+): the visibility map lets the
    // rating be read from reviews_rating_idx alone, as it is in a running database.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query("vacuum (analyze) reviews");
    await client.end();
  }

  const time = async (fn: () => Promise<unknown>, n = 200) => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  const opts = { userId: seller!.id, timeZone: "America/Chicago", tab: true, walled: false };
  const first = await time(() => profileReviews({ ...opts, cursor: null }));
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) cursor = (await profileReviews({ ...opts, cursor })).page!.nextCursor;
  const deep = await time(() => profileReviews({ ...opts, cursor }));
  const card = await time(() => sellerCard(seller!.id));

  const statements: Statement[] = [];
  const stop = onQuery((s) => statements.push(s));
  const shown = await profileReviews({ ...opts, cursor: null });
  stop();
  // The page's query (the other one is the rating).
  const pageQuery = statements.find((st) => /order by/i.test(st.sql)) ?? statements[0]!;
  const plan = (await dbClient().explain(pageQuery)).split("\n").map((l) => l.trim()).join("; ");
  console.log(
    [
      `Reviews tab (${dbClient().dialect}), ${REVIEWS.toLocaleString()} reviews: page 1 median ${first.toFixed(3)} ms, page 100 median ${deep.toFixed(3)} ms (budget ${BUDGET_MS} ms) ${first <= BUDGET_MS && deep <= BUDGET_MS ? "ok" : "OVER"}; seller card median ${card.toFixed(3)} ms`,
      `Query plan: ${plan}`,
      `Statements per page: ${statements.length}`,
    ].join("\n"),
  );
  expect(shown.stats.count).toBe(REVIEWS);
  expect(shown.page!.items).toHaveLength(10);
  expect(plan).toContain("reviews_reviewee_idx");
  // The rating and the page: never one per review.
  expect(statements.length).toBe(2);
  expect(first).toBeLessThanOrEqual(BUDGET_MS);
  expect(deep).toBeLessThanOrEqual(BUDGET_MS);
});
