// Reviews against hostile requests (docs/product.md §24), sent as an attack
// tool sends them: a stranger posting a review or an answer for someone else's
// sale (404 whatever the body, nothing stored), and reviews by people who
// blocked each other or by a suspended user (refused with the reason, nothing
// stored). The sale itself is recorded through the model on the server's
// database: no form records one yet.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { postForm, rawRequest, type RawResponse } from "./client";
import type * as Sales from "~/models/sales.server";
import type * as Suspensions from "~/models/suspensions.server";
import type * as DbModule from "~/services/db.server";
import { createPostAs, signUpStudent, usernameOf, type SecurityUser } from "./users";

// Types only: the modules themselves load in beforeAll, once DATABASE_URL names the server's database.
type Models = {
  db: DbModule.Db;
  close: () => Promise<void>;
  schema: typeof DbModule.schema;
  recordSale: typeof Sales.recordSale;
  suspendUser: typeof Suspensions.suspendUser;
};

let m: Models;

beforeAll(async () => {
  // The tables are chosen by DATABASE_URL when db/schema loads: the server's, before any import of it.
  process.env.DATABASE_URL = inject("serverDatabaseUrl");
  const dbModule = await import("~/services/db.server");
  const client = dbModule.createDbClient(inject("serverDatabaseUrl"));
  m = {
    db: client.db,
    close: () => client.close(),
    schema: dbModule.schema,
    recordSale: (await import("~/models/sales.server")).recordSale,
    suspendUser: (await import("~/models/suspensions.server")).suspendUser,
  };
});
afterAll(async () => await m?.close());

const as = (user: SecurityUser) => ({ Cookie: user.cookie });

async function idOf(user: SecurityUser): Promise<string> {
  const username = await usernameOf(user);
  const [row] = await m.db.select({ id: m.schema.users.id }).from(m.schema.users).where(eq(m.schema.users.username, username)).limit(1);
  if (!row) throw new Error(`No user ${username}`);
  return row.id;
}

/** A listing by `seller`, the buyer's conversation about it with a message (through the app), and the sale between them. */
async function saleBetween(seller: SecurityUser, buyer: SecurityUser): Promise<{ saleId: string; chatId: string }> {
  const postId = await createPostAs(seller, `Mini fridge ${Math.random().toString(36).slice(2, 8)}`, { price: "40", priceTerms: "obo", condition: "good", pickupSpot: "ou-union" });
  const opened = await postForm(`/messages?index&post=${postId}`, {}, as(buyer));
  expect(opened.status, opened.body.slice(0, 300)).toBe(302);
  const chatId = /\/messages\/([\w-]+)/.exec(opened.headers.location ?? "")?.[1];
  if (!chatId) throw new Error(`No conversation: ${opened.headers.location}`);
  const sent = await postForm(`/messages/${chatId}`, { intent: "send", text: "Is it still available?" }, as(buyer));
  expect(sent.status).toBe(302);
  const sale = await m.recordSale({ postId, sellerId: await idOf(seller), buyerId: await idOf(buyer), priceCents: 4000 }, m.db);
  return { saleId: sale.id, chatId };
}

const reviewsOf = async (saleId: string) => await m.db.select().from(m.schema.reviews).where(eq(m.schema.reviews.saleId, saleId));

const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

function expectNotFound(res: RawResponse) {
  expect(res.status, res.body.slice(0, 300)).toBe(404);
}

