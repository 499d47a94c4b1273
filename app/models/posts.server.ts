import { and, asc, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { atLeastZero, forUpdate, getDb, hiddenFromPlanner, jsonRows, newId, prepared, schema, transaction, type Tx } from "~/services/db.server";
import { removeMedia, type StoredMedia } from "~/services/media.server";
import { cursorId, cursorInt, cursorParts, decodeKeysetCursor, encodeCursor, encodeKeysetCursor, INT4_MAX, type KeysetCursor } from "~/services/cursor.server";
import { EMPTY_POST } from "~/utils/limits";
import { MAX_FILES, TOO_MANY_FILES } from "~/utils/media-rules";
import { timeView } from "~/services/time.server";
import { photoAlts } from "~/utils/alt-text";
import { pickupSpotLabel } from "~/data/pickup-spots";
import type { FeedFilters } from "~/utils/feed-filters";
import { conditionLabel, LISTING_LIFETIME_MS, type Condition, type PriceTerms } from "~/utils/listings";
import { priceLabel } from "~/utils/price";
import { categoryLabel } from "~/utils/categories";
import { notify } from "./notifications.server";
import { enqueueVideoJobs } from "./video-jobs.server";
import { enqueueListingAlerts } from "./listing-alert-queue.server";
import { isBlockedEitherWay, notBlockedWith } from "./blocks.server";
import { CANT_INTERACT } from "~/utils/messages";
import { hiddenFromViewer, visibleAfterReports } from "./reports.server";
import { countedAmong, subtreeIds } from "./post-tree.server";
import { notifyPriceDrop } from "./price-drops.server";
import { deleteWantedSearches, replaceWantedSearches } from "./saved-searches.server";
import { budgetLabel } from "~/utils/wanted";
import { blocksToText } from "~/utils/rich-text";
import type { AuthorView, CommentNode, CommentView, MediaView, ParentChain, PostPageView, PostView, TextBlock, ThreadNode, ThreadPage, VideoView } from "~/types/views";
import { formatDuration } from "~/utils/duration";

export type { CommentNode, ParentChain, PostPageView, PostView, ThreadNode, ThreadPage };
import { authorColumns, authorView } from "./users.server";
import { sellerCardColumns, sellerCardOf, sellerCardValues, type SellerCardView } from "./reviews.server";
import { dayIn, extrasColumns, extrasView, hasCourse, keepSchedule, mustGoLive, mustGoSoonestPage, mustGoPassed, NO_EXTRAS, normalizeExtras, type ListingExtraColumns } from "./listing-extras.server";
import type { ListingStateColumns } from "./listings.server";

export const PAGE_SIZE = 10;

const { posts } = schema;

/** A top-level post: not a comment, not on a game or project, not deleted. */
const isTopLevel = and(
  isNull(posts.parentId),
  isNull(posts.gameId),
  isNull(posts.projectId),
  isNull(posts.deletedAt),
);

type Cursor = KeysetCursor;

/**
 * Where a price-sorted page stopped: in the priced part (by price, then id) or
 * in the unpriced part that follows it in both orders (by last activity).
 */
type PriceCursor = { part: "priced"; cents: number; id: string } | { part: "unpriced"; at: number; id: string };

function encodePriceCursor(c: PriceCursor): string {
  return c.part === "priced" ? encodeCursor(["p", c.cents, c.id]) : encodeCursor(["u", c.at, c.id]);
}

function decodePriceCursor(value: string | null | undefined): PriceCursor | null {
  const parts = cursorParts(value, 3);
  if (!parts) return decodeLegacyPriceCursor(value);
  const id = cursorId(parts[2]);
  if (id === null) return null;
  if (parts[0] === "p") {
    const cents = cursorInt(parts[1], INT4_MAX);
    return cents === null ? null : { part: "priced", cents, id };
  }
  const at = cursorInt(parts[1]);
  return parts[0] === "u" && at !== null ? { part: "unpriced", at, id } : null;
}

/** Links written before the one format ("p" or "u" before the encoded key) still open their page. */
function decodeLegacyPriceCursor(value: string | null | undefined): PriceCursor | null {
  const inner = decodeKeysetCursor(value?.slice(1));
  if (!inner) return null;
  if (value!.startsWith("p")) return inner.at <= INT4_MAX ? { part: "priced", cents: inner.at, id: inner.id } : null;
  if (value!.startsWith("u")) return { part: "unpriced", at: inner.at, id: inner.id };
  return null;
}

export type FeedPage = { posts: PostView[]; nextCursor: string | null };

/** The start of the window in which a listing counts as live (not expired). */
export function liveSince(now: number): number {
  return now - LISTING_LIFETIME_MS;
}

/**
 * The filters of the feed form as SQL on `posts`: each narrows what the
 * reader sees; expired listings are out unless `includeExpired` (a profile).
 */
export function listingConditions(filters: Partial<FeedFilters>, opts: { includeExpired?: boolean; now?: number; today?: string } = {}): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (filters.category && filters.category !== "all") out.push(eq(posts.category, filters.category));
  if (filters.hideSold) out.push(ne(posts.status, "sold"));
  if (filters.minCents !== null && filters.minCents !== undefined) out.push(gte(posts.priceCents, filters.minCents));
  if (filters.maxCents !== null && filters.maxCents !== undefined) out.push(lte(posts.priceCents, filters.maxCents));
  if (filters.freeOnly) out.push(eq(posts.isFree, true));
  if (filters.condition) out.push(eq(posts.condition, filters.condition));
  if (!opts.includeExpired) out.push(...liveConditions(liveSince(opts.now ?? Date.now()), opts.today ?? dayIn("UTC", opts.now ?? Date.now())));
  if (filters.course) out.push(hasCourse(filters.course));
  // Show: For sale (listings) or Wanted; Everything when neither.
  if (filters.type === "sale") out.push(isNotNull(posts.priceCents));
  if (filters.type === "wanted") out.push(eq(posts.kind, "wanted"));
  return out;
}

/**
 * Not expired: listings and Wanted posts expire (last activity before `since`,
 * or a Must go by day before `today`); other posts never do.
 */
function liveConditions(since: number | Placeholder, today: string | Placeholder): (SQL | undefined)[] {
  return [or(and(isNull(posts.priceCents), isNull(posts.kind)), gt(posts.lastActivityAt, since)), mustGoLive(today)];
}

/** Whether the filters leave room for posts without a price (they come after priced ones). */
function allowsUnpriced(filters: Partial<FeedFilters>): boolean {
  return filters.minCents == null && filters.maxCents == null && !filters.freeOnly;
}

export type FeedOptions = {
  campusId: string;
  timeZone: string;
  cursor?: string | null;
  /** The feed form's filters and sort (app/utils/feed-filters.ts); the default is every post, newest activity first. */
  filters?: Partial<FeedFilters>;
  /** Shorthand for filters.category. */
  category?: string | null;
  authorId?: string;
  /** Only posts matching a search (the search dialect's condition). */
  match?: SQL;
  /** A profile shows its author's expired listings (marked "Expired"). */
  includeExpired?: boolean;
  viewerId?: string | null;
  limit?: number;
  now?: number;
};

/**
 * One page of a campus feed, keyset paginated for every sort so page 1,000
 * costs what page 1 does (no OFFSET). Newest: top-level posts by last activity
 * (docs/product.md §9). Price, low to high or high to low: priced listings (Free is $0)
 * by price then id, then the posts without a price by last activity; a page
 * that spans the two parts takes two queries. Plus one query for the page's
 * media and one for the viewer's saves: never one per post.
 */
