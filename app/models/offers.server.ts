// Offers (docs/product.md §7, §10): in a conversation about a listing marked
// OBO the buyer offers an amount between $1 and the asking price; the seller
// accepts, declines or counters; the buyer may accept a counteroffer. One
// open offer per buyer and listing (a new one supersedes it). Accepting marks
// the listing pending, reserved for that buyer, and tells the other buyers
// with an open offer. Every event is also a message of the conversation
// (`messages.offer_id`), so the inbox, unread counts and the message email
// rule see it like any other message.
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, newId, schema, transaction, type Db, type Tx } from "~/services/db.server";
import { consume } from "~/services/rate-limit.server";
import type { BuyerChoiceView, OfferPanelView } from "~/types/views";
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
import { formatPrice } from "~/utils/price";
import { isBlockedEitherWay } from "./blocks.server";
import { activeSuspension } from "./suspensions.server";
import { appendMessage } from "./messages.server";
import { displayName } from "./users.server";

const { offers, chats, posts, messages, users } = schema;

export type OfferRow = typeof offers.$inferSelect;
export type OfferStatus = OfferRow["status"];
/** What the seller or buyer does to an offer. */
export type OfferResponse = "accept" | "decline" | "counter";

/** A refused offer action: 404 for anyone but the two members, 403 not theirs to do, 400/409 a rule of the listing, 429 the limit. */
export class OfferError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 429,
  ) {
    super(message);
  }
}

const MIN_OFFER_CENTS = 100;

