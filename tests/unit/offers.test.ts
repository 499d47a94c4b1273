// Offers in a conversation (docs/product.md §7, §10), against a real database:
// the amounts (typed like the composer's price, $1 to the asking price), the
// states (open, countered, accepted, declined, superseded), who may act on
// each, the listing's terms (OBO only; Firm, Free and sold refused), blocking,
// the events as messages of the conversation, and 10 offers an hour.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/flows/seed.server";
import { blockUser } from "~/models/blocks.server";
import { setListingStatus } from "~/models/listings.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { buyerChoices, makeOffer, OfferError, offerPanel, respondToOffer } from "~/models/offers.server";
import { createPost } from "~/models/posts.server";
import { liftSuspension, suspendUser } from "~/models/suspensions.server";
import { insertUser } from "~/models/users.server";
import { counterSchema, offerSchema } from "~/schemas/index.server";
import { getDb, schema } from "~/services/db.server";
import { parseWithSchema } from "~/utils/form";
import { CANT_INTERACT } from "~/utils/messages";
import {
  OFFER_BOUNDS,
  OFFER_BUYER_ONLY,
  OFFER_NOT_OPEN,
  OFFER_ON_FREE,
  OFFER_ON_PENDING,
  OFFER_ON_SOLD,
  OFFER_ONLY_OBO,
  OTHER_SIDE_SUSPENDED,
  OWN_OFFER,
  PENDING_WITH_SOMEONE_ELSE,
  PRICE_IS_FIRM,
  TOO_MANY_OFFERS,
} from "~/utils/offers";

const origin = "http://localhost:3000";
let n = 0;

async function user(first: string) {
  n++;
  return await insertUser({ campusId: "ou", firstName: first, lastName: "O.", username: `offer-${n}-${first.toLowerCase()}`, email: `offer${n}@ou.edu`, verified: true, schoolVerified: true });
}

type Terms = { priceCents?: number; isFree?: boolean; priceTerms?: "firm" | "obo" | null };

async function listing(authorId: string, terms: Terms = {}) {
  const isFree = terms.isFree ?? false;
  return (
    await createPost({
      authorId,
      campusId: "ou",
      blocks: [{ text: "Road bike" }],
      media: [],
      origin,
      listing: { priceCents: isFree ? 0 : (terms.priceCents ?? 6000), isFree, priceTerms: terms.priceTerms === undefined ? "obo" : terms.priceTerms, condition: "good", pickupSpot: null },
    })
  ).id;
}

/** A buyer's conversation about the listing, with a first message. */
async function conversation(buyerId: string, postId: string) {
  const { id } = await startConversation({ userId: buyerId, postId });
  await sendMessage({ chatId: id, senderId: buyerId, text: "Is it still available?", origin });
  return id;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OfferError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

const offerRow = async (id: string) => (await getDb().select().from(schema.offers).where(eq(schema.offers.id, id)))[0];
const postStatus = async (id: string) => (await getDb().select({ status: schema.posts.status }).from(schema.posts).where(eq(schema.posts.id, id)))[0]?.status;
const offerCount = async (postId: string) => (await getDb().select().from(schema.offers).where(eq(schema.offers.postId, postId))).length;

beforeAll(() => seed({ demo: false }));

describe("offer amounts", () => {
  it("are typed like the composer's price and must be at least $1", () => {
    const cents = (amount: string) => {
      const s = parseWithSchema(new URLSearchParams({ amount }), offerSchema);
      return s.status === "success" ? s.value.amount : s.error;
    };
    expect(cents("45")).toBe(4500);
    expect(cents("45.50")).toBe(4550);
    expect(cents("$45")).toBe(4500);
    expect(cents("0.50")).toEqual({ amount: [OFFER_BOUNDS] });
    expect(cents("1e9")).toEqual({ amount: ["Enter a price like 25 or 25.50"] });
    expect(cents("NaN")).toEqual({ amount: ["Enter a price like 25 or 25.50"] });
    expect(cents("-1")).toEqual({ amount: ["Enter a price like 25 or 25.50"] });
    expect(cents("1000000")).toEqual({ amount: [OFFER_BOUNDS] });
    const counter = parseWithSchema(new URLSearchParams({ offerId: "o1", amount: "40" }), counterSchema);
    expect(counter.status === "success" ? counter.value : null).toEqual({ offerId: "o1", amount: 4000 });
  });

  it("above the asking price or below $1 are refused, nothing stored", async () => {
    const seller = await user("Sam");
    const buyer = await user("Bea");
    const post = await listing(seller.id, { priceCents: 6000 });
    const chat = await conversation(buyer.id, post);
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 6001, origin }))).toEqual({ status: 400, message: OFFER_BOUNDS });
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 99, origin }))).toEqual({ status: 400, message: OFFER_BOUNDS });
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: Number.NaN, origin }))).toEqual({ status: 400, message: OFFER_BOUNDS });
    expect(await offerCount(post)).toBe(0);
    await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 6000, origin });
    await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 100, origin });
    expect(await offerCount(post)).toBe(2);
  });
});

