// Wanted posts (docs/product.md §7): a student says what they are looking for;
// it is not a listing (no price), shows a "Wanted" badge and its budget
// ("Up to $40"), gets "I have one", and alerts its author of matching listings
// through the saved-search matching. Texts and pure rules shared by the browser
// and the server.
import { formatPrice } from "./price";
import { MAX_SEARCH_WORDS, searchWords } from "./search-words";

export const WANTED = "wanted";
export const WANTED_BADGE = "Wanted";
/** The composer's switch to a Wanted post, and back. */
export const LOOKING_FOR = "Looking for something?";
export const SELLING_INSTEAD = "Selling something instead?";
export const WANTED_PLACEHOLDER = "What are you looking for?";
export const BUDGET_LABEL = "Up to $";
/** "I have one" on someone else's Wanted post opens the conversation with this first message. */
export const I_HAVE_ONE = "I have one";
export const I_HAVE_ONE_MESSAGE = "Hi! I have what you're looking for. Still need it?";

/** The author's buttons on their Wanted post (statuses sold and available) and the alerts after them. */
export const FOUND_IT = "Found it";
export const STILL_LOOKING = "Still looking";
export const FOUND_BADGE = "Found";
export const WANTED_STATUS_DONE = { available: "Marked as still looking.", pending: "Marked as pending.", sold: "Marked as found." } as const;

/** What a card shows for a budget: "Up to $40". */
export function budgetLabel(cents: number | null): string | null {
  return cents === null ? null : `Up to ${formatPrice(cents)}`;
}

/** The in-app notice (and push, and the email's subject) when a listing matches a Wanted post. */
export function wantedNotice(excerpt: string): string {
  return `Someone posted what you wanted: ${excerpt}`;
}

/** The first line of a post, short enough for a notice. */
export function wantedExcerpt(text: string): string {
  const line = text.split("\n").map((l) => l.trim()).find(Boolean) ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * Words that say one is looking rather than what for: left out of a Wanted
 * post's word match, so "Looking for a desk lamp" matches "Desk lamp, $10".
 */
const FILLER = new Set([
  "a", "an", "the", "any", "anyone", "some", "someone", "i", "im", "i'm", "me", "my", "is", "are", "has", "have", "got",
  "looking", "look", "for", "want", "wanted", "wanting", "need", "needed", "needing", "wtb", "iso", "buy", "buying", "to", "please", "pls",
]);

/** The words a Wanted post's text is matched on: its words without the filler, at most a saved search's eight. */
export function wantedWords(text: string): string {
  return searchWords(text)
    .filter((w) => !FILLER.has(w))
    .slice(0, MAX_SEARCH_WORDS)
    .join(" ");
}

/** The feed filter "Show": For sale (listings), Wanted, Everything (the default: no `type` in the address). */
export const FEED_TYPES = [
  { value: "", label: "Everything" },
  { value: "sale", label: "For sale" },
  { value: "wanted", label: "Wanted" },
] as const;
export type FeedType = "sale" | "wanted";
