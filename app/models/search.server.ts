// Search (/search, docs/product.md §9): top-level posts of one campus and people, ranked.
// The queries are the dialect's (FTS5 on SQLite, tsvector on PostgreSQL: see
// app/services/dialect/*/search.server.ts); this module turns what a person
// typed into terms and the hits into views.
import { dbClient, getDb, schema } from "~/services/db.server";
import { notBlockedWith } from "./blocks.server";
import { visibleAfterReports } from "./reports.server";
import type { SearchTerm } from "~/services/dialect/types";
import type { AuthorView } from "~/types/views";
import { and, count, eq, isNull, or, type SQL } from "drizzle-orm";
import type { FeedFilters } from "~/utils/feed-filters";
import { BEST_MATCH } from "~/utils/listings";
import { getFeedPage, getPostViews, listingConditions, PAGE_SIZE, type PostView } from "./posts.server";
import { authorView } from "./users.server";
import { dayIn, hasCourse } from "./listing-extras.server";
import { normalizeCourse } from "~/utils/course-codes";
import { parseIsbn } from "~/utils/isbn";

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
/** Ranked results are paged by offset; past this, refine the query. */
const MAX_OFFSET = 500;

/**
 * The words of what a person typed, safe for any query syntax: white space
 * and control characters separate them, quotes are dropped, terms without a
 * letter or digit are dropped, at most 8 terms of 64 characters, and the
 * last term (of two characters or more) matches as a prefix so results come
 * as you type. Null when nothing searchable is left.
 */
export function searchTerms(input: string | null | undefined): SearchTerm[] | null {
  const words = (input ?? "")
    .normalize("NFKC")
    // Control characters separate words too: FTS5 reads a NUL as the end of its query string.
    .split(/[\s\p{Cc}]+/u)
    .map((t) => t.replace(/"/g, "").slice(0, MAX_TERM_LENGTH))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  return words.map((text, i) => ({ text, prefix: i === words.length - 1 && /[\p{L}\p{N}]{2}/u.test(text) }));
}

/**
 * What a query names of a listing's codes: an ISBN-10 or ISBN-13 (hyphens
 * and spaces allowed) and a course code typed any way ("math2924", "Math-2924",
 * "MATH 2924"). An ISBN comes back in the query as the 13 digits the index
 * holds; course codes are indexed in both spellings, so they stay as typed.
 * Both are returned so those listings can be ranked first.
 */
export function listingCodes(input: string): { query: string; isbn: string | null; course: string | null } {
  const whole = parseIsbn(input);
  if (whole) return { query: whole, isbn: whole, course: null };
  const words = input.trim().split(/\s+/u);
  let isbn: string | null = null;
  let course: string | null = null;
  const out = words.map((word, i) => {
    course ??= normalizeCourse(word) ?? (i + 1 < words.length ? normalizeCourse(`${word} ${words[i + 1]}`) : null);
    const number = parseIsbn(word);
    isbn ??= number;
    return number ?? word;
  });
  return { query: out.join(" "), isbn, course };
}

/** Listings carrying the ISBN or course code a query names. */
function codeMatch(codes: { isbn: string | null; course: string | null }): SQL | undefined {
  return or(codes.isbn ? eq(schema.posts.isbn, codes.isbn) : undefined, codes.course ? hasCourse(codes.course) : undefined);
}

function decodeOffset(cursor: string | null | undefined): number {
  const n = Number(cursor);
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, MAX_OFFSET) : 0;
}

export type SearchPostsPage = { posts: PostView[]; nextCursor: string | null; count?: number };

/**
 * Top-level, undeleted posts of one campus matching `query`, narrowed by the
 * feed's filters, without those of anyone the viewer blocked or who blocked them,
 * nor those hidden by reports (but from their author and moderators) or reported by the viewer. Best match (the default): best first, newest first among
 * equals, paged by offset up to 500. Newest and the price sorts: the feed's
 * own keyset paging over the matches. `cursor` is the opaque value of the
 * previous page's nextCursor, so the result plugs into the feed component.
 */
export async function searchPosts(opts: {
  campusId: string;
  query: string;
  timeZone: string;
  cursor?: string | null;
  viewerId?: string | null;
  limit?: number;
  filters?: Partial<FeedFilters>;
  now?: number;
}): Promise<SearchPostsPage> {
  const codes = listingCodes(opts.query);
  const terms = searchTerms(codes.query);
  if (!terms) return { posts: [], nextCursor: null };
  const limit = Math.max(1, Math.min(opts.limit ?? PAGE_SIZE, 50));
  const filters = opts.filters ?? {};
  const search = dbClient().search;
  if (filters.sort && filters.sort !== BEST_MATCH.value) {
    return getFeedPage({ campusId: opts.campusId, timeZone: opts.timeZone, cursor: opts.cursor, filters, match: search.postMatch(terms), viewerId: opts.viewerId, limit, now: opts.now });
  }
  const offset = decodeOffset(opts.cursor);
  const where = and(
    ...listingConditions(filters, { now: opts.now, today: dayIn(opts.timeZone, opts.now ?? Date.now()) }),
    opts.viewerId ? notBlockedWith(opts.viewerId, schema.posts.authorId) : undefined,
    visibleAfterReports(opts.viewerId, "post"),
  );
  const ids = await search.posts({ terms, campusId: opts.campusId, limit: limit + 1, offset, where, first: codeMatch(codes) });
  return {
    posts: await getPostViews(ids.slice(0, limit), opts.timeZone, opts.viewerId),
    nextCursor: ids.length > limit && offset + limit < MAX_OFFSET ? String(offset + limit) : null,
  };
}

export type SearchPeoplePage = { people: AuthorView[]; nextCursor: string | null };

/** People matching `query` by first name, last name or username; only one campus's when `campusId` is given. */
export async function searchPeople(opts: {
  query: string;
  campusId?: string;
  cursor?: string | null;
  limit?: number;
}): Promise<SearchPeoplePage> {
  const terms = searchTerms(opts.query);
  if (!terms) return { people: [], nextCursor: null };
  const limit = Math.max(1, Math.min(opts.limit ?? PAGE_SIZE, 50));
  const offset = decodeOffset(opts.cursor);
  const rows = await dbClient().search.people({ terms, campusId: opts.campusId ?? null, limit: limit + 1, offset });
  return {
    people: rows.slice(0, limit).map(authorView),
    nextCursor: rows.length > limit && offset + limit < MAX_OFFSET ? String(offset + limit) : null,
  };
}

/**
 * How many posts a search finds with the feed's filters (the count /search
 * shows above its results), under the same rules as searchPosts: this campus,
 * top-level and live, nothing blocked or hidden from the viewer.
 */
export async function countSearchPosts(opts: { campusId: string; query: string; timeZone: string; viewerId?: string | null; filters?: Partial<FeedFilters>; now?: number }): Promise<number> {
  const terms = searchTerms(listingCodes(opts.query).query);
  if (!terms) return 0;
  const { posts } = schema;
  const [row] = await getDb()
    .select({ n: count() })
    .from(posts)
    .where(
      and(
        eq(posts.campusId, opts.campusId),
        isNull(posts.parentId),
        isNull(posts.gameId),
        isNull(posts.projectId),
        isNull(posts.deletedAt),
        dbClient().search.postMatch(terms),
        ...listingConditions(opts.filters ?? {}, { now: opts.now, today: dayIn(opts.timeZone, opts.now ?? Date.now()) }),
        opts.viewerId ? notBlockedWith(opts.viewerId, posts.authorId) : undefined,
        visibleAfterReports(opts.viewerId, "post"),
      ),
    );
  return row?.n ?? 0;
}
