// Mark as sold → "Who bought it?" (docs/product.md §7, §10), against a real
// database: a sale is recorded only for someone who messaged about the listing,
// at the accepted offer or the asking price; "Someone else" marks it sold with
// no sale; available again within 48 hours undoes the sale.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeListingStatus } from "~/flows/post-actions.server";
import { postPage } from "~/flows/post-page.server";
import { seed } from "~/flows/seed.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { buyerChoices, makeOffer, offerPanel, respondToOffer } from "~/models/offers.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { SOMEONE_ELSE_VALUE } from "~/utils/offers";

const origin = "http://localhost:3000";
let n = 0;

async function user(first: string) {
  n++;
  return await insertUser({ campusId: "ou", firstName: first, lastName: "S.", username: `sold-${n}-${first.toLowerCase()}`, email: `sold${n}@ou.edu`, verified: true, schoolVerified: true });
}

async function listing(authorId: string, priceCents = 8000) {
  return (
    await createPost({ authorId, campusId: "ou", blocks: [{ text: "Desk lamp" }], media: [], origin, listing: { priceCents, isFree: false, priceTerms: "obo", condition: "good", pickupSpot: null } })
  ).id;
}

async function wrote(buyerId: string, postId: string) {
  const { id } = await startConversation({ userId: buyerId, postId });
  await sendMessage({ chatId: id, senderId: buyerId, text: "Can I pick it up today?", origin });
  return id;
}

const salesOf = async (postId: string) => await getDb().select().from(schema.sales).where(eq(schema.sales.postId, postId));
const statusOf = async (postId: string) => (await getDb().select({ s: schema.posts.status }).from(schema.posts).where(eq(schema.posts.id, postId)))[0]?.s;

beforeAll(() => seed({ demo: false }));

describe("sold to a buyer", () => {
  it("records the sale at the asking price for someone who messaged", async () => {
    const seller = await user("Sal");
    const buyer = await user("Bob");
    const post = await listing(seller.id, 8000);
    const chat = await wrote(buyer.id, post);
    expect(await changeListingStatus(seller.id, post, "sold", buyer.id)).toEqual({ ok: true, message: "Marked as sold." });
    expect(await statusOf(post)).toBe("sold");
    expect(await salesOf(post)).toMatchObject([{ sellerId: seller.id, buyerId: buyer.id, priceCents: 8000, chatId: chat }]);
  });

  it("at the accepted offer's price, that buyer preselected", async () => {
    const seller = await user("Sue");
    const buyer = await user("Bea");
    const post = await listing(seller.id, 8000);
    const chat = await wrote(buyer.id, post);
    const { id } = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 6500, origin });
    await respondToOffer({ chatId: chat, userId: seller.id, offerId: id, response: "accept", origin });
    // The choices come with the Mark as sold confirmation only.
    const shown = await postPage({ id: post, viewerId: seller.id, timeZone: "America/Chicago", commentsCursor: null });
    expect(shown.listing?.buyers).toEqual({ preselected: null, choices: [] });
    const page = await postPage({ id: post, viewerId: seller.id, timeZone: "America/Chicago", commentsCursor: null, choosingBuyer: true });
    expect(page.listing?.buyers).toMatchObject({ preselected: buyer.id, choices: [{ id: buyer.id, displayName: "Bea S." }] });
    await changeListingStatus(seller.id, post, "sold", buyer.id);
    expect(await salesOf(post)).toMatchObject([{ buyerId: buyer.id, priceCents: 6500 }]);
  });

  it("refuses someone who never wrote about it, and a stranger: nothing stored, the listing as it was", async () => {
    const seller = await user("Sid");
    const silent = await user("Sil");
    const stranger = await user("Stu");
    const post = await listing(seller.id);
    // Opened the conversation, never wrote.
    await startConversation({ userId: silent.id, postId: post });
    expect((await buyerChoices(post, seller.id)).choices).toEqual([]);
    for (const who of [silent.id, stranger.id, seller.id]) {
      expect(await changeListingStatus(seller.id, post, "sold", who)).toMatchObject({ ok: false, status: 400 });
    }
    expect(await statusOf(post)).toBe("available");
    expect(await salesOf(post)).toEqual([]);
  });

  it("only the seller marks it sold", async () => {
    const seller = await user("Sam");
    const buyer = await user("Ben");
    const post = await listing(seller.id);
    await wrote(buyer.id, post);
    expect(await changeListingStatus(buyer.id, post, "sold", buyer.id)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await salesOf(post)).toEqual([]);
  });

  it("Someone else: sold, no sale", async () => {
    const seller = await user("Sky");
    const buyer = await user("Bo");
    const post = await listing(seller.id);
    await wrote(buyer.id, post);
    expect(await changeListingStatus(seller.id, post, "sold", SOMEONE_ELSE_VALUE)).toEqual({ ok: true, message: "Marked as sold." });
    expect(await statusOf(post)).toBe("sold");
    expect(await salesOf(post)).toEqual([]);
  });

  it("available again within 48 hours undoes the sale", async () => {
    const seller = await user("Syd");
    const buyer = await user("Bud");
    const post = await listing(seller.id);
    await wrote(buyer.id, post);
    await changeListingStatus(seller.id, post, "sold", buyer.id);
    // Sold again while sold records nothing new.
    await changeListingStatus(seller.id, post, "sold", buyer.id);
    expect(await salesOf(post)).toHaveLength(1);
    expect(await changeListingStatus(seller.id, post, "available")).toEqual({ ok: true, message: "Marked as available." });
    expect(await salesOf(post)).toEqual([]);
    // An older sale stands.
    await changeListingStatus(seller.id, post, "sold", buyer.id);
    await getDb().update(schema.sales).set({ createdAt: Date.now() - 49 * 3600_000 }).where(eq(schema.sales.postId, post));
    await changeListingStatus(seller.id, post, "available");
    expect(await salesOf(post)).toHaveLength(1);
  });

  it("available again releases the accepted offer: the buyer may offer again, and a later sale is at the asking price", async () => {
    const seller = await user("Sam");
    const buyer = await user("Ben");
    const post = await listing(seller.id, 8000);
    const chat = await wrote(buyer.id, post);
    const { id } = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 6000, origin });
    await respondToOffer({ chatId: chat, userId: seller.id, offerId: id, response: "accept", origin });
    expect(await statusOf(post)).toBe("pending");
    await changeListingStatus(seller.id, post, "available");
    const offer = await getDb().select({ status: schema.offers.status }).from(schema.offers).where(eq(schema.offers.id, id));
    expect(offer).toEqual([{ status: "superseded" }]);
    expect((await offerPanel(chat, buyer.id))?.current).toBeNull();
    expect((await buyerChoices(post, seller.id)).preselected).toBeNull();
    await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 7000, origin });
    await changeListingStatus(seller.id, post, "sold", buyer.id);
    expect(await salesOf(post)).toMatchObject([{ buyerId: buyer.id, priceCents: 8000 }]);
  });
});
