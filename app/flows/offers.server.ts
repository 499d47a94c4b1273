// Offers in a conversation (docs/product.md §7, §10), with plain values: the
// buyer makes one, the seller accepts, declines or counters, the buyer accepts
// a counteroffer. Each returns the alert's words, or why not; anyone but the
// conversation's two members is NOT_FOUND. The route answers over HTTP.
import { chatPostId, makeOffer, OfferError, offerPanel, respondToOffer, type OfferResponse } from "~/models/offers.server";
import { COUNTER_SENT, OFFER_ACCEPTED, OFFER_DECLINED, OFFER_SENT } from "~/utils/offers";

export type OfferResult = { ok: true; message: string } | { ok: false; code: "NOT_FOUND" } | { ok: false; code: "REFUSED"; status: number; message: string };

const DONE: Record<OfferResponse, string> = { accept: OFFER_ACCEPTED, decline: OFFER_DECLINED, counter: COUNTER_SENT };

function refusalOf(error: unknown): OfferResult {
  if (error instanceof OfferError && error.status === 404) return { ok: false, code: "NOT_FOUND" };
  if (error instanceof OfferError) return { ok: false, code: "REFUSED", status: error.status, message: error.message };
  throw error;
}

/** The buyer offers `amountCents` (already parsed by the offer schema). */
export async function sendOffer(input: { chatId: string; userId: string; amountCents: number; origin: string }): Promise<OfferResult> {
  try {
    await makeOffer({ chatId: input.chatId, buyerId: input.userId, amountCents: input.amountCents, origin: input.origin });
    return { ok: true, message: OFFER_SENT };
  } catch (error) {
    return refusalOf(error);
  }
}

/** Accept, decline or counter (with `counterCents`) offer `offerId`. */
export async function answerOffer(input: { chatId: string; userId: string; offerId: string; response: OfferResponse; counterCents?: number; origin: string }): Promise<OfferResult> {
  try {
    await respondToOffer(input);
    return { ok: true, message: DONE[input.response] };
  } catch (error) {
    return refusalOf(error);
  }
}

export { chatPostId, offerPanel };
