// The words of offers and of selling to a buyer (docs/product.md §7, §10),
// shared by the server and the pages (no Zod here).

export const OFFER_SENT = "Offer sent.";
export const OFFER_ACCEPTED = "Offer accepted.";
export const OFFER_DECLINED = "Offer declined.";
export const COUNTER_SENT = "Counteroffer sent.";
export const OFFER_BOUNDS = "Offer must be between $1 and the asking price.";
export const PRICE_IS_FIRM = "The price is firm.";
export const OFFER_ON_FREE = "A free listing takes no offers.";
export const OFFER_ONLY_OBO = "Offers are only for listings marked OBO.";
export const OFFER_ON_SOLD = "This listing is sold.";
export const OFFER_ON_PENDING = "This listing is pending with someone else.";
export const OFFER_BUYER_ONLY = "Only the buyer can make an offer.";
export const OFFER_NOT_OPEN = "This offer is no longer open.";
export const OWN_OFFER = "You can't accept your own offer.";
/** The other side of the conversation is suspended: they could not answer. */
export const OTHER_SIDE_SUSPENDED = "This person's account is suspended, so offers are on hold.";
export const TOO_MANY_OFFERS = "You've made 10 offers in the last hour. Try again later.";
/** The message other buyers with an open offer get when the seller accepts someone else's. */
export const PENDING_WITH_SOMEONE_ELSE = "This listing is now pending with someone else.";
/** The Mark as sold confirmation's question and its last choice. */
export const WHO_BOUGHT_IT = "Who bought it?";
export const SOMEONE_ELSE = "Someone else";
/** The radio value of "Someone else". */
export const SOMEONE_ELSE_VALUE = "someone-else";