export async function getFeedPage(opts: FeedOptions): Promise<FeedPage> {
  const limit = opts.limit ?? PAGE_SIZE;
  const now = opts.now ?? Date.now();
  const filters = { ...opts.filters, category: opts.filters?.category ?? opts.category ?? undefined };
  const sort = filters.sort ?? "newest";
  const byNewest = sort !== "must-go" && sort !== "price-asc" && sort !== "price-desc";
  const keyset = byNewest ? decodeKeysetCursor(opts.cursor) : null;
  /** A page by last activity from `rows` (one more than the page: it says whether there is a next). */
  const activityPage = async (rows: PostRow[]): Promise<FeedPage> => {
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      posts: await toViews(page, opts.timeZone, opts.viewerId, now),
      nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.lastActivityAt, id: last.id }) : null,
    };
  };
  // The feed as it opens (no filter but Hide sold, no search, author or cursor): a prepared statement, no query built.
  if (byNewest && !keyset && !opts.authorId && !opts.match && !opts.includeExpired && listingConditions({ ...filters, hideSold: false }, { includeExpired: true }).length === 0) {
    return activityPage(
      await openingFeed(opts.viewerId ? "viewer" : "visitor", Boolean(filters.hideSold), limit + 1).execute({
        campusId: opts.campusId,
        liveSince: liveSince(now),
        today: dayIn(opts.timeZone, now),
        viewerId: opts.viewerId,
      }),
    );
  }

  const base: (SQL | undefined)[] = [eq(posts.campusId, opts.campusId), isTopLevel, ...listingConditions(filters, { includeExpired: opts.includeExpired, now, today: dayIn(opts.timeZone, now) })];
  if (opts.authorId) base.push(eq(posts.authorId, opts.authorId));
  if (opts.match) base.push(opts.match);
  // Nobody sees the posts of someone they blocked or who blocked them.
  if (opts.viewerId) base.push(notBlockedWith(opts.viewerId, posts.authorId));
  // Hidden by reports: only its author and the moderators; nor anything the viewer reported.
  base.push(visibleAfterReports(opts.viewerId, "post"));
  const select = () =>
    getDb()
      .select({ ...postColumns, lastActivityAt: posts.lastActivityAt, saved: savedColumn(opts.viewerId) })
      .from(posts)
      .innerJoin(schema.users, eq(schema.users.id, posts.authorId));

  /** Posts by last activity (the newest sort, and the unpriced part of the price sorts). */
  const byActivity = (extra: (SQL | undefined)[], cursor: Cursor | null, n: number) =>
    select()
      .where(and(...base, ...extra, cursor ? or(lt(posts.lastActivityAt, cursor.at), and(eq(posts.lastActivityAt, cursor.at), lt(posts.id, cursor.id))) : undefined))
      .orderBy(desc(posts.lastActivityAt), desc(posts.id))
      .limit(n);

  if (sort === "must-go") {
    const page = await mustGoSoonestPage(select, base, opts.cursor, limit);
    return { posts: await toViews(page.rows, opts.timeZone, opts.viewerId, now), nextCursor: page.nextCursor };
  }
  if (byNewest) return activityPage(await byActivity([], keyset, limit + 1));

  const ascending = sort === "price-asc";
  const cursor = decodePriceCursor(opts.cursor);
  type Row = Awaited<ReturnType<typeof byActivity>>[number];
  let rows: (Row & { part: PriceCursor["part"] })[] = [];
  if (cursor?.part !== "unpriced") {
    const after =
      cursor?.part === "priced"
        ? ascending
          ? or(gt(posts.priceCents, cursor.cents), and(eq(posts.priceCents, cursor.cents), gt(posts.id, cursor.id)))
          : or(lt(posts.priceCents, cursor.cents), and(eq(posts.priceCents, cursor.cents), lt(posts.id, cursor.id)))
        : undefined;
    const priced = await select()
      .where(and(...base, isNotNull(posts.priceCents), after))
      .orderBy(...(ascending ? [asc(posts.priceCents), asc(posts.id)] : [desc(posts.priceCents), desc(posts.id)]))
      .limit(limit + 1);
    rows = priced.map((r) => ({ ...r, part: "priced" as const }));
  }
  if (rows.length <= limit && allowsUnpriced(filters)) {
    const from = cursor?.part === "unpriced" ? { at: cursor.at, id: cursor.id } : null;
    const unpriced = await byActivity([isNull(posts.priceCents)], from, limit + 1 - rows.length);
    rows = rows.concat(unpriced.map((r) => ({ ...r, part: "unpriced" as const })));
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: await toViews(page, opts.timeZone, opts.viewerId, now),
    nextCursor:
      rows.length > limit && last
        ? encodePriceCursor(last.part === "priced" ? { part: "priced", cents: last.priceCents!, id: last.id } : { part: "unpriced", at: last.lastActivityAt, id: last.id })
        : null,
  };
}

/**
 * The first page of a campus feed with no filter but Hide sold (on or off),
 * newest activity first, as getFeedPage builds it (the same conditions, values
 * as placeholders): built once per kind of reader and page size, sent as a
 * prepared statement. The page size is part of the statement's text, not a
 * parameter (the drizzle-orm patch in .patches/): SQLite prepares a statement
 * again each time its LIMIT is bound anew, and PostgreSQL would plan it again
 * on every run.
 */
const openingFeedFor = (reader: "viewer" | "visitor", hideSold: boolean, rows: number) =>
  prepared(() => {
    const viewerId = reader === "viewer" ? sql.placeholder("viewerId") : null;
    return getDb()
      .select({ ...postColumns, lastActivityAt: posts.lastActivityAt, saved: savedColumn(viewerId) })
      .from(posts)
      .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
      .where(
        and(
          eq(posts.campusId, sql.placeholder("campusId")),
          isTopLevel,
          ...listingConditions({ hideSold }, { includeExpired: true }),
          ...liveConditions(sql.placeholder("liveSince"), sql.placeholder("today")),
          viewerId ? notBlockedWith(viewerId, posts.authorId) : undefined,
          visibleAfterReports(viewerId, "post"),
        ),
      )
      .orderBy(desc(posts.lastActivityAt), desc(posts.id))
      .limit(rows);
  });
const openingFeeds = new Map<string, ReturnType<typeof openingFeedFor>>();
/** The opening feed's statement for a reader and a number of rows (the page sizes are the code's own: a handful). */
function openingFeed(reader: "viewer" | "visitor", hideSold: boolean, rows: number) {
  const key = `${reader}:${hideSold}:${rows}`;
  let query = openingFeeds.get(key);
  if (!query) openingFeeds.set(key, (query = openingFeedFor(reader, hideSold, rows)));
  return query();
}

/**
 * One page of a user's posts with videos on a campus (the Videos tab, docs/product.md §5: by
 * video count, then newest), keyset paginated on (vid_count, created_at, id).
 */
export async function getVideoPage(opts: {
  campusId: string;
  timeZone: string;
  authorId: string;
  cursor?: string | null;
  viewerId?: string | null;
  limit?: number;
}): Promise<FeedPage> {
  const limit = opts.limit ?? PAGE_SIZE;
  const parts = cursorParts(opts.cursor, 3);
  const key = parts ? { v: cursorInt(parts[0], INT4_MAX), at: cursorInt(parts[1]), id: cursorId(parts[2]) } : null;
  const filters: (SQL | undefined)[] = [
    eq(posts.authorId, opts.authorId),
    eq(posts.campusId, opts.campusId),
    sql`${posts.vidCount} > 0`,
    // Anyone but the author: a post whose videos are all still processing has none to show here yet.
    opts.viewerId === opts.authorId ? undefined : exists(getDb().select({ one: sql`1` }).from(schema.media).where(and(eq(schema.media.postId, posts.id), eq(schema.media.kind, "video"), eq(schema.media.status, "ready")))),
    isNull(posts.deletedAt),
    opts.viewerId ? notBlockedWith(opts.viewerId, posts.authorId) : undefined,
    visibleAfterReports(opts.viewerId, "any"),
  ];
  if (key && key.v !== null && key.at !== null && key.id !== null) {
    const { v, at, id } = key;
    filters.push(
      or(
        lt(posts.vidCount, v),
        and(eq(posts.vidCount, v), lt(posts.createdAt, at)),
        and(eq(posts.vidCount, v), eq(posts.createdAt, at), lt(posts.id, id)),
      ),
    );
  }
  const rows = await getDb()
    .select(postColumns)
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(and(...filters))
    .orderBy(desc(posts.vidCount), desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    posts: await toViews(page, opts.timeZone, opts.viewerId),
    nextCursor: rows.length > limit && last ? encodeCursor([last.vidCount, last.createdAt, last.id]) : null,
  };
}