/** Whether `userId` is suspended now: the other side of an offer cannot answer it, so none is made or answered. */
async function otherSideSuspended(userId: string, now: number): Promise<boolean> {
  const [user] = await getDb()
    .select({ role: users.role, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !!user && activeSuspension(user, now) !== null;
}
/** Offers that still wait for an answer: at most one per buyer and listing. */
const LIVE: OfferStatus[] = ["open", "countered"];

/** The conversation and its listing as offers need them; a 404 for anyone but its two members. */
async function chatAndListing(chatId: string, userId: string, db: Tx | Db = getDb()) {
  const [row] = await db
    .select({
      chatId: chats.id,
      buyerId: chats.starterId,
      sellerId: chats.sellerId,
      postId: posts.id,
      priceCents: posts.priceCents,
      isFree: posts.isFree,
      priceTerms: posts.priceTerms,
      status: posts.status,
      deletedAt: posts.deletedAt,
    })
    .from(chats)
    .innerJoin(posts, eq(posts.id, chats.postId))
    .where(eq(chats.id, chatId))
    .limit(1);
  if (!row || !row.buyerId || !row.sellerId || (row.buyerId !== userId && row.sellerId !== userId)) throw new OfferError("Not Found", 404);
  if (row.deletedAt !== null) throw new OfferError("Not Found", 404);
  return { ...row, buyerId: row.buyerId, sellerId: row.sellerId };
}

type Listing = Awaited<ReturnType<typeof chatAndListing>>;

/** Why the listing takes no offer now, or null. */
function listingRefusal(listing: Listing): { message: string; status: 400 | 409 } | null {
  if (listing.isFree) return { message: OFFER_ON_FREE, status: 400 };
  if (listing.priceCents === null) return { message: OFFER_ONLY_OBO, status: 400 };
  if (listing.priceTerms === "firm") return { message: PRICE_IS_FIRM, status: 400 };
  if (listing.priceTerms !== "obo") return { message: OFFER_ONLY_OBO, status: 400 };
  if (listing.status === "sold") return { message: OFFER_ON_SOLD, status: 409 };
  if (listing.status === "pending") return { message: OFFER_ON_PENDING, status: 409 };
  return null;
}

/** The listing's accepted offer (the buyer it is reserved for, at what price), newest first, or null. */
export async function acceptedOffer(postId: string, db: Tx | Db = getDb()): Promise<{ id: string; buyerId: string; priceCents: number } | null> {
  const [row] = await db
    .select({ id: offers.id, buyerId: offers.buyerId, amountCents: offers.amountCents, counterCents: offers.counterCents })
    .from(offers)
    .where(and(eq(offers.postId, postId), eq(offers.status, "accepted")))
    .orderBy(desc(offers.updatedAt))
    .limit(1);
  return row ? { id: row.id, buyerId: row.buyerId, priceCents: row.counterCents ?? row.amountCents } : null;
}

/**
 * The listing is available again (its author marked it so): the accepted offer no
 * longer reserves it, so it is superseded, and its buyer may offer again like anyone.
 */
export async function releaseAcceptedOffers(postId: string, now = Date.now()): Promise<void> {
  await getDb().update(offers).set({ status: "superseded", updatedAt: now }).where(and(eq(offers.postId, postId), eq(offers.status, "accepted")));
}

/**
 * The buyer of conversation `chatId` offers `amountCents` for its listing:
 * OBO listings only, $1 to the asking price, not sold or pending with someone
 * else, not between people who blocked each other, 10 an hour. Their open
 * offer on the listing, if any, is superseded. Returns the new offer's id.
 */
export async function makeOffer(input: { chatId: string; buyerId: string; amountCents: number; origin: string; now?: number }): Promise<{ id: string }> {
  const listing = await chatAndListing(input.chatId, input.buyerId);
  if (listing.buyerId !== input.buyerId) throw new OfferError(OFFER_BUYER_ONLY, 403);
  const refusal = listingRefusal(listing);
  if (refusal) throw new OfferError(refusal.message, refusal.status);
  if (!Number.isInteger(input.amountCents) || input.amountCents < MIN_OFFER_CENTS || input.amountCents > (listing.priceCents ?? 0)) throw new OfferError(OFFER_BOUNDS, 400);
  if (await isBlockedEitherWay(listing.buyerId, listing.sellerId)) throw new OfferError(CANT_INTERACT, 403);
  if (await otherSideSuspended(listing.sellerId, input.now ?? Date.now())) throw new OfferError(OTHER_SIDE_SUSPENDED, 403);
  if (!(await consume("offersPerUser", input.buyerId)).ok) throw new OfferError(TOO_MANY_OFFERS, 429);
  const now = input.now ?? Date.now();
  const id = newId();
  try {
    await transaction(async (tx) => {
      await tx
        .update(offers)
        .set({ status: "superseded", updatedAt: now })
        .where(and(eq(offers.postId, listing.postId), eq(offers.buyerId, listing.buyerId), inArray(offers.status, LIVE)));
      await tx.insert(offers).values({ id, postId: listing.postId, chatId: listing.chatId, buyerId: listing.buyerId, sellerId: listing.sellerId, amountCents: input.amountCents, status: "open", createdAt: now, updatedAt: now });
      await appendMessage(tx, { chatId: listing.chatId, senderId: listing.buyerId, recipientId: listing.sellerId, text: `Offer: ${formatPrice(input.amountCents)}`, offerId: id, origin: input.origin, now });
    });
  } catch (error) {
    // Two offers at the same moment: the other one stands.
    if (isUniqueViolation(error)) throw new OfferError(OFFER_NOT_OPEN, 409);
    throw error;
  }
  return { id };
}

/**
 * Answers offer `offerId` of conversation `chatId`: the seller accepts or
 * declines an open offer, or counters it (`counterCents`, $1 to the asking
 * price); the buyer accepts a counteroffer. Nobody accepts their own offer.
 * Accepting marks the listing pending and tells every other buyer with an
 * open offer on it, in their own conversation.
 */
export async function respondToOffer(input: {
  chatId: string;
  userId: string;
  offerId: string;
  response: OfferResponse;
  counterCents?: number;
  origin: string;
  now?: number;
}): Promise<void> {
  const listing = await chatAndListing(input.chatId, input.userId);
  const [offer] = await getDb()
    .select()
    .from(offers)
    .where(and(eq(offers.id, input.offerId), eq(offers.chatId, listing.chatId)))
    .limit(1);
  if (!offer) throw new OfferError("Not Found", 404);
  const seller = input.userId === listing.sellerId;
  const otherId = seller ? listing.buyerId : listing.sellerId;
  if (await isBlockedEitherWay(input.userId, otherId)) throw new OfferError(CANT_INTERACT, 403);
  if (await otherSideSuspended(otherId, input.now ?? Date.now())) throw new OfferError(OTHER_SIDE_SUSPENDED, 403);
  // Who may do what, in which state: the seller answers an open offer; the buyer only accepts a counteroffer.
  if (input.response === "accept" && ((seller && offer.status === "countered") || (!seller && offer.status === "open"))) throw new OfferError(OWN_OFFER, 403);
  const allowed = seller ? offer.status === "open" || (offer.status === "countered" && input.response === "decline") : offer.status === "countered" && input.response === "accept";
  if (!allowed) throw new OfferError(LIVE.includes(offer.status) ? "Forbidden" : OFFER_NOT_OPEN, LIVE.includes(offer.status) ? 403 : 409);
  if (listing.status === "sold") throw new OfferError(OFFER_ON_SOLD, 409);
  const now = input.now ?? Date.now();
  if (input.response === "counter") {
    const cents = input.counterCents ?? 0;
    if (!Number.isInteger(cents) || cents < MIN_OFFER_CENTS || cents > (listing.priceCents ?? 0)) throw new OfferError(OFFER_BOUNDS, 400);
    await transaction(async (tx) => {
      const changed = await tx
        .update(offers)
        .set({ status: "countered", counterCents: cents, updatedAt: now })
        .where(and(eq(offers.id, offer.id), eq(offers.status, "open")))
        .returning({ id: offers.id });
      if (changed.length === 0) throw new OfferError(OFFER_NOT_OPEN, 409);
      await appendMessage(tx, { chatId: listing.chatId, senderId: input.userId, recipientId: otherId, text: `Counteroffer: ${formatPrice(cents)}`, offerId: offer.id, origin: input.origin, now });
    });
    return;
  }
  if (input.response === "decline") {
    await transaction(async (tx) => {
      const changed = await tx
        .update(offers)
        .set({ status: "declined", updatedAt: now })
        .where(and(eq(offers.id, offer.id), inArray(offers.status, LIVE)))
        .returning({ id: offers.id });
      if (changed.length === 0) throw new OfferError(OFFER_NOT_OPEN, 409);
      await appendMessage(tx, { chatId: listing.chatId, senderId: input.userId, recipientId: otherId, text: `Offer declined: ${formatPrice(offer.amountCents)}`, offerId: offer.id, origin: input.origin, now });
    });
    return;
  }
  if (listing.status !== "available") throw new OfferError(OFFER_ON_PENDING, 409);
  const price = offer.status === "countered" && offer.counterCents !== null ? offer.counterCents : offer.amountCents;
  await transaction(async (tx) => {
    const changed = await tx
      .update(offers)
      .set({ status: "accepted", updatedAt: now })
      .where(and(eq(offers.id, offer.id), eq(offers.status, offer.status)))
      .returning({ id: offers.id });
    if (changed.length === 0) throw new OfferError(OFFER_NOT_OPEN, 409);
    // Reserved for this buyer: pending, unless it changed meanwhile.
    const reserved = await tx
      .update(posts)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(posts.id, listing.postId), eq(posts.status, "available")))
      .returning({ id: posts.id });
    if (reserved.length === 0) throw new OfferError(OFFER_ON_PENDING, 409);
    await appendMessage(tx, { chatId: listing.chatId, senderId: input.userId, recipientId: otherId, text: `Offer accepted: ${formatPrice(price)}`, offerId: offer.id, origin: input.origin, now });
    // The other buyers waiting on an answer hear it is pending with someone else, from the seller, in their conversation.
    const others = await tx
      .select({ id: offers.id, chatId: offers.chatId, buyerId: offers.buyerId })
      .from(offers)
      .where(and(eq(offers.postId, listing.postId), ne(offers.buyerId, listing.buyerId), inArray(offers.status, LIVE)));
    for (const o of others) {
      await appendMessage(tx, { chatId: o.chatId, senderId: listing.sellerId, recipientId: o.buyerId, text: PENDING_WITH_SOMEONE_ELSE, offerId: o.id, origin: input.origin, now });
    }
  });
}