describe("a stranger", () => {
  let seller: SecurityUser;
  let buyer: SecurityUser;
  let stranger: SecurityUser;
  let sale: { saleId: string; chatId: string };

  beforeAll(async () => {
    [seller, buyer, stranger] = await Promise.all([signUpStudent({ name: "Sasha Seller" }), signUpStudent({ name: "Bao Buyer" }), signUpStudent({ name: "Stan Stranger" })]);
    sale = await saleBetween(seller, buyer);
  });

  it("gets a 404 for the review screen and for every review or answer POST, whatever the body; nothing is stored", async () => {
    const path = `/sales/${sale.saleId}/review`;
    expectNotFound(await rawRequest(path, { headers: as(stranger) }));
    expectNotFound(await rawRequest(`${path}?_data=routes%2Fsales.%24id.review`, { headers: as(stranger) }));
    const bodies: Record<string, string>[] = [
      { intent: "review", rating: "1", text: "Scammer!" },
      { intent: "review", rating: "9" },
      { intent: "review" },
      { intent: "answer", review: "x", answer: "Hi" },
      { intent: "nonsense" },
      {},
    ];
    for (const body of bodies) expectNotFound(await postForm(path, body, as(stranger)));
    expectNotFound(await postForm(`/sales/no-such-sale/review`, { intent: "review", rating: "5" }, as(buyer)));
    expect(await reviewsOf(sale.saleId)).toEqual([]);
  });

  it("cannot answer a review of someone else, even one that is shown", async () => {
    const path = `/sales/${sale.saleId}/review`;
    expect((await postForm(path, { intent: "review", rating: "2", text: "Door was stuck" }, as(buyer))).status).toBe(302);
    expect((await postForm(path, { intent: "review", rating: "5" }, as(seller))).status).toBe(302);
    const [review] = (await reviewsOf(sale.saleId)).filter((r) => r.text === "Door was stuck");
    expect(review).toBeTruthy();
    expectNotFound(await postForm(path, { intent: "answer", review: review!.id, answer: "Lies" }, as(stranger)));
    // The writer is not the one to answer either: their sale, but not a review of them.
    const own = await postForm(path, { intent: "answer", review: review!.id, answer: "Me again" }, as(buyer));
    expectNotFound(own);
    const [after] = await m.db.select().from(m.schema.reviews).where(eq(m.schema.reviews.id, review!.id));
    expect(after).toMatchObject({ answer: null, rating: 2 });
    // The two of the sale see both; the stranger's profile view of the seller shows the shown one.
    const page = await rawRequest(`/${await usernameOf(seller)}?show=reviews`, { headers: as(stranger) });
    expect(page.status).toBe(200);
    expect(withoutScripts(page.body)).toContain("Door was stuck");
  });
});

describe("blocked and suspended people", () => {
  it("people who blocked each other cannot review each other: refused with the reason, nothing stored", async () => {
    const [seller, buyer] = await Promise.all([signUpStudent({ name: "Bea Blocker" }), signUpStudent({ name: "Ben Blocked" })]);
    const sale = await saleBetween(seller, buyer);
    const blocked = await postForm(`/${await usernameOf(seller)}`, { intent: "block" }, as(buyer));
    expect(blocked.status).toBe(302);
    for (const user of [buyer, seller]) {
      const res = await postForm(`/sales/${sale.saleId}/review`, { intent: "review", rating: "1", text: "Revenge" }, as(user));
      expect(res.status, res.body.slice(0, 300)).toBe(403);
      expect(withoutScripts(res.body)).toContain("You can&#x27;t interact with this person.");
      // The draft comes back.
      expect(withoutScripts(res.body)).toContain("Revenge");
    }
    expect(await reviewsOf(sale.saleId)).toEqual([]);
  });

  it("a suspended user cannot review or answer: refused with the reason, nothing stored", async () => {
    const [seller, buyer] = await Promise.all([signUpStudent({ name: "Sue Seller" }), signUpStudent({ name: "Sid Suspended" })]);
    const sale = await saleBetween(seller, buyer);
    expect((await postForm(`/sales/${sale.saleId}/review`, { intent: "review", rating: "4" }, as(seller))).status).toBe(302);
    await m.suspendUser({ userId: await idOf(buyer), permanent: false, reason: "Spam" }, m.db);
    const review = await postForm(`/sales/${sale.saleId}/review`, { intent: "review", rating: "1", text: "Bad" }, as(buyer));
    expect(review.status).toBe(403);
    expect(withoutScripts(review.body)).toMatch(/Your account is suspended until [^<]+: Spam/);
    const [theirs] = await reviewsOf(sale.saleId);
    const answer = await postForm(`/sales/${sale.saleId}/review`, { intent: "answer", review: theirs!.id, answer: "Whatever" }, as(buyer));
    expect(answer.status).toBe(403);
    const rows = await reviewsOf(sale.saleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, answer: null });
  });
});