/** A post's and a comment's files are stored under "posts/{its id}/…" (see storeMedia's callers). */
const POST_MEDIA_KEY = /^posts\/([\w-]{1,64})\//;

/**
 * Who may fetch a stored file, for /media: "anyone" for files that are not a
 * post's (profile photos), "public" for the files of a post everyone may see,
 * "author" for those of a post hidden by reports when the viewer is its author
 * or a moderator, and "none" for the rest (a deleted post, a hidden one for
 * anyone else, a key naming no post). One primary-key read of the post; the
 * viewer (a session lookup) only when it is hidden.
 */
export async function mediaAccess(key: string, viewerId: () => Promise<string | null>): Promise<"anyone" | "public" | "author" | "none"> {
  const postId = POST_MEDIA_KEY.exec(key)?.[1];
  if (!postId) return key.startsWith("posts/") ? "none" : "anyone";
  const [post] = await getDb().select({ hiddenAt: posts.hiddenAt, deletedAt: posts.deletedAt, authorId: posts.authorId }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post || post.deletedAt !== null) return "none";
  if (post.hiddenAt === null) return "public";
  return (await hiddenFrom(post, await viewerId())) ? "none" : "author";
}

/**
 * Which media rows a viewer may see: every ready one, and a video still being
 * processed only by the author of its post (or the owner of its game or project),
 * so nobody else ever gets a player that cannot play yet (docs/product.md §17).
 * Every read of media for display goes through this.
 */
export function mediaVisibleTo(viewerId: string | Placeholder | null | undefined): SQL {
  const { media, games, projects } = schema;
  const ready = eq(media.status, "ready");
  if (!viewerId) return ready;
  const one = { one: sql`1` };
  const db = getDb();
  return or(
    ready,
    exists(db.select(one).from(posts).where(and(eq(posts.id, media.postId), eq(posts.authorId, viewerId)))),
    exists(db.select(one).from(games).where(and(eq(games.id, media.gameId), eq(games.ownerId, viewerId)))),
    exists(db.select(one).from(projects).where(and(eq(projects.id, media.projectId), eq(projects.ownerId, viewerId)))),
  )!;
}

/** A page of cards (a feed page has 10) asks for its media with one prepared statement, the unused ids null. */
const MEDIA_BATCH = 24;
const MEDIA_SLOTS = Array.from({ length: MEDIA_BATCH }, (_, i) => `post${i}`);
const mediaOfFor = (reader: "viewer" | "visitor") =>
  prepared(() =>
    getDb()
      .select()
      .from(schema.media)
      .where(
        and(
          sql`${schema.media.postId} in (${sql.join(
            MEDIA_SLOTS.map((slot) => hiddenFromPlanner(sql.placeholder(slot))),
            sql`, `,
          )})`,
          mediaVisibleTo(reader === "viewer" ? sql.placeholder("viewerId") : null),
        ),
      )
      .orderBy(schema.media.postId, schema.media.order),
  );
const mediaOf = { viewer: mediaOfFor("viewer"), visitor: mediaOfFor("visitor") };

/**
 * Media of several posts in one query, in img_order, each photo with its alt (the author's first name for the fallback),
 * as the viewer may see them (mediaVisibleTo).
 */
export async function loadMedia(ofPosts: { id: string; firstName: string }[], viewerId?: string | null): Promise<Map<string, MediaView[]>> {
  const byPost = new Map<string, MediaRow[]>();
  if (ofPosts.length === 0) return new Map();
  const ids = ofPosts.map((p) => p.id);
  const rows =
    ids.length <= MEDIA_BATCH
      ? await mediaOf[viewerId ? "viewer" : "visitor"]().execute({ ...Object.fromEntries(MEDIA_SLOTS.map((slot, i) => [slot, ids[i] ?? null])), viewerId })
      : await getDb()
          .select()
          .from(schema.media)
          .where(and(inArray(schema.media.postId, ids), mediaVisibleTo(viewerId)))
          .orderBy(schema.media.postId, schema.media.order);
  for (const m of rows) {
    const list = byPost.get(m.postId!) ?? [];
    list.push(m);
    byPost.set(m.postId!, list);
  }
  return new Map(ofPosts.filter((p) => byPost.has(p.id)).map((p) => [p.id, mediaViews(byPost.get(p.id)!, { firstName: p.firstName })]));
}

type MediaRow = typeof schema.media.$inferSelect;

/** The photos and videos of one post, project or game, in order, as shown: each photo with its alt (photoAlts). */
export function mediaViews(rows: MediaRow[], owner: { firstName: string } | { title: string }): MediaView[] {
  const alts = photoAlts(rows, owner);
  return rows.map((m, i) => mediaView(m, alts[i]!));
}

function mediaView(m: MediaRow, alt: string): MediaView {
  const widths = m.variants ?? [];
  const largest = widths[widths.length - 1];
  if (m.kind === "video") {
    return { kind: "video", src: `/media/${m.path}`, srcSet: null, width: m.width, height: m.height, name: m.name, alt, video: videoView(m) };
  }
  if (largest === undefined) {
    return { kind: m.kind, src: `/media/${m.path}`, srcSet: null, width: m.width, height: m.height, name: m.name, alt, video: null };
  }
  // The feed shows images at most 640 px wide; larger variants are for the post page.
  const feedWidth = widths.filter((w) => w <= 640).pop() ?? widths[0]!;
  return {
    kind: "image",
    src: `/media/${m.path}-${feedWidth}.webp`,
    srcSet: widths.map((w) => `/media/${m.path}-${w}.webp ${w}w`).join(", "),
    width: m.width,
    height: m.height,
    name: m.name,
    alt,
    video: null,
  };
}

/**
 * A video's player and feed card: its posters (the smallest is the feed thumbnail, twice
 * it the same at 2x, the largest the player's), its length and type. A video stored
 * before processing existed has no poster and plays as uploaded.
 */
function videoView(m: MediaRow): VideoView {
  const widths = [...new Set(m.posterVariants ?? [])].sort((a, b) => a - b);
  const at = (w: number) => `/media/${m.posterPath}-${w}.webp`;
  const small = widths[0];
  const large = widths[widths.length - 1];
  const double = small === undefined ? undefined : widths.find((w) => w === 2 * small);
  return {
    processing: m.status === "processing",
    type: m.mimeType,
    thumbnail: m.posterPath && small !== undefined ? { src: at(small), srcSet: double ? `${at(small)} 1x, ${at(double)} 2x` : `${at(small)} 1x` } : null,
    poster: m.posterPath && large !== undefined ? at(large) : null,
    duration: m.durationMs === null ? null : formatDuration(m.durationMs),
  };
}

// ---------------------------------------------------------------------------
// Creating, reading and deleting posts and comments

/** A stored file with the description its author gave it (media.alt; kept for photos only). */
export type DescribedMedia = StoredMedia & { alt?: string | null };

/** What a media row stores of a file: a photo's description with it, in the same statement as the row. */
function mediaRow(postId: string, m: DescribedMedia, order: number) {
  const { kind, path, name, width, height, variants, mimeType, size } = m;
  return { id: newId(), postId, kind, path, name, order, width, height, variants, mimeType, size, alt: kind === "image" ? (m.alt ?? null) : null, status: m.status ?? "ready" };
}

/** Inserts media rows and queues the processing of their videos, in the post's transaction. */
async function insertMedia(tx: Tx, rows: ReturnType<typeof mediaRow>[]): Promise<void> {
  await tx.insert(schema.media).values(rows);
  await enqueueVideoJobs(tx, rows.filter((r) => r.status === "processing").map((r) => r.id));
}

export type NewPost = {
  /** Chosen by the caller when media was stored under it first. */
  id?: string;
  authorId: string;
  campusId: string;
  blocks: TextBlock[];
  category?: string | null;
  /** The post or comment this replies to. */
  parentId?: string | null;
  /** A top-level comment on a game or project. */
  gameId?: string | null;
  projectId?: string | null;
  media: DescribedMedia[];
  /** A top-level post's listing fields (comments have none). */
  listing?: ListingFields;
  /** A Wanted post's fields instead (it is not a listing: no price). */
  wanted?: WantedFields;
  /** For links in notification emails. */
  origin: string;
};