describe("the listing's terms", () => {
  it("only an OBO listing that is still available takes offers", async () => {
    const seller = await user("Sol");
    const buyer = await user("Bo");
    const firm = await conversation(buyer.id, await listing(seller.id, { priceTerms: "firm" }));
    const free = await conversation(buyer.id, await listing(seller.id, { isFree: true, priceTerms: null }));
    const plain = await conversation(buyer.id, await listing(seller.id, { priceTerms: null }));
    const soldPost = await listing(seller.id);
    const sold = await conversation(buyer.id, soldPost);
    await setListingStatus({ postId: soldPost, userId: seller.id, status: "sold" });
    const offer = (chatId: string) => makeOffer({ chatId, buyerId: buyer.id, amountCents: 1000, origin });
    expect(await refusal(offer(firm))).toEqual({ status: 400, message: PRICE_IS_FIRM });
    expect(await refusal(offer(free))).toEqual({ status: 400, message: OFFER_ON_FREE });
    expect(await refusal(offer(plain))).toEqual({ status: 400, message: OFFER_ONLY_OBO });
    expect(await refusal(offer(sold))).toEqual({ status: 409, message: OFFER_ON_SOLD });
    expect((await offerPanel(firm, buyer.id))?.terms).toBe("firm");
    expect((await offerPanel(free, buyer.id))?.terms).toBe("none");
    expect((await offerPanel(sold, buyer.id))?.closed).toBe(OFFER_ON_SOLD);
    expect(await getDb().select().from(schema.offers).where(eq(schema.offers.buyerId, buyer.id))).toEqual([]);
  });
});

