// What a listing is (a post with a price or Free) and the words shown for it:
// condition, status, price terms, and the clock rules of expiry and renewal.
// Shared by the browser (composer, filters, cards) and the server.

export const CONDITIONS = [
  { value: "new", label: "New" },
  { value: "like-new", label: "Like new" },
  { value: "good", label: "Good" },
  { value: "fair", label: "Fair" },
  { value: "for-parts", label: "For parts" },
] as const;
export type Condition = (typeof CONDITIONS)[number]["value"];
export const CONDITION_VALUES = CONDITIONS.map((c) => c.value) as [Condition, ...Condition[]];

export function conditionLabel(value: string | null | undefined): string | null {
  return CONDITIONS.find((c) => c.value === value)?.label ?? null;
}

export const PRICE_TERMS = [
  { value: "firm", label: "Firm" },
  { value: "obo", label: "OBO" },
] as const;
export type PriceTerms = (typeof PRICE_TERMS)[number]["value"];
export const PRICE_TERM_VALUES = PRICE_TERMS.map((t) => t.value) as [PriceTerms, ...PriceTerms[]];

export const LISTING_STATUSES = ["available", "pending", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The author's buttons on the post page, and the alerts after them. */
export const STATUS_ACTIONS: Record<ListingStatus, { button: string; done: string }> = {
  available: { button: "Mark as available", done: "Marked as available." },
  pending: { button: "Mark as pending", done: "Marked as pending." },
  sold: { button: "Mark as sold", done: "Marked as sold." },
};

const DAY_MS = 24 * 3600_000;
/** A listing not renewed or commented on for this long leaves the feed and search. */
export const LISTING_LIFETIME_MS = 30 * DAY_MS;
/** At most one renewal in this long. */
export const RENEW_INTERVAL_MS = 2 * DAY_MS;
/** The reminder email goes this long before a listing expires. */
export const RENEW_REMINDER_BEFORE_MS = 3 * DAY_MS;

export const LISTING_RENEWED = "Listing renewed.";
export const RENEW_TOO_SOON = "A listing can be renewed once every 48 hours.";

export const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "must-go", label: "Must go soonest" },
] as const;
/** Search results may also be ranked by how well they match. */
export const BEST_MATCH = { value: "best", label: "Best match" } as const;
export type FeedSort = (typeof SORTS)[number]["value"] | typeof BEST_MATCH.value;