/** What makes a post a listing, as the composer's schema gives it (price in cents, 0 when Free), with its textbook and move-out extras. */
export type ListingFields = {
  priceCents: number | null;
  isFree: boolean;
  priceTerms: PriceTerms | null;
  condition: Condition | null;
  pickupSpot: string | null;
} & Partial<ListingExtraColumns>;

const NO_LISTING: ListingFields = { priceCents: null, isFree: false, priceTerms: null, condition: null, pickupSpot: null, ...NO_EXTRAS };

/** The listing fields as stored: Free is $0 and has no terms; terms need a price. */
export function normalizeListing(input: Partial<ListingFields> | undefined): ListingFields & ListingExtraColumns {
  const isFree = input?.isFree ?? false;
  const priceCents = isFree ? 0 : (input?.priceCents ?? null);
  return {
    priceCents,
    isFree,
    priceTerms: priceCents !== null && !isFree ? (input?.priceTerms ?? null) : null,
    condition: input?.condition ?? null,
    pickupSpot: input?.pickupSpot ?? null,
    ...normalizeExtras(input, { priceCents, isFree }),
  };
}

/** What a Wanted post stores besides its text and category (docs/product.md §7): the budget, course codes ("MATH 2924,CS 1313"), ISBN-13. */
export type WantedFields = { budgetCents: number | null; courseCodes: string | null; isbn: string | null };

/** A Wanted post's columns: no listing fields, its own budget; course codes and ISBN in the textbook columns. */
function wantedColumns(w: WantedFields) {
  return { ...NO_LISTING, ...NO_EXTRAS, kind: "wanted" as const, wantedBudgetCents: w.budgetCents, courseCodes: w.courseCodes, isbn: w.isbn };
}

export class PostError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

// Recursive CTEs are standard SQL; drizzle has no builder for them, so each is
// a subquery in FROM (both dialects accept WITH there) with a typed column.

/**
 * The nearest ancestors of a reply, nearest first, and the parent of the
 * farthest one read (null when that one is the top): one recursive query
 * that stops after a few steps, however deep the reply.
 */
async function nearestAncestors(parentId: string): Promise<{ ids: string[]; beyond: string | null }> {
  const rows = await getDb()
    .select({ id: sql<string>`chain.id`, parentId: sql<string | null>`chain.parent_id` })
    .from(
      sql`(with recursive chain(id, parent_id, depth) as (
            select id, parent_id, 1 from posts where id = ${parentId}
            union all
            select p.id, p.parent_id, chain.depth + 1 from posts p join chain on p.id = chain.parent_id where chain.depth < ${NEAREST_ANCESTORS}
          ) select id, parent_id, depth from chain) as chain`,
    )
    .orderBy(sql`chain.depth`);
  return { ids: rows.map((r) => r.id), beyond: rows[rows.length - 1]?.parentId ?? null };
}


let lastTimestamp = 0;
/** Now, but never the same millisecond twice: threads are ordered by creation time. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/**
 * Creates a post, comment or reply with its media in one transaction: the
 * author's totalPosts for a top-level post; for a reply, the root's last
 * activity (so the thread rises in the feed) and two counters, whatever the
 * depth: a top-level post counts its whole thread, a comment its direct
 * replies; a notification to the author replied to.
 */
export function createPost(input: NewPost): Promise<{ id: string; rootId: string | null }> {
  const id = input.id ?? newId();
  const now = nextTimestamp();
  return transaction(async (tx) => {
    let rootId: string | null = null;
    let gameId = input.gameId ?? null;
    let projectId = input.projectId ?? null;
    let campusId = input.campusId;
    let parent: typeof posts.$inferSelect | undefined;
    if (input.parentId) {
      [parent] = await tx.select().from(posts).where(eq(posts.id, input.parentId)).limit(1);
      if (!parent || parent.deletedAt) throw new PostError("Sorry, that post has been deleted.", 404);
      // A campus's thread takes replies only on that campus's site: from another site it is not there.
      if (!parent.gameId && !parent.projectId && parent.campusId !== input.campusId) throw new PostError("Sorry, that post has been deleted.", 404);
      // Behind a block (with the author replied to, or the thread's), either way.
      const [root] = parent.rootId ? await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, parent.rootId)).limit(1) : [];
      for (const other of new Set([parent.authorId, root?.authorId ?? parent.authorId])) {
        if (other !== input.authorId && (await isBlockedEitherWay(input.authorId, other, tx))) throw new PostError(CANT_INTERACT, 403);
      }
      rootId = parent.rootId ?? parent.id;
      gameId = parent.gameId;
      projectId = parent.projectId;
      campusId = parent.campusId;
    }
    // A comment on a game or project: it must still be there (docs/product.md §20).
    let itemOwnerId: string | null = null;
    if (!parent && (gameId || projectId)) {
      const [item] = gameId
        ? await tx.select({ ownerId: schema.games.ownerId, hiddenAt: schema.games.hiddenAt, deletedAt: schema.games.deletedAt }).from(schema.games).where(eq(schema.games.id, gameId)).limit(1)
        : await tx.select({ ownerId: schema.projects.ownerId, hiddenAt: schema.projects.hiddenAt, deletedAt: schema.projects.deletedAt }).from(schema.projects).where(eq(schema.projects.id, projectId!)).limit(1);
      if (!item || item.hiddenAt || item.deletedAt) {
        throw new PostError(gameId ? "Sorry, that game has been deleted." : "Sorry, that project has been deleted.", 404);
      }
      itemOwnerId = item.ownerId;
      if (item.ownerId !== input.authorId && (await isBlockedEitherWay(input.authorId, item.ownerId, tx))) throw new PostError(CANT_INTERACT, 403);
    }
    const topLevel = !parent && !gameId && !projectId;
    const imgCount = input.media.filter((m) => m.kind === "image").length;
    await tx.insert(posts)
      .values({
        id,
        campusId,
        authorId: input.authorId,
        parentId: parent?.id ?? null,
        rootId,
        gameId,
        projectId,
        text: input.blocks,
        category: topLevel ? (input.category ?? null) : null,
        ...(topLevel ? (input.wanted ? wantedColumns(input.wanted) : normalizeListing(input.listing)) : NO_LISTING),
        imgCount,
        vidCount: input.media.length - imgCount,
        createdAt: now,
        lastActivityAt: now,
        updatedAt: now,
      });
    if (input.media.length) {
      await insertMedia(tx, input.media.map((m) => mediaRow(id, m, m.order)));
    }
    if (topLevel) {
      await tx.update(schema.users).set({ totalPosts: sql`${schema.users.totalPosts} + 1` }).where(eq(schema.users.id, input.authorId));
      if (input.wanted) {
        await replaceWantedSearches(tx, { userId: input.authorId, campusId, wantedPostId: id, criteria: { text: blocksToText(input.blocks), category: input.category ?? null, ...input.wanted }, now });
      } else if (normalizeListing(input.listing).priceCents !== null) await enqueueListingAlerts(tx, id, now);
    }
    if (parent && rootId) {
      const plusOne = { commentCount: sql`${posts.commentCount} + 1` };
      // The root of a game's or project's thread is a comment: it counts only its direct replies.
      const rootCounts = parent.id === rootId || (!gameId && !projectId);
      await tx.update(posts).set({ lastActivityAt: now, ...(rootCounts ? plusOne : {}) }).where(eq(posts.id, rootId));
      if (parent.id !== rootId) await tx.update(posts).set(plusOne).where(eq(posts.id, parent.id));
    }
    if (gameId) await tx.update(schema.games).set({ commentCount: sql`${schema.games.commentCount} + 1` }).where(eq(schema.games.id, gameId));
    if (projectId) await tx.update(schema.projects).set({ commentCount: sql`${schema.projects.commentCount} + 1` }).where(eq(schema.projects.id, projectId));

    const excerpt = input.blocks.map((b) => b.text).join(" ");
    if (parent) {
      const parentIsPost = !parent.parentId && !parent.gameId && !parent.projectId;
      await notify(tx, {
        userId: parent.authorId,
        actorId: input.authorId,
        type: parentIsPost ? "comment" : "comment reply",
        postId: id,
        about: { type: "post", id: parent.id },
        link: { origin: input.origin, path: `/post/${id}` },
        excerpt,
      });
    } else if (itemOwnerId) {
      await notify(tx, {
        userId: itemOwnerId,
        actorId: input.authorId,
        type: "comment",
        postId: id,
        gameId: gameId ?? undefined,
        projectId: projectId ?? undefined,
        about: gameId ? { type: "game", id: gameId } : { type: "project", id: projectId! },
        link: { origin: input.origin, path: gameId ? `/game/${gameId}?show=comments#post-${id}` : `/project/${projectId}?show=comments#post-${id}` },
        excerpt,
      });
    }
    return { id, rootId };
  });
}