/** The offer controls of conversation `chatId` for `userId` (one of its two members): what the listing takes and the live offer. */
export async function offerPanel(chatId: string, userId: string): Promise<OfferPanelView | null> {
  let listing: Listing;
  try {
    listing = await chatAndListing(chatId, userId);
  } catch (error) {
    if (error instanceof OfferError) return null;
    throw error;
  }
  const buyer = listing.buyerId === userId;
  const terms = listing.isFree || listing.priceCents === null ? "none" : listing.priceTerms === "firm" ? "firm" : listing.priceTerms === "obo" ? "obo" : "none";
  const [offer] = await getDb()
    .select()
    .from(offers)
    .where(and(eq(offers.chatId, chatId), inArray(offers.status, ["open", "countered", "accepted"])))
    .orderBy(desc(offers.updatedAt))
    .limit(1);
  const closed = listing.status === "sold" ? OFFER_ON_SOLD : listing.status === "pending" && offer?.status !== "accepted" ? OFFER_ON_PENDING : null;
  const live = offer && offer.status !== "accepted" && !closed;
  return {
    terms,
    buyer,
    closed,
    current: offer
      ? {
          id: offer.id,
          status: offer.status as "open" | "countered" | "accepted",
          amount: formatPrice(offer.amountCents),
          counter: offer.counterCents === null ? null : formatPrice(offer.counterCents),
          canAccept: !!live && (buyer ? offer.status === "countered" : offer.status === "open") && listing.status === "available",
          canDecline: !!live && !buyer,
          canCounter: !!live && !buyer && offer.status === "open",
        }
      : null,
  };
}

/**
 * "Who bought it?": everyone who wrote to the seller about the listing (the
 * conversations they started and wrote in), oldest first, and the accepted
 * offer's buyer to preselect. Two queries.
 */
export async function buyerChoices(postId: string, sellerId: string): Promise<{ choices: BuyerChoiceView[]; preselected: string | null }> {
  const rows = await getDb()
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.starterId))
    .where(
      and(
        eq(chats.postId, postId),
        eq(chats.sellerId, sellerId),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.senderId} = ${chats.starterId})`,
      ),
    )
    .orderBy(chats.createdAt, chats.id);
  const accepted = await acceptedOffer(postId);
  const choices = rows.map((r) => ({ id: r.id, username: r.username, displayName: displayName(r) }));
  return { choices, preselected: accepted && choices.some((c) => c.id === accepted.buyerId) ? accepted.buyerId : null };
}

/** The listing conversation `chatId` is about (what the offer rules look at), or null. */
export async function chatPostId(chatId: string): Promise<string | null> {
  const [row] = await getDb().select({ postId: chats.postId }).from(chats).where(eq(chats.id, chatId)).limit(1);
  return row?.postId ?? null;
}

/** What `buyerId` pays for the listing: their accepted offer, else `askingCents`. */
export async function salePrice(postId: string, buyerId: string, askingCents: number): Promise<number> {
  const accepted = await acceptedOffer(postId);
  return accepted && accepted.buyerId === buyerId ? accepted.priceCents : askingCents;
}
