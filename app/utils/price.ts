// Prices of listings: typed as dollars ("60", "60.00", "$1,250"), stored as
// integer cents, shown as "$60", "$1,250", "$12.50" or "Free". Pure and small:
// the composer's schema runs it in the browser and in the action.

/** The highest price a listing may ask: $100,000. */
export const MAX_PRICE_CENTS = 100_000_00;

export const PRICE_FORMAT = "Enter a price like 25 or 25.50";
export const PRICE_TOO_HIGH = "Price must be $100,000 or less";

export type PriceParse = { ok: true; cents: number } | { ok: false; error: string };

// An optional "$", then whole dollars (plain, or grouped by commas in threes),
// then optionally one or two decimal places. Linear: no nested repetition.
const PRICE = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as typed → integer cents, computed from the digits (never through a
 * float, so "19.99" is 1999, not 1998.9999…). Refuses negatives, letters,
 * misplaced commas, more than two decimals and anything above $100,000.
 */
export function parsePrice(input: string): PriceParse {
  const match = PRICE.exec(input.trim());
  if (!match) return { ok: false, error: PRICE_FORMAT };
  const dollars = match[1]!.replace(/,/g, "").replace(/^0+(?=\d)/, "");
  // More digits than $100,000 has: too high, whatever they are (and no float overflow).
  if (dollars.length > 6) return { ok: false, error: PRICE_TOO_HIGH };
  const cents = Number(dollars) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > MAX_PRICE_CENTS ? { ok: false, error: PRICE_TOO_HIGH } : { ok: true, cents };
}

/** "$60", "$1,250", "$12.50": whole dollars without cents, otherwise two decimals. */
export function formatPrice(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  // Commas by hand, not toLocaleString: a browser's first Intl call loads ICU data, a long task during hydration on a phone.
  let whole = String(dollars);
  for (let i = whole.length - 3; i > 0; i -= 3) whole = `${whole.slice(0, i)},${whole.slice(i)}`;
  return rest === 0 ? `$${whole}` : `$${whole}.${rest.toString().padStart(2, "0")}`;
}

/** What a card shows for a listing's price: "Free", "$60", "$60 OBO" (null when it has none). */
export function priceLabel(listing: { priceCents: number | null; isFree: boolean; priceTerms: "firm" | "obo" | null }): string | null {
  if (listing.isFree) return "Free";
  if (listing.priceCents === null) return null;
  const price = formatPrice(listing.priceCents);
  return listing.priceTerms === "obo" ? `${price} OBO` : listing.priceTerms === "firm" ? `${price} Firm` : price;
}

/** Cents as a person would type them back into the Price field ("60", "12.50"). */
export function priceInput(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