describe("who may act on an offer", () => {
  it("the buyer offers; the seller, a stranger and a blocked buyer are refused", async () => {
    const seller = await user("Sid");
    const buyer = await user("Ben");
    const stranger = await user("Stu");
    const post = await listing(seller.id);
    const chat = await conversation(buyer.id, post);
    expect(await refusal(makeOffer({ chatId: chat, buyerId: seller.id, amountCents: 1000, origin }))).toEqual({ status: 403, message: OFFER_BUYER_ONLY });
    expect((await refusal(makeOffer({ chatId: chat, buyerId: stranger.id, amountCents: 1000, origin }))).status).toBe(404);
    const { id } = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 4500, origin });
    expect((await refusal(respondToOffer({ chatId: chat, userId: stranger.id, offerId: id, response: "accept", origin }))).status).toBe(404);
    // Nobody accepts their own offer; the buyer does not counter.
    expect(await refusal(respondToOffer({ chatId: chat, userId: buyer.id, offerId: id, response: "accept", origin }))).toEqual({ status: 403, message: OWN_OFFER });
    expect((await refusal(respondToOffer({ chatId: chat, userId: buyer.id, offerId: id, response: "counter", counterCents: 4000, origin }))).status).toBe(403);
    await blockUser(seller.id, buyer.id);
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 1000, origin }))).toEqual({ status: 403, message: CANT_INTERACT });
    expect(await refusal(respondToOffer({ chatId: chat, userId: seller.id, offerId: id, response: "accept", origin }))).toEqual({ status: 403, message: CANT_INTERACT });
    expect(await offerRow(id)).toMatchObject({ status: "open" });
    expect(await postStatus(post)).toBe("available");
  });

  it("nothing is offered to, or answered for, someone suspended (they could not answer)", async () => {
    const seller = await user("Sal");
    const buyer = await user("Bea");
    const post = await listing(seller.id);
    const chat = await conversation(buyer.id, post);
    const { id } = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 4500, origin });
    await suspendUser({ userId: seller.id, permanent: false, reason: "Spam" });
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 5000, origin }))).toEqual({ status: 403, message: OTHER_SIDE_SUSPENDED });
    await liftSuspension(seller.id);
    await suspendUser({ userId: buyer.id, permanent: false, reason: "Spam" });
    expect(await refusal(respondToOffer({ chatId: chat, userId: seller.id, offerId: id, response: "accept", origin }))).toEqual({ status: 403, message: OTHER_SIDE_SUSPENDED });
    expect(await offerRow(id)).toMatchObject({ status: "open", amountCents: 4500 });
  });

  it("an offer of another conversation is not there", async () => {
    const seller = await user("Sue");
    const post = await listing(seller.id);
    const a = await user("Al");
    const b = await user("Bob");
    const chatA = await conversation(a.id, post);
    const chatB = await conversation(b.id, post);
    const { id } = await makeOffer({ chatId: chatA, buyerId: a.id, amountCents: 5000, origin });
    expect((await refusal(respondToOffer({ chatId: chatB, userId: seller.id, offerId: id, response: "accept", origin }))).status).toBe(404);
    expect((await refusal(respondToOffer({ chatId: chatB, userId: b.id, offerId: id, response: "decline", origin }))).status).toBe(404);
  });
});