export type PostEdit = {
  id: string;
  /** The signed-in user: only the author edits (403 otherwise). */
  userId: string;
  blocks: TextBlock[];
  category: string | null;
  listing: ListingFields;
  /** A Wanted post's fields (a Wanted post stays one: its listing fields are ignored). */
  wanted?: WantedFields;
  /** The post's photos and videos as the form lists them: kept at a position with a description (or none), or removed. */
  media: { id: string; position: number; remove: boolean; alt?: string | null }[];
  /** New files, stored already, with their descriptions (they come after the ones kept). */
  added: DescribedMedia[];
  now?: number;
};

/**
 * Edits a top-level post, the author only: text, category, listing fields and
 * media (kept ones in their new order with their descriptions, removed ones gone, new ones after) in
 * one transaction; "Edited" from now on. Returns the media removed, whose
 * files the caller deletes once this has committed. A photo the form did not
 * mention stays, after the others.
 */
export async function updatePost(edit: PostEdit): Promise<{ removed: StoredMedia[] }> {
  const now = edit.now ?? Date.now();
  return transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, edit.id)).limit(1);
    if (!post || post.deletedAt || post.parentId || post.gameId || post.projectId) throw new PostError("Sorry, that post has been deleted.", 404);
    if (post.authorId !== edit.userId) throw new PostError("Only the author can edit this post.", 403);
    const existing = await tx.select().from(schema.media).where(eq(schema.media.postId, post.id)).orderBy(asc(schema.media.order));
    const asked = new Map(edit.media.map((m) => [m.id, m]));
    const removed = existing.filter((m) => asked.get(m.id)?.remove);
    const kept = existing
      .filter((m) => !asked.get(m.id)?.remove)
      .map((m, i) => ({ row: m, position: asked.get(m.id)?.position ?? Number.MAX_SAFE_INTEGER, was: i }))
      .sort((a, b) => a.position - b.position || a.was - b.was)
      .map((k) => k.row);
    if (kept.length + edit.added.length > MAX_FILES) throw new PostError(TOO_MANY_FILES, 400);
    if ((edit.blocks[0]?.text.trim() ?? "") === "" && kept.length + edit.added.length === 0) throw new PostError(EMPTY_POST, 400);
    if (removed.length) await tx.delete(schema.media).where(inArray(schema.media.id, removed.map((m) => m.id)));
    for (const [i, m] of kept.entries()) {
      // A photo the form lists has the description it gives (none when empty); one it does not mention keeps its own.
      const alt = m.kind === "image" && asked.has(m.id) ? (asked.get(m.id)!.alt ?? null) : m.alt;
      if (m.order !== i + 1 || alt !== m.alt) await tx.update(schema.media).set({ order: i + 1, alt }).where(eq(schema.media.id, m.id));
    }
    if (edit.added.length) {
      await insertMedia(tx, edit.added.map((m, i) => mediaRow(post.id, m, kept.length + i + 1)));
    }
    const all = [...kept, ...edit.added];
    const imgCount = all.filter((m) => m.kind === "image").length;
    const normalized = normalizeListing(edit.listing);
    const listing = post.kind === "wanted" ? wantedColumns(edit.wanted ?? { budgetCents: null, courseCodes: null, isbn: null }) : { ...normalized, ...keepSchedule(post, normalized) };
    await tx
      .update(posts)
      .set({
        text: edit.blocks,
        category: edit.category,
        ...listing,
        // No longer a listing: nothing to be pending or sold.
        ...(listing.priceCents === null ? { status: "available" as const } : {}),
        imgCount,
        vidCount: all.length - imgCount,
        editedAt: now,
        updatedAt: now,
      })
      .where(eq(posts.id, post.id));
    await notifyPriceDrop(tx, { postId: post.id, oldCents: post.priceCents, newCents: listing.priceCents, now });
    // A Wanted post's searches follow its words, category, codes and ISBN.
    if (post.kind === "wanted") {
      await replaceWantedSearches(tx, { userId: post.authorId, campusId: post.campusId, wantedPostId: post.id, criteria: { text: blocksToText(edit.blocks), category: edit.category, courseCodes: listing.courseCodes, isbn: listing.isbn }, now });
    }
    return { removed: removed.map((m) => ({ kind: m.kind, path: m.path, name: m.name, order: m.order, width: m.width, height: m.height, variants: m.variants, mimeType: m.mimeType, size: m.size, posterPath: m.posterPath, posterVariants: m.posterVariants })) };
  });
}

/** A post's own values as the edit form shows them: the author's top-level post (404, or 403 for anyone else). */
export async function getPostForEdit(
  id: string,
  userId: string,
): Promise<{ post: typeof posts.$inferSelect; media: (MediaView & { id: string; description: string | null })[] }> {
  const [found] = await getDb()
    .select({ post: posts, firstName: schema.users.firstName })
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(eq(posts.id, id))
    .limit(1);
  const post = found?.post;
  if (!post || post.deletedAt || post.parentId || post.gameId || post.projectId) throw new PostError("Sorry, that post has been deleted.", 404);
  if (post.authorId !== userId) throw new PostError("Only the author can edit this post.", 403);
  const media = await getDb().select().from(schema.media).where(eq(schema.media.postId, id)).orderBy(asc(schema.media.order));
  const views = mediaViews(media, { firstName: found.firstName });
  return { post, media: media.map((m, i) => ({ ...views[i]!, id: m.id, description: m.alt })) };
}

const postColumns = {
  id: posts.id,
  text: posts.text,
  category: posts.category,
  parentId: posts.parentId,
  rootId: posts.rootId,
  gameId: posts.gameId,
  projectId: posts.projectId,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  imgCount: posts.imgCount,
  vidCount: posts.vidCount,
  deletedAt: posts.deletedAt,
  lastActivityAt: posts.lastActivityAt,
  priceCents: posts.priceCents,
  isFree: posts.isFree,
  priceTerms: posts.priceTerms,
  condition: posts.condition,
  pickupSpot: posts.pickupSpot,
  status: posts.status,
  editedAt: posts.editedAt,
  hiddenAt: posts.hiddenAt,
  kind: posts.kind,
  wantedBudgetCents: posts.wantedBudgetCents,
  ...extrasColumns,
  author: authorColumns,
};
type PostRow = { [K in keyof typeof postColumns]: K extends "author" ? Parameters<typeof authorView>[0] : (typeof posts.$inferSelect)[K & keyof typeof posts.$inferSelect] };

/**
 * Whether the viewer saved the post of the row, as a column of the query that
 * reads it (one statement fewer than savedSet); false for a visitor.
 */
function savedColumn(viewerId: string | Placeholder | null | undefined) {
  const { likes } = schema;
  if (!viewerId) return sql<boolean>`0`.mapWith(Boolean);
  const saved = getDb()
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.userId, viewerId), eq(likes.targetType, "post"), eq(likes.targetId, posts.id)));
  return sql<boolean>`${exists(saved)}`.mapWith(Boolean);
}

