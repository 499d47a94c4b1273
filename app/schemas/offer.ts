import * as z from "zod/mini";
import { OFFER_BOUNDS } from "~/utils/offers";
import { parsePrice, PRICE_TOO_HIGH } from "~/utils/price";

/** The least offer: $1 (the most, the asking price, only the server knows). */
const MIN_OFFER_CENTS = 100;

function amountError(input: unknown): string {
  const parsed = parsePrice(typeof input === "string" ? input : "");
  if (!parsed.ok) return parsed.error === PRICE_TOO_HIGH ? OFFER_BOUNDS : parsed.error;
  return parsed.cents < MIN_OFFER_CENTS ? OFFER_BOUNDS : "";
}

// Dollars typed like the composer's price ("45", "45.50", "$45"), out as cents.
const amount = z.pipe(
  z.string({ error: OFFER_BOUNDS }).check(z.refine((value) => amountError(value) === "", { error: (issue) => amountError(issue.input) })),
  z.transform((value) => (parsePrice(value) as { cents: number }).cents),
);

/** Make an offer (the buyer): "Your offer". */
export const offerSchema = z.object({ amount });

/** Counter an offer (the seller): "Your counteroffer", about one offer. */
export const counterSchema = z.object({ offerId: z.string({ error: "Not Found" }), amount });
