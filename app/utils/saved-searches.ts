// What a saved search is, as a user sees it and as it is matched: the words
// typed (possibly none) and the feed filters that narrow listings. Sort and
// "Hide sold" only order or trim a page, so they are not part of it.
import { categoryLabel } from "./categories";
import { conditionLabel, type Condition } from "./listings";
import { formatPrice } from "./price";
import type { FeedFilters } from "./feed-filters";
import { MAX_SEARCH_WORDS, searchWords } from "./search-words";

export type SavedSearchCriteria = {
  /** The words, normalised and space-separated ("" for filters only). */
  query: string;
  category: string | null;
  minCents: number | null;
  maxCents: number | null;
  freeOnly: boolean;
  condition: Condition | null;
};

export const NOTIFY_CHOICES = [
  { value: "instant", label: "Right away" },
  { value: "daily", label: "Once a day" },
  { value: "off", label: "Off" },
] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number]["value"];

export const MAX_SAVED_SEARCHES = 25;
export const SEARCH_SAVED = "Search saved.";
export const SEARCH_ALREADY_SAVED = "You already saved this search.";
export const SEARCH_DELETED = "Search deleted.";
export const TOO_MANY_SEARCHES = `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one in Settings to save this one.`;
export const NOTHING_TO_SAVE = "Type words or choose a filter first, then save the search.";
export const NOTIFY_UPDATED = "Alerts updated.";

/** The criteria of what a page shows: its search words and feed filters. */
export function savedSearchCriteria(query: string | null | undefined, filters: Partial<FeedFilters>): SavedSearchCriteria {
  return {
    query: searchWords(query ?? "").slice(0, MAX_SEARCH_WORDS).join(" "),
    category: filters.category && filters.category !== "all" ? filters.category : null,
    minCents: filters.minCents ?? null,
    maxCents: filters.maxCents ?? null,
    freeOnly: filters.freeOnly ?? false,
    condition: filters.condition ?? null,
  };
}

/** Whether there is anything to match on: a search without words or filters would alert on every listing. */
export function hasCriteria(c: SavedSearchCriteria): boolean {
  return c.query !== "" || c.category !== null || c.minCents !== null || c.maxCents !== null || c.freeOnly || c.condition !== null;
}

/** One string for the whole search, so the same search saved twice is found. */
export function criteriaKey(c: SavedSearchCriteria): string {
  return JSON.stringify([c.query, c.category, c.minCents, c.maxCents, c.freeOnly, c.condition]);
}

/** A saved search in words: "desk lamp · Furniture · under $20 · Free only · Like new". */
export function describeSearch(c: SavedSearchCriteria): string {
  const parts: string[] = [];
  if (c.query) parts.push(c.query);
  if (c.category) parts.push(categoryLabel(c.category) ?? c.category);
  if (c.minCents !== null && c.maxCents !== null) parts.push(`${formatPrice(c.minCents)} to ${formatPrice(c.maxCents)}`);
  else if (c.maxCents !== null) parts.push(`under ${formatPrice(c.maxCents)}`);
  else if (c.minCents !== null) parts.push(`${formatPrice(c.minCents)} and up`);
  if (c.freeOnly) parts.push("Free only");
  if (c.condition) parts.push(conditionLabel(c.condition) ?? c.condition);
  return parts.length ? parts.join(" · ") : "All listings";
}

/** The search page that shows what a saved search matches (its words and filters in the address). */
export function searchHref(c: SavedSearchCriteria): string {
  const params = new URLSearchParams();
  if (c.query) params.set("q", c.query);
  if (c.category) params.set("category", c.category);
  if (c.minCents !== null) params.set("min", String(c.minCents / 100));
  if (c.maxCents !== null) params.set("max", String(c.maxCents / 100));
  if (c.freeOnly) params.set("free", "on");
  if (c.condition) params.set("condition", c.condition);
  return `/search?${params.toString()}`;
}

/** The daily digest goes out at this hour of the campus's time zone. */
export const DIGEST_HOUR = 8;

/** How far a time zone is ahead of UTC at `ms`, in milliseconds. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(ms / 1000) * 1000;
}

/** The latest DIGEST_HOUR:00 in `timeZone` at or before `now` (daylight saving included). */
export function lastDigestAt(now: number, timeZone: string): number {
  const local = new Date(now + zoneOffset(now, timeZone));
  for (let back = 0; back <= 2; back++) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back, DIGEST_HOUR);
    const at = wall - zoneOffset(wall - zoneOffset(wall, timeZone), timeZone);
    if (at <= now) return at;
  }
  return now;
}