async function savedSet(viewerId: string | null | undefined, ids: string[]): Promise<Set<string>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: schema.likes.targetId })
    .from(schema.likes)
    .where(and(eq(schema.likes.userId, viewerId), eq(schema.likes.targetType, "post"), inArray(schema.likes.targetId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Whether a listing or Wanted post has gone 30 days without renewal or comment (any other post never expires). */
export function isExpired(post: { priceCents: number | null; kind?: "wanted" | null; lastActivityAt: number }, now = Date.now()): boolean {
  return (post.priceCents !== null || post.kind === "wanted") && post.lastActivityAt <= liveSince(now);
}

/**
 * What a page of cards or comments looks up once for all its rows: their photos and videos,
 * which the viewer saved (for rows that do not carry `saved`, savedColumn), and one view per
 * author, shared by their rows: the page's data is serialized by reference, so a thread of one
 * person's comments sends their name once, not twenty times.
 */
async function viewContext(rows: { id: string; imgCount: number; vidCount: number; author: PostRow["author"]; saved?: boolean }[], viewerId?: string | null) {
  const [media, savedIds] = await Promise.all([
    loadMedia(rows.filter((r) => r.imgCount + r.vidCount > 0).map((r) => ({ id: r.id, firstName: r.author.firstName })), viewerId),
    savedSet(viewerId, rows.filter((r) => r.saved === undefined).map((r) => r.id)),
  ]);
  const authors = new Map<string, AuthorView>();
  const authorOf = (row: PostRow["author"]) => {
    let view = authors.get(row.id);
    if (!view) authors.set(row.id, (view = authorView(row)));
    return view;
  };
  return { media, savedIds, authorOf };
}

/** Cards for rows; a row that carries `saved` (savedColumn) needs no lookup of the viewer's saves. */
async function toViews(rows: (PostRow & { saved?: boolean })[], timeZone: string, viewerId?: string | null, now = Date.now()): Promise<PostView[]> {
  const { media, savedIds, authorOf } = await viewContext(rows, viewerId);
  const today = dayIn(timeZone, now);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    category: r.category,
    categoryLabel: r.category ? (categoryLabel(r.category) ?? r.category) : null,
    author: authorOf(r.author),
    time: timeView(r.createdAt, timeZone, now),
    price: priceLabel(r),
    status: r.status,
    condition: conditionLabel(r.condition),
    pickupSpot: pickupSpotLabel(r.pickupSpot),
    expired: isExpired(r, now) || mustGoPassed(r.mustGoBy, today),
    edited: r.editedAt ? timeView(r.editedAt, timeZone, now) : null,
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    media: media.get(r.id) ?? [],
    saved: r.saved ?? savedIds.has(r.id),
    hidden: r.hiddenAt !== null,
    extras: extrasView(r),
    wanted: r.kind === "wanted" ? { budget: budgetLabel(r.wantedBudgetCents) } : null,
  }));
}

/**
 * The columns a thread's comment shows (CommentView): read, mapped and sent to the page
 * without a listing's dozen columns, which a comment never has.
 */
const commentColumns = {
  id: posts.id,
  text: posts.text,
  parentId: posts.parentId,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  imgCount: posts.imgCount,
  vidCount: posts.vidCount,
  hiddenAt: posts.hiddenAt,
  author: authorColumns,
};
type CommentRow = { [K in keyof typeof commentColumns]: K extends "author" ? PostRow["author"] : (typeof posts.$inferSelect)[K & keyof typeof posts.$inferSelect] };

/** A thread's comments for rows of commentColumns. */
async function toCommentViews(rows: (CommentRow & { saved?: boolean })[], timeZone: string, viewerId?: string | null, now = Date.now()): Promise<CommentView[]> {
  const { media, savedIds, authorOf } = await viewContext(rows, viewerId);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    parentId: r.parentId,
    author: authorOf(r.author),
    time: timeView(r.createdAt, timeZone, now),
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    media: media.get(r.id) ?? [],
    saved: r.saved ?? savedIds.has(r.id),
    hidden: r.hiddenAt !== null,
  }));
}