describe("the states of an offer", () => {
  it("open → superseded by a new one; open → countered → accepted (the listing pending, the other buyers told)", async () => {
    const seller = await user("Sara");
    const buyer = await user("Bill");
    const other = await user("Otto");
    const post = await listing(seller.id, { priceCents: 6000 });
    const chat = await conversation(buyer.id, post);
    const otherChat = await conversation(other.id, post);
    const first = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 4000, origin });
    const second = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 4500, origin });
    expect(await offerRow(first.id)).toMatchObject({ status: "superseded" });
    expect(await offerRow(second.id)).toMatchObject({ status: "open", amountCents: 4500, counterCents: null });
    // A superseded offer can no longer be answered.
    expect(await refusal(respondToOffer({ chatId: chat, userId: seller.id, offerId: first.id, response: "accept", origin }))).toEqual({ status: 409, message: OFFER_NOT_OPEN });
    const otherOffer = await makeOffer({ chatId: otherChat, buyerId: other.id, amountCents: 3000, origin });

    const sellerView = await offerPanel(chat, seller.id);
    expect(sellerView).toMatchObject({ terms: "obo", buyer: false, closed: null, current: { id: second.id, status: "open", amount: "$45", canAccept: true, canDecline: true, canCounter: true } });
    expect((await offerPanel(chat, buyer.id))?.current).toMatchObject({ canAccept: false, canDecline: false, canCounter: false });

    // The counteroffer: $1 to the asking price too.
    expect(await refusal(respondToOffer({ chatId: chat, userId: seller.id, offerId: second.id, response: "counter", counterCents: 7000, origin }))).toEqual({ status: 400, message: OFFER_BOUNDS });
    await respondToOffer({ chatId: chat, userId: seller.id, offerId: second.id, response: "counter", counterCents: 5200, origin });
    expect(await offerRow(second.id)).toMatchObject({ status: "countered", counterCents: 5200 });
    // The seller does not accept their own counteroffer; the buyer does.
    expect(await refusal(respondToOffer({ chatId: chat, userId: seller.id, offerId: second.id, response: "accept", origin }))).toEqual({ status: 403, message: OWN_OFFER });
    expect((await offerPanel(chat, buyer.id))?.current).toMatchObject({ status: "countered", counter: "$52", canAccept: true });
    await respondToOffer({ chatId: chat, userId: buyer.id, offerId: second.id, response: "accept", origin });
    expect(await offerRow(second.id)).toMatchObject({ status: "accepted" });
    expect(await postStatus(post)).toBe("pending");

    // The other buyer hears it is pending with someone else, from the seller, in their own conversation.
    const told = await getDb().select().from(schema.messages).where(and(eq(schema.messages.chatId, otherChat), eq(schema.messages.offerId, otherOffer.id)));
    expect(told.map((m) => [m.text, m.senderId])).toContainEqual([PENDING_WITH_SOMEONE_ELSE, seller.id]);
    expect((await offerPanel(otherChat, other.id))?.closed).toBe(OFFER_ON_PENDING);
    expect(await refusal(makeOffer({ chatId: otherChat, buyerId: other.id, amountCents: 5000, origin }))).toEqual({ status: 409, message: OFFER_ON_PENDING });
    expect(await refusal(respondToOffer({ chatId: otherChat, userId: seller.id, offerId: otherOffer.id, response: "accept", origin }))).toEqual({ status: 409, message: OFFER_ON_PENDING });

    // Every event is a message of the conversation, in order, with its offer.
    const events = await getDb().select({ text: schema.messages.text, offerId: schema.messages.offerId }).from(schema.messages).where(eq(schema.messages.chatId, chat)).orderBy(schema.messages.createdAt);
    expect(events.map((e) => e.text)).toEqual(["Is it still available?", "Offer: $40", "Offer: $45", "Counteroffer: $52", "Offer accepted: $52"]);
    expect(events.slice(1).every((e) => e.offerId !== null)).toBe(true);
    // The accepted buyer is preselected as who bought it.
    expect(await buyerChoices(post, seller.id)).toMatchObject({ preselected: buyer.id, choices: [{ id: buyer.id }, { id: other.id }] });
  });

  it("the seller accepts an open offer at its amount, or declines it", async () => {
    const seller = await user("Sky");
    const buyer = await user("Bert");
    const post = await listing(seller.id);
    const chat = await conversation(buyer.id, post);
    const a = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 2000, origin });
    await respondToOffer({ chatId: chat, userId: seller.id, offerId: a.id, response: "decline", origin });
    expect(await offerRow(a.id)).toMatchObject({ status: "declined" });
    expect(await postStatus(post)).toBe("available");
    const b = await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 5500, origin });
    await respondToOffer({ chatId: chat, userId: seller.id, offerId: b.id, response: "accept", origin });
    expect(await offerRow(b.id)).toMatchObject({ status: "accepted", counterCents: null });
    expect(await postStatus(post)).toBe("pending");
    expect((await offerPanel(chat, buyer.id))?.current).toMatchObject({ status: "accepted", amount: "$55" });
  });

  it("each event notifies the other side like a message (the inbox and the 15-minute email rule unchanged)", async () => {
    const seller = await user("Sven");
    const buyer = await user("Bri");
    const post = await listing(seller.id);
    const { id: chat } = await startConversation({ userId: buyer.id, postId: post });
    await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 4500, origin });
    const notes = await getDb().select().from(schema.notifications).where(and(eq(schema.notifications.userId, seller.id), eq(schema.notifications.chatId, chat)));
    expect(notes).toHaveLength(1);
    const [chatRow] = await getDb().select().from(schema.chats).where(eq(schema.chats.id, chat));
    const [last] = await getDb().select().from(schema.messages).where(eq(schema.messages.id, chatRow!.lastMessageId!));
    expect(last?.text).toBe("Offer: $45");
    const mail = await getDb().select().from(schema.mail).where(and(eq(schema.mail.to, seller.email), eq(schema.mail.kind, "message")));
    expect(mail).toHaveLength(1);
  });
});

describe("the limit", () => {
  it("allows 10 offers per user an hour", async () => {
    const seller = await user("Stan");
    const buyer = await user("Bud");
    const chat = await conversation(buyer.id, await listing(seller.id));
    for (let i = 0; i < 10; i++) await makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 1000 + i, origin });
    expect(await refusal(makeOffer({ chatId: chat, buyerId: buyer.id, amountCents: 2000, origin }))).toEqual({ status: 429, message: TOO_MANY_OFFERS });
  });
});
