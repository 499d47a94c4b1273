// The feed's filters and sort as they travel in the URL (one GET form on /home,
// /search and a profile's posts), so a filtered feed can be bookmarked and
// shared. Parsed the same way by every loader; bad values are ignored with a
// message beside the field, never an error page.
import { CATEGORIES } from "./categories";
import { CONDITION_VALUES, BEST_MATCH, SORTS, type Condition, type FeedSort } from "./listings";
import { parsePrice } from "./price";
import { INVALID_COURSE, normalizeCourse } from "./course-codes";
import type { FeedType } from "./wanted";

export type FeedFilters = {
  /** A category value, or "all". */
  category: string;
  minCents: number | null;
  maxCents: number | null;
  freeOnly: boolean;
  condition: Condition | null;
  hideSold: boolean;
  sort: FeedSort;
  /** A textbook course code ("MATH 2924"), typed any way in `?course=`; null: any. */
  course?: string | null;
  /** Show: For sale (listings) or Wanted (`?type=sale|wanted`); null or absent: Everything, the default. */
  type?: FeedType | null;
};

/** The form as the reader left it (what the inputs show), and why a value was ignored. */
export type FeedFilterForm = {
  filters: FeedFilters;
  values: { min: string; max: string; course?: string };
  errors: { min?: string; max?: string; course?: string };
};

export const DEFAULT_FILTERS: FeedFilters = {
  category: "all",
  minCents: null,
  maxCents: null,
  freeOnly: false,
  condition: null,
  hideSold: true,
  sort: "newest",
};

export const MAX_BELOW_MIN = "Max price must be at least the min price";

/**
 * Reads the filter parameters. "Hide sold" is a checkbox that is on by
 * default: the form sends `sold=show` from a hidden field and `sold=hide`
 * from the checkbox after it, so the last value is what the reader chose and
 * an address without `sold` keeps the default.
 */
export function readFeedFilters(params: URLSearchParams, opts: { bestMatch?: boolean } = {}): FeedFilterForm {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 40);
  const filters: FeedFilters = { ...DEFAULT_FILTERS, sort: opts.bestMatch ? BEST_MATCH.value : DEFAULT_FILTERS.sort };
  const errors: FeedFilterForm["errors"] = {};

  const category = text("category");
  if (CATEGORIES.some((c) => c.value === category)) filters.category = category;
  const values: FeedFilterForm["values"] = { min: text("min"), max: text("max") };
  for (const key of ["min", "max"] as const) {
    if (!values[key]) continue;
    const parsed = parsePrice(values[key]);
    if (parsed.ok) filters[key === "min" ? "minCents" : "maxCents"] = parsed.cents;
    else errors[key] = parsed.error;
  }
  if (filters.minCents !== null && filters.maxCents !== null && filters.maxCents < filters.minCents) {
    errors.max = MAX_BELOW_MIN;
    filters.maxCents = null;
  }
  filters.freeOnly = params.get("free") === "on";
  const condition = text("condition");
  if ((CONDITION_VALUES as string[]).includes(condition)) filters.condition = condition as Condition;
  const sold = params.getAll("sold").pop();
  if (sold === "show") filters.hideSold = false;
  const sort = text("sort");
  filters.course = normalizeCourse(text("course"));
  const course = text("course");
  if (course) values.course = course;
  if (course && !filters.course) errors.course = INVALID_COURSE;
  const type = text("type");
  filters.type = type === "sale" || type === "wanted" ? type : null;
  if (SORTS.some((s) => s.value === sort) || (opts.bestMatch && sort === BEST_MATCH.value)) filters.sort = sort as FeedSort;
  return { filters, values, errors };
}

/** How a feed draws its posts: photo tiles or the full cards. */
export type FeedView = "grid" | "list";

/**
 * The view the address asks for (`?view=grid|list`), or null when it names
 * none (or something else): then the page's default applies.
 */
export function readFeedView(params: URLSearchParams): FeedView | null {
  const view = params.get("view");
  return view === "grid" || view === "list" ? view : null;
}

/**
 * How many filters differ from the defaults, as the Filters summary counts
 * them ("Filters · 2"); the sort is not a filter. A typed price that was
 * refused does not count: it filters nothing.
 */
export function activeFilterCount(filters: FeedFilters): number {
  const defaults = DEFAULT_FILTERS;
  return [
    filters.category !== defaults.category,
    filters.minCents !== null,
    filters.maxCents !== null,
    filters.freeOnly,
    filters.condition !== null,
    filters.hideSold !== defaults.hideSold,
    Boolean(filters.type),
    Boolean(filters.course),
  ].filter(Boolean).length;
}

/**
 * The view a feed page shows: the one the address names, else the photo
 * grid where the reader is shopping (search results, a filtered campus feed)
 * and the list of whole posts elsewhere (the plain campus feed, profiles).
 */
export function feedView(params: URLSearchParams, filters: FeedFilters, page: "home" | "search" | "profile"): FeedView {
  const asked = readFeedView(params);
  if (asked) return asked;
  if (page === "search") return "grid";
  if (page === "home" && activeFilterCount(filters) > 0) return "grid";
  return "list";
}

/**
 * Posts per page in the Grid view: fewer than List's 10, since a phone shows
 * tiles two to a row and loads every photo within its lazy-loading margin
 * (about 1,250 px) at once; 8 keeps the first visit within the page-weight
 * budget (docs/product.md §22), and the next page comes as the reader nears the end.
 */
export const GRID_PAGE_SIZE = 8;