/** Cards for the given posts, in the given order (e.g. search results), those the viewer may see: three queries at most. */
export async function getPostViews(ids: string[], timeZone: string, viewerId?: string | null): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ ...postColumns, saved: savedColumn(viewerId) })
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(and(inArray(posts.id, ids), isNull(posts.deletedAt), viewerId ? notBlockedWith(viewerId, posts.authorId) : undefined, visibleAfterReports(viewerId, "any")));
  const order = new Map(ids.map((id, i) => [id, i]));
  return (await toViews(rows, timeZone, viewerId)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** `listing`: the raw columns of its listing state (models/listings.server listingState), read with the post. */
export type PostLookup =
  | { status: "ok"; post: PostPageView; listing: ListingStateColumns; seller: SellerCardView | null; thread: ThreadPage | null }
  | { status: "deleted" }
  | { status: "missing" };

/** Hidden by reports from this viewer: from anyone but its author and the moderators (for a row already read). */
export async function hiddenFrom(post: { hiddenAt: number | null; authorId: string }, viewerId?: string | null): Promise<boolean> {
  return (await hiddenFromViewer([{ id: "", ...post }], viewerId)).size > 0;
}

/**
 * Whether a post or comment is hidden by reports from this viewer: its page
 * is a 404 for them (see getPost), and so is anything they send about it.
 */
export async function isPostHiddenFrom(id: string, viewerId?: string | null): Promise<boolean> {
  const [row] = await getDb().select({ hiddenAt: posts.hiddenAt, authorId: posts.authorId }).from(posts).where(eq(posts.id, id)).limit(1);
  return row ? hiddenFrom(row, viewerId) : false;
}

/**
 * A post page's post, with the viewer's save and whether a block stands between
 * the viewer and its author (a visitor: neither), and for the post page its
 * author's seller card (models/reviews sellerCardColumns) and the first page of
 * its comments (firstCommentsColumn): built once per kind of reader and of
 * page, sent as a prepared statement.
 */
const postByIdFor = (reader: "viewer" | "visitor", withCard: boolean, withThread: boolean) =>
  prepared(() => {
    const viewerId = reader === "viewer" ? sql.placeholder("viewerId") : null;
    return getDb()
      .select({
        ...postColumns,
        saved: savedColumn(viewerId),
        blocked: (viewerId ? sql<boolean>`not (${notBlockedWith(viewerId, posts.authorId)})` : sql<boolean>`0`).mapWith(Boolean),
        renewedAt: posts.renewedAt,
        ...(withCard ? { card: sellerCardColumns(schema.users.id) } : {}),
        ...(withThread ? { firstComments: firstCommentsColumn(viewerId) } : {}),
      })
      .from(posts)
      .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
      .where(eq(posts.id, sql.placeholder("id")))
      .limit(1);
  });
const postByIdOf = (reader: "viewer" | "visitor") => ({
  plain: postByIdFor(reader, false, false),
  withCard: postByIdFor(reader, true, false),
  withCardAndThread: postByIdFor(reader, true, true),
});
const postById = { viewer: postByIdOf("viewer"), visitor: postByIdOf("visitor") };

/**
 * The post of `id` as `viewerId` may see it, read in one statement with, for
 * the post page, its author's seller card when it is a top-level post
 * (`sellerCard`) and the first page of the thread below it (`firstComments`:
 * `thread`).
 */
export async function getPost(
  id: string,
  timeZone: string,
  viewerId?: string | null,
  opts: { sellerCard?: boolean; firstComments?: boolean; now?: number } = {},
): Promise<PostLookup> {
  const variant = opts.firstComments ? "withCardAndThread" : opts.sellerCard ? "withCard" : "plain";
  const [row] = await postById[viewerId ? "viewer" : "visitor"][variant]().execute({ id, viewerId, ...(variant === "plain" ? {} : sellerCardValues(opts.now ?? Date.now())) });
  if (!row) return { status: "missing" };
  if (row.deletedAt) return { status: "deleted" };
  // Hidden by reports: for anyone but its author and the moderators, as if it did not exist.
  if (await hiddenFrom({ hiddenAt: row.hiddenAt, authorId: row.author.id }, viewerId)) return { status: "missing" };
  // Behind a block, either way: as if it did not exist.
  if (viewerId && viewerId !== row.author.id && row.blocked) return { status: "missing" };
  const { priceCents, kind, status, lastActivityAt, createdAt, renewedAt, parentId, rootId, gameId, projectId } = row;
  const post: PostPageView = { ...(await toViews([row], timeZone, viewerId))[0]!, parentId, rootId, gameId, projectId };
  const topLevel = !parentId && !gameId && !projectId;
  const seller = topLevel && "card" in row && row.card ? sellerCardOf(row.author, row.card) : null;
  const thread = "firstComments" in row && row.firstComments ? await threadPage({ postId: id }, row.firstComments, timeZone, viewerId) : null;
  return { status: "ok", post, listing: { priceCents, kind, status, lastActivityAt, createdAt, renewedAt }, seller, thread };
}

/** Top-level comments on one page of a thread. */
export const THREAD_PAGE_SIZE = 50;
/** Replies a page shows under each of its top-level comments (nearest levels first); the rest are on that comment's own page. */
export const REPLIES_PER_COMMENT = 10;
/** Levels of nesting a thread shows; deeper replies show at this level, naming the comment they answer. */
export const MAX_THREAD_LEVEL = 5;
/** Ancestors a reply's page shows above it, besides the top of its thread. */
export const NEAREST_ANCESTORS = 3;
/** SQLite refuses a compound SELECT of more than 500 parts. */
const UNION_PARTS = 400;

/**
 * The posts above a reply, top first: the top of the thread, then its nearest
 * few ancestors; `skipped` when there are more between the two (a marker).
 */
export async function getParentChain(post: PostPageView, timeZone: string, viewerId?: string | null): Promise<ParentChain> {
  if (!post.parentId) return { root: null, skipped: false, nearest: [] };
  const { ids, beyond } = await nearestAncestors(post.parentId);
  const rootId = beyond && post.rootId && !ids.includes(post.rootId) ? post.rootId : null;
  const views = await getPostViews([...(rootId ? [rootId] : []), ...ids.reverse()], timeZone, viewerId);
  return {
    root: views.find((v) => v.id === rootId) ?? null,
    skipped: rootId !== null && beyond !== rootId,
    nearest: views.filter((v) => v.id !== rootId),
  };
}

/** What a thread hangs below: a post or comment (its replies), or a game or project (its comments). */
export type ThreadOf = { postId: string } | { gameId: string } | { projectId: string };

/**
 * One page of a thread: its top-level comments oldest first, keyset paged by
 * (created_at, id), each with at most REPLIES_PER_COMMENT of the replies
 * below it, built into a tree (replies newest first, at most MAX_THREAD_LEVEL
 * levels). Without the comments of anyone the viewer blocked or who blocked
 * the viewer, or hidden from the viewer (nor the replies under them). The
 * work is bounded by the page, not by the thread: a statement per level of
 * replies read, each reading a bounded number of rows per comment.
 */
export async function getThread(of: ThreadOf, timeZone: string, viewerId?: string | null, cursor?: string | null): Promise<ThreadPage> {
  const under =
    "postId" in of
      ? eq(posts.parentId, of.postId)
      : and("gameId" in of ? eq(posts.gameId, of.gameId) : eq(posts.projectId, of.projectId), isNull(posts.parentId));
  // A post page's first page of comments (the common case) comes with its post (getPost's `thread`).
  return threadPage(of, await topComments(under, viewerId, decodeKeysetCursor(cursor)), timeZone, viewerId);
}

/** A page of a thread from its top-level comments' rows (one more than a page when there is a next): the replies below them, into a tree. */
async function threadPage(of: ThreadOf, rows: TopCommentRow[], timeZone: string, viewerId?: string | null): Promise<ThreadPage> {
  const visible = visibleInThread(viewerId);
  const select = () => getDb().select({ ...commentColumns, saved: savedColumn(viewerId) }).from(posts).innerJoin(schema.users, eq(schema.users.id, posts.authorId));
  const tops = rows.slice(0, THREAD_PAGE_SIZE);
  const last = tops[tops.length - 1];
  const below = await repliesBelow(tops, visible);
  const replies = below.ids.length ? await select().where(inArray(posts.id, below.ids)) : [];
  // Oldest first: a reply comes after what it answers (buildThread waits for a parent that does not).
  // The top comments' rows go as they are (toViews reads what it needs; a copy without hasReplies cost microseconds each).
  const ordered = [...tops, ...replies].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const comments = buildThread(await toCommentViews(ordered, timeZone, viewerId), "postId" in of ? of.postId : null);
  for (const c of comments) c.moreReplies = below.more.has(c.id);
  return { comments, nextCursor: rows.length > THREAD_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.createdAt, id: last.id }) : null };
}

/** What a thread shows to this viewer (a visitor: null): not deleted, not behind a block, not hidden from them by reports. */
function visibleInThread(viewerId: string | Placeholder | null | undefined): SQL {
  return and(isNull(posts.deletedAt), viewerId ? notBlockedWith(viewerId, posts.authorId) : undefined, visibleAfterReports(viewerId, "comment"))!;
}

/** What a thread's top-level comment is read with, for this viewer. */
const topCommentColumns = (viewerId: string | Placeholder | null | undefined) => ({ ...commentColumns, saved: savedColumn(viewerId), hasReplies: hasReplies() });

/** One page of a thread's top-level comments (those `under` says), oldest first, from `after`; one more than a page, to tell whether there is a next. */
function topComments(under: SQL | undefined, viewerId: string | Placeholder | null | undefined, after: Cursor | null) {
  return getDb()
    .select(topCommentColumns(viewerId))
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(topCommentsWhere(under, viewerId, after))
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(THREAD_PAGE_SIZE + 1);
}

/** Which of a thread's top-level comments topComments reads. */
function topCommentsWhere(under: SQL | undefined, viewerId: string | Placeholder | null | undefined, after: Cursor | null) {
  return and(under, visibleInThread(viewerId), after ? or(gt(posts.createdAt, after.at), and(eq(posts.createdAt, after.at), gt(posts.id, after.id))) : undefined);
}

type TopCommentRow = Awaited<ReturnType<typeof topComments>>[number];

/**
 * The first page of the thread below the post of the `id` placeholder, as one
 * column of the post's own statement (jsonRows): the post page reads its post,
 * seller card and comments in one statement. The parent is hidden from
 * PostgreSQL's planner (hiddenFromPlanner): compared with the uneven
 * parent_id, it would have the statement planned on every run.
 */
function firstCommentsColumn(viewerId: Placeholder | null) {
  return jsonRows<TopCommentRow>(
    topCommentColumns(viewerId),
    (flat) =>
      getDb()
        .select(flat)
        .from(posts)
        .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
        .where(topCommentsWhere(eq(posts.parentId, hiddenFromPlanner(sql.placeholder("id"))), viewerId, null))
        .orderBy(asc(posts.createdAt), asc(posts.id))
        .limit(THREAD_PAGE_SIZE + 1),
    ["createdAt", "id"],
  );
}

/**
 * Whether a post has a reply that is not deleted, as a column of the query
 * that reads it: a reply of any visibility, so a comment without one needs
 * no look below it (one statement fewer per level, none for a thread without replies).
 */
function hasReplies() {
  return sql<boolean>`exists (select 1 from ${posts} reply where reply.parent_id = ${posts.id} and reply.deleted_at is null)`.mapWith(Boolean);
}

/**
 * The ids of the replies a page shows below its top-level comments, read
 * breadth first (nearest levels first, oldest first under each comment) until
 * each top-level comment has REPLIES_PER_COMMENT; `more` names those with
 * more than that. One statement per level, reading at most the allowance + 1
 * rows under each comment it expands (only those that have replies), so a
 * wide or deep thread costs what a small one does.
 */
async function repliesBelow(tops: { id: string; hasReplies: boolean }[], visible: SQL): Promise<{ ids: string[]; more: Set<string> }> {
  const left = new Map(tops.map((t) => [t.id, REPLIES_PER_COMMENT]));
  const more = new Set<string>();
  const ids: string[] = [];
  let frontier = tops.filter((t) => t.hasReplies).map((t) => ({ id: t.id, top: t.id }));
  while (frontier.length) {
    const found = await firstRepliesTo(frontier.map((f) => ({ id: f.id, limit: left.get(f.top)! + 1 })), visible);
    const next: typeof frontier = [];
    for (const f of frontier) {
      for (const reply of found.get(f.id) ?? []) {
        if (more.has(f.top)) break;
        const allowance = left.get(f.top)!;
        if (allowance === 0) more.add(f.top);
        else {
          left.set(f.top, allowance - 1);
          ids.push(reply.id);
          if (reply.hasReplies) next.push({ id: reply.id, top: f.top });
        }
      }
    }
    frontier = next.filter((n) => !more.has(n.top));
  }
  return { ids, more };
}

/** The oldest replies to each post, at most `limit` each, visible ones only: a UNION of index range scans, never a whole thread. */
async function firstRepliesTo(parents: { id: string; limit: number }[], visible: SQL): Promise<Map<string, { id: string; hasReplies: boolean }[]>> {
  const byParent = new Map<string, { id: string; createdAt: number; hasReplies: boolean }[]>();
  for (let i = 0; i < parents.length; i += UNION_PARTS) {
    const parts = parents.slice(i, i + UNION_PARTS).map(
      (p) =>
        sql`select * from (select ${posts.id} as id, ${posts.parentId} as parent_id, ${posts.createdAt} as created_at, ${hasReplies()} as has_replies from ${posts}
          where ${posts.parentId} = ${p.id} and ${visible} order by ${posts.createdAt}, ${posts.id} limit ${p.limit}) as part`,
    );
    const rows = await getDb()
      .select({ id: sql<string>`kids.id`, parentId: sql<string>`kids.parent_id`, createdAt: sql<number>`kids.created_at`, hasReplies: sql<boolean>`kids.has_replies`.mapWith(Boolean) })
      .from(sql`(${sql.join(parts, sql` union all `)}) as kids`);
    for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), { id: r.id, createdAt: Number(r.createdAt), hasReplies: r.hasReplies }]);
  }
  return new Map(
    [...byParent].map(([parent, kids]) => [parent, kids.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))]),
  );
}

/**
 * Comments into a tree without recursion: top level in the given order,
 * replies newest first, at most MAX_THREAD_LEVEL levels. A deeper reply is
 * shown at the last level, after the reply there it descends from, in the
 * given order, naming the comment it answers (`replyingTo`). Items come
 * oldest first; one whose parent is not among them is left out, with what
 * hangs below it. The items themselves become the nodes.
 */
export function buildThread<T extends { id: string; parentId: string | null; author: { username: string } }>(
  items: T[],
  topParentId: string | null,
): ThreadNode<T>[] {
  type Node = ThreadNode<T>;
  // Where a placed comment is: its level, and at the last level and below, the list deeper replies join.
  const placed = new Map<string, { node: Node; level: number; flatList: Node[] | null }>();
  const waiting = new Map<string, Node[]>();
  const top: Node[] = [];
  const place = (first: Node) => {
    const stack = [first];
    for (let node = stack.pop(); node; node = stack.pop()) {
      const parent = node.parentId === topParentId ? null : placed.get(node.parentId ?? "");
      const level = parent ? parent.level + 1 : 1;
      if (!parent) top.push(node);
      else if (level <= MAX_THREAD_LEVEL) parent.node.replies.push(node);
      else {
        node.replyingTo = { id: parent.node.id, username: parent.node.author.username };
        parent.flatList!.push(node);
      }
      placed.set(node.id, { node, level, flatList: level === MAX_THREAD_LEVEL ? node.replies : level > MAX_THREAD_LEVEL ? parent!.flatList : null });
      // Replies that arrived before this one (the same millisecond) go in now.
      stack.push(...(waiting.get(node.id) ?? []).reverse());
      waiting.delete(node.id);
    }
  };
  for (const item of items) {
    // The item becomes the node (the caller's fresh views): copying a view of two dozen keys into a
    // new object cost 3–4 µs a comment, a tenth of a post page's data work.
    const node = item as unknown as Node;
    node.replies = [];
    node.replyingTo = null;
    node.moreReplies = false;
    if (item.parentId === topParentId || placed.has(item.parentId ?? "")) place(node);
    else if (item.parentId) waiting.set(item.parentId, [...(waiting.get(item.parentId) ?? []), node]);
  }
  for (const { node, level } of placed.values()) if (level < MAX_THREAD_LEVEL) node.replies.reverse();
  return top;
}

/**
 * Deletes a post or comment (author only, or a moderator removing it after
 * reports: `asModerator`, checked by the caller): its files first — if they
 * cannot be removed nothing else changes — then its replies recursively,
 * their likes and notifications, and the counters. A top-level post leaves a
 * tombstone so its link can say it was deleted.
 */
export async function deletePost(
  id: string,
  userId: string,
  opts: { asModerator?: boolean } = {},
): Promise<{ wasComment: boolean; authorId: string; campusId: string; parentId: string | null; rootId: string | null; gameId: string | null; projectId: string | null }> {
  const db = getDb();
  const [post] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  if (!post || post.deletedAt) throw new PostError("Sorry, that post has been deleted.", 404);
  if (post.authorId !== userId && !opts.asModerator) throw new PostError("Only the author can delete this.", 403);
  const ids = await subtreeIds(db, id);
  const files = await db.select().from(schema.media).where(inArray(schema.media.postId, ids));
  try {
    await removeMedia(files);
  } catch {
    throw new PostError("Couldn't delete post images.", 500);
  }
  const wasComment = Boolean(post.parentId || post.gameId || post.projectId);
  await transaction(async (tx) => {
    // Taken again inside: of two deletes at once, the second finds it gone and changes nothing.
    const [current] = await forUpdate(tx.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, id)).limit(1));
    if (!current || current.deletedAt) throw new PostError("Sorry, that post has been deleted.", 404);
    await tx.delete(schema.media).where(inArray(schema.media.postId, ids));
    await tx.delete(schema.likes).where(and(eq(schema.likes.targetType, "post"), inArray(schema.likes.targetId, ids)));
    await tx.delete(schema.notifications).where(inArray(schema.notifications.postId, ids));
    // Items hidden by reports left the counters when they were hidden.
    const counting = await countedAmong(tx, ids);
    const counted = counting.size;
    const below = ids.filter((x) => x !== id);
    if (below.length) await tx.delete(posts).where(inArray(posts.id, below));
    if (post.parentId && counted) {
      // The counters createPost keeps: the top-level post's whole thread, the comment answered's direct replies
      // (what reports hide left them when it was hidden: only what is still counted comes off).
      const inPostThread = !post.gameId && !post.projectId;
      if (inPostThread && post.rootId) {
        await tx.update(posts).set({ commentCount: atLeastZero(sql`${posts.commentCount} - ${counted}`) }).where(eq(posts.id, post.rootId));
      }
      if ((!inPostThread || post.parentId !== post.rootId) && counting.has(id)) {
        await tx.update(posts).set({ commentCount: atLeastZero(sql`${posts.commentCount} - 1`) }).where(eq(posts.id, post.parentId));
      }
    }
    if (post.gameId && counted) await tx.update(schema.games).set({ commentCount: atLeastZero(sql`${schema.games.commentCount} - ${counted}`) }).where(eq(schema.games.id, post.gameId));
    if (post.projectId && counted) await tx.update(schema.projects).set({ commentCount: atLeastZero(sql`${schema.projects.commentCount} - ${counted}`) }).where(eq(schema.projects.id, post.projectId));
    if (wasComment) {
      await tx.delete(posts).where(eq(posts.id, id));
    } else {
      const now = Date.now();
      await tx.update(posts).set({ deletedAt: now, updatedAt: now, text: [], category: null, likeCount: 0, commentCount: 0, imgCount: 0, vidCount: 0 }).where(eq(posts.id, id));
      if (post.kind === "wanted") await deleteWantedSearches(tx, id);
      if (counting.has(id)) await tx.update(schema.users).set({ totalPosts: atLeastZero(sql`${schema.users.totalPosts} - 1`) }).where(eq(schema.users.id, post.authorId));
    }
  });
  return { wasComment, authorId: post.authorId, campusId: post.campusId, parentId: post.parentId, rootId: post.rootId, gameId: post.gameId, projectId: post.projectId };
}
