// Saved searches and their alerts (docs/product.md §25).
// A saved search is its words and feed filters on one campus. Its words are
// also rows of `saved_search_terms` (campus, term, search), the index a new
// listing is matched through: the listing's words and all their prefixes look
// the terms up in one query, and a search matches when every one of its terms
// was found (the last one may be a prefix), plus its filters. Listings to match
// are queued in `listing_alert_jobs`, in the transaction that posts, renews or
// shows them again, and any process's job claims and matches them; each match
// is a `saved_search_hits` row, which the in-app notice and the email batches
// read.
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, inSubquery, inTexts, isUniqueViolation, newId, schema, transaction } from "~/services/db.server";
import { notBlockedWith } from "./blocks.server";
import { escapeHtml, sendMail, type OutgoingMail } from "./mail.server";
import { notifySavedSearch, savedSearchNotice } from "./notifications.server";
import { unsubscribeUrl } from "./unsubscribe.server";
import { LISTING_LIFETIME_MS, type Condition } from "~/utils/listings";
import { formatPrice } from "~/utils/price";
import {
  criteriaKey,
  describeSearch,
  hasCriteria,
  MAX_SAVED_SEARCHES,
  searchHref,
  type NotifyChoice,
  type SavedSearchCriteria,
} from "~/utils/saved-searches";
import { indexTerm, matchTerms, postIndexTerms, TERMS_VERSION } from "~/utils/search-words";
import { coursesOf } from "~/utils/course-codes";
import { wantedExcerpt, wantedNotice, wantedWords } from "~/utils/wanted";
import type { Tx } from "~/services/dialect/types";

const { savedSearches: s, savedSearchTerms: terms, savedSearchHits: hits, posts } = schema;

export type SavedSearchRow = typeof s.$inferSelect;

export function criteriaOf(row: Pick<SavedSearchRow, "query" | "category" | "minCents" | "maxCents" | "freeOnly" | "condition">): SavedSearchCriteria {
  return { query: row.query, category: row.category, minCents: row.minCents, maxCents: row.maxCents, freeOnly: row.freeOnly, condition: row.condition as Condition | null };
}

// ---------------------------------------------------------------------------
// Saving, listing, changing and deleting

export type SaveSearchResult = { ok: true; id: string } | { ok: false; reason: "empty" | "exists" | "limit" };

/**
 * Saves a search for a user on a campus: refused when it has nothing to match
 * on, when the user already saved the same one there, or when they have
 * MAX_SAVED_SEARCHES already (on any campus). The search and its terms are
 * written together. `wantedPostId`: the search belongs to a Wanted post.
 */
export async function saveSearch(opts: { userId: string; campusId: string; criteria: SavedSearchCriteria; notify?: NotifyChoice; wantedPostId?: string | null; now?: number }): Promise<SaveSearchResult> {
  const c = opts.criteria;
  if (!hasCriteria(c)) return { ok: false, reason: "empty" };
  const key = criteriaKey(c);
  const matching = matchTerms(c.query);
  try {
    return await transaction(async (tx): Promise<SaveSearchResult> => {
      const [same] = await tx.select({ id: s.id }).from(s).where(and(eq(s.userId, opts.userId), eq(s.campusId, opts.campusId), eq(s.key, key))).limit(1);
      if (same) return { ok: false, reason: "exists" };
      // A Wanted post's searches are not the user's to count (nor listed: listSavedSearches).
      const [row] = await tx.select({ n: count() }).from(s).where(and(eq(s.userId, opts.userId), isNull(s.wantedPostId)));
      if ((row?.n ?? 0) >= MAX_SAVED_SEARCHES) return { ok: false, reason: "limit" };
      const id = newId();
      await tx.insert(s).values({
        id,
        userId: opts.userId,
        campusId: opts.campusId,
        query: c.query,
        termCount: matching.length,
        termsVersion: TERMS_VERSION,
        category: c.category,
        minCents: c.minCents,
        maxCents: c.maxCents,
        freeOnly: c.freeOnly,
        condition: c.condition,
        notify: opts.notify ?? "instant",
        key,
        wantedPostId: opts.wantedPostId ?? null,
        createdAt: opts.now ?? Date.now(),
      });
      if (matching.length) await tx.insert(terms).values(termRows(id, opts.campusId, { query: c.query, key }));
      return { ok: true, id };
    });
  } catch (error) {
    // The same search saved twice at once: the second meets the unique key.
    if (isUniqueViolation(error)) return { ok: false, reason: "exists" };
    throw error;
  }
}

/**
 * A search's terms as the current TERMS_VERSION makes them: its words', or, for
 * a Wanted post's course or ISBN search, the code its key names (no word makes it).
 */
function termsOfSearch(search: { query: string; key: string }): string[] {
  const code = /^wanted:[^:]+:((?:course|isbn):.+)$/.exec(search.key)?.[1];
  return code ? [code] : matchTerms(search.query).map(indexTerm);
}

/** A search's rows of the terms index. */
function termRows(savedSearchId: string, campusId: string, search: { query: string; key: string }) {
  const found = termsOfSearch(search);
  return found.map((term) => ({ campusId, term, savedSearchId, termCount: found.length }));
}

/**
 * Indexes again the saved searches whose terms rows an older TERMS_VERSION
 * made (an upgrade that changed the words, as stemming did), `batch` searches
 * per transaction; returns how many. Run once by every process's alert job
 * before it matches (a migration cannot run the tokeniser). Idempotent and
 * safe to run in several processes at once: each batch first claims its
 * searches by moving them to the current version, so a search is redone by
 * one transaction only, and one interrupted half-way resumes where it stopped.
 */
export async function reindexSavedSearchTerms(batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const { stale: seen, redone } = await transaction(async (tx) => {
      const stale = await tx.select({ id: s.id }).from(s).where(ne(s.termsVersion, TERMS_VERSION)).limit(batch);
      if (!stale.length) return { stale: 0, redone: 0 };
      const claimed = await tx
        .update(s)
        .set({ termsVersion: TERMS_VERSION })
        .where(and(inArray(s.id, stale.map((r) => r.id)), ne(s.termsVersion, TERMS_VERSION)))
        .returning({ id: s.id, campusId: s.campusId, query: s.query, key: s.key, termCount: s.termCount });
      if (!claimed.length) return { stale: stale.length, redone: 0 };
      await tx.delete(terms).where(inArray(terms.savedSearchId, claimed.map((r) => r.id)));
      const rows = claimed.flatMap((r) => termRows(r.id, r.campusId, r));
      for (let from = 0; from < rows.length; from += 1_000) await tx.insert(terms).values(rows.slice(from, from + 1_000));
      // Stemming can merge two words into one term ("desk desks"): the search's count follows.
      for (const r of claimed) {
        const count = termsOfSearch(r).length;
        if (count !== r.termCount) await tx.update(s).set({ termCount: count }).where(eq(s.id, r.id));
      }
      return { stale: stale.length, redone: claimed.length };
    });
    total += redone;
    if (seen < batch) return total;
  }
}

export type SavedSearchView = { id: string; description: string; notify: NotifyChoice; href: string };

/** A user's saved searches on one campus (Wanted posts' searches are not listed), newest first. */
export async function listSavedSearches(userId: string, campusId: string): Promise<SavedSearchView[]> {
  const rows = await getDb()
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), eq(s.campusId, campusId), isNull(s.wantedPostId)))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(MAX_SAVED_SEARCHES);
  return rows.map((r) => ({ id: r.id, description: describeSearch(criteriaOf(r)), notify: r.notify, href: searchHref(criteriaOf(r)) }));
}

/** Changes how a user hears of one of their searches; false when it is not theirs (or gone). */
export async function setSearchNotify(userId: string, id: string, notify: NotifyChoice): Promise<boolean> {
  const changed = await getDb().update(s).set({ notify }).where(and(eq(s.id, id), eq(s.userId, userId))).returning({ id: s.id });
  return changed.length === 1;
}

/** Deletes one of a user's searches (its terms and hits go with it); false when it is not theirs. */
export async function deleteSavedSearch(userId: string, id: string): Promise<boolean> {
  const deleted = await getDb().delete(s).where(and(eq(s.id, id), eq(s.userId, userId))).returning({ id: s.id });
  return deleted.length === 1;
}

/** One search of a user, described (the unsubscribe page names it). */
export async function getSavedSearch(userId: string, id: string): Promise<SavedSearchView | null> {
  const [r] = await getDb().select().from(s).where(and(eq(s.id, id), eq(s.userId, userId))).limit(1);
  if (!r) return null;
  // A Wanted post's search is named by the post ("Wanted: Calc textbook") and leads to it.
  if (r.wantedPostId) {
    const excerpt = (await wantedExcerpts(getDb(), [r])).get(r.wantedPostId) ?? "";
    return { id: r.id, description: `Wanted: ${excerpt}`, notify: r.notify, href: `/post/${r.wantedPostId}` };
  }
  return { id: r.id, description: describeSearch(criteriaOf(r)), notify: r.notify, href: searchHref(criteriaOf(r)) };
}

// ---------------------------------------------------------------------------
// Matching

/** A saved search a listing matched; `authorId` is the listing's. */
export type SearchMatch = { savedSearchId: string; userId: string; notify: NotifyChoice; description: string; authorId: string; wantedPostId?: string | null };

/** The listing's fields matching reads, when it may alert anyone: live, visible, top-level, priced, not sold. */
async function alertableListing(postId: string, now: number) {
  const [post] = await getDb()
    .select({ id: posts.id, campusId: posts.campusId, authorId: posts.authorId, text: posts.text, category: posts.category, priceCents: posts.priceCents, isFree: posts.isFree, condition: posts.condition, isbn: posts.isbn, courseCodes: posts.courseCodes })
    .from(posts)
    .where(
      and(
        eq(posts.id, postId),
        isNull(posts.parentId),
        isNull(posts.gameId),
        isNull(posts.projectId),
        isNull(posts.deletedAt),
        isNull(posts.hiddenAt),
        ne(posts.status, "sold"),
        gt(posts.lastActivityAt, now - LISTING_LIFETIME_MS),
      ),
    )
    .limit(1);
  return post && post.priceCents !== null ? { ...post, priceCents: post.priceCents } : null;
}

/**
 * The saved searches a listing matches (the one entry point of matching):
 * those of its campus whose every term is one of its words (the last term a
 * prefix of one) or that have no words, and whose filters let it through; not
 * its author's, nor of anyone blocked either way with them, nor set to Off.
 * One query over the terms index, whatever the number of saved searches; none
 * when the listing is gone, hidden, expired, sold or not a listing.
 */
export async function matchNewListing(postId: string, now = Date.now()): Promise<SearchMatch[]> {
  const post = await alertableListing(postId, now);
  if (!post) return [];
  const keys = [...postIndexTerms(post.text.map((b) => b.text).join("\n")), ...listingCodeKeys(post)];
  const price = post.priceCents;
  const filters: SQL = and(
    post.category === null ? isNull(s.category) : or(isNull(s.category), eq(s.category, post.category)),
    or(isNull(s.minCents), lte(s.minCents, price)),
    or(isNull(s.maxCents), sql`${s.maxCents} >= ${price}`),
    post.isFree ? undefined : eq(s.freeOnly, false),
    post.condition === null ? isNull(s.condition) : or(isNull(s.condition), eq(s.condition, post.condition)),
    ne(s.notify, "off"),
    ne(s.userId, post.authorId),
    notBlockedWith(post.authorId, s.userId),
    wantedPostLive(now),
  )!;
  const columns = { savedSearchId: s.id, userId: s.userId, notify: s.notify, query: s.query, category: s.category, minCents: s.minCents, maxCents: s.maxCents, freeOnly: s.freeOnly, condition: s.condition, wantedPostId: s.wantedPostId };
  const db = getDb();
  const byFilters = db.select(columns).from(s).where(and(eq(s.campusId, post.campusId), eq(s.termCount, 0), filters));
  let rows;
  if (keys.length) {
    // The searches all of whose terms the post has, from the index alone; only those are read.
    // The searches are then read by primary key for just those ids, never all of the campus's (inSubquery).
    const found = db
      .select({ id: terms.savedSearchId })
      .from(terms)
      .where(and(eq(terms.campusId, post.campusId), inTexts(terms.term, keys)))
      .groupBy(terms.savedSearchId, terms.termCount)
      .having(sql`count(*) = ${terms.termCount}`);
    const byWords = db.select(columns).from(s).where(and(inSubquery(s.id, found), filters));
    rows = await byWords.unionAll(byFilters);
  } else {
    rows = await byFilters;
  }
  return rows.map((r) => ({ savedSearchId: r.savedSearchId, userId: r.userId, notify: r.notify, description: describeSearch(criteriaOf(r)), authorId: post.authorId, wantedPostId: r.wantedPostId }));
}

/**
 * Records what matching found for a listing: a hit per search (once per search
 * and listing, so a renewal alerts only searches that had not seen it), and the
 * in-app notice at once for the searches set to Right away. Once a day gets its
 * notices with the digest. Returns how many searches were newly hit.
 */
export async function recordMatches(postId: string, allMatches: SearchMatch[], now = Date.now()): Promise<number> {
  if (!allMatches.length) return 0;
  return transaction(async (tx) => {
    const matches = await oneHitPerWantedPost(tx, postId, allMatches);
    if (!matches.length) return 0;
    const wanted = await wantedExcerpts(tx, matches);
    const inserted = await tx
      .insert(hits)
      .values(matches.map((m) => ({ savedSearchId: m.savedSearchId, postId, createdAt: now, notifiedAt: m.notify === "instant" ? now : null })))
      .onConflictDoNothing()
      .returning({ savedSearchId: hits.savedSearchId });
    const fresh = new Set(inserted.map((r) => r.savedSearchId));
    for (const m of matches) {
      if (m.notify === "instant" && fresh.has(m.savedSearchId)) {
        await notifySavedSearch(tx, { userId: m.userId, actorId: m.authorId, postId, savedSearchId: m.savedSearchId, description: m.description, now, ...wantedNoticeOf(m, wanted) });
      }
    }
    return fresh.size;
  });
}


// ---------------------------------------------------------------------------
// Alert emails: Right away at most one per search an hour (the listings since
// the last one); Once a day one digest at DIGEST_HOUR in the campus's time zone.

/** A search with hits no email has taken yet. */
export type PendingAlerts = { savedSearchId: string; notify: NotifyChoice; lastEmailedAt: number | null; timeZone: string; oldestHitAt: number };

/** The searches with pending hits (walks the partial index of pending hits). */
export async function searchesWithPendingHits(limit = 500): Promise<PendingAlerts[]> {
  const db = getDb();
  const pending = db
    .select({ id: hits.savedSearchId, oldest: sql<number>`min(${hits.createdAt})`.as("oldest") })
    .from(hits)
    .where(isNull(hits.mailedAt))
    .groupBy(hits.savedSearchId)
    .limit(limit)
    .as("pending");
  const rows = await db
    .select({ savedSearchId: s.id, notify: s.notify, lastEmailedAt: s.lastEmailedAt, timeZone: schema.campuses.timeZone, oldestHitAt: pending.oldest })
    .from(pending)
    .innerJoin(s, eq(s.id, pending.id))
    .innerJoin(schema.campuses, eq(schema.campuses.id, s.campusId));
  return rows.map((r) => ({ ...r, oldestHitAt: Number(r.oldestHitAt) }));
}

const MAX_LISTINGS_PER_EMAIL = 20;

/** Where an email's links point: the campus's own site. */
export type OriginOf = (campus: { id: string; hostKey: string }) => string;

/**
 * Sends one search's alert email with its hits made before `cutoff`, in one
 * transaction: only while its last email is still `previous` (so of two
 * processes one sends), the hits marked taken, listings since gone, hidden or
 * behind a block left out. For Once a day the in-app notices go out now too.
 * No email when the user turned emails off or the search is Off (the hits are
 * just taken). Returns how many listings the email named.
 */
export async function sendSearchAlerts(opts: { savedSearchId: string; previous: number | null; cutoff: number; now: number; originOf: OriginOf }): Promise<number> {
  const { users, campuses } = schema;
  return transaction(async (tx) => {
    const claimed = await tx
      .update(s)
      .set({ lastEmailedAt: opts.now })
      .where(and(eq(s.id, opts.savedSearchId), opts.previous === null ? isNull(s.lastEmailedAt) : eq(s.lastEmailedAt, opts.previous)))
      .returning();
    const search = claimed[0];
    if (!search) return 0;
    const taken = await tx
      .update(hits)
      .set({ mailedAt: opts.now })
      .where(and(eq(hits.savedSearchId, search.id), isNull(hits.mailedAt), lt(hits.createdAt, opts.cutoff)))
      .returning({ postId: hits.postId, notifiedAt: hits.notifiedAt });
    if (!taken.length || search.notify === "off") return 0;
    const listings = await tx
      .select({ id: posts.id, authorId: posts.authorId, text: posts.text, priceCents: posts.priceCents, isFree: posts.isFree, lastActivityAt: posts.lastActivityAt })
      .from(posts)
      .where(
        and(
          inArray(posts.id, taken.map((h) => h.postId)),
          isNull(posts.deletedAt),
          isNull(posts.hiddenAt),
          gt(posts.lastActivityAt, opts.now - LISTING_LIFETIME_MS),
          notBlockedWith(search.userId, posts.authorId),
        ),
      )
      .orderBy(desc(posts.createdAt));
    if (!listings.length) return 0;
    const wanted = search.wantedPostId ? (await wantedExcerpts(tx, [{ wantedPostId: search.wantedPostId }])).get(search.wantedPostId) : undefined;
    const description = describeSearch(criteriaOf(search));
    const unnotified = new Set(taken.filter((h) => h.notifiedAt === null).map((h) => h.postId));
    for (const l of listings) {
      if (unnotified.has(l.id)) await notifySavedSearch(tx, { userId: search.userId, actorId: l.authorId, postId: l.id, savedSearchId: search.id, description, now: opts.now });
    }
    if (unnotified.size) await tx.update(hits).set({ notifiedAt: opts.now }).where(and(eq(hits.savedSearchId, search.id), inArray(hits.postId, [...unnotified])));
    const [user] = await tx.select().from(users).where(eq(users.id, search.userId)).limit(1);
    const [campus] = await tx.select({ id: campuses.id, hostKey: campuses.hostKey }).from(campuses).where(eq(campuses.id, search.campusId)).limit(1);
    if (!user || !campus || !user.emailNotifications) return 0;
    const origin = opts.originOf(campus);
    await sendMail(alertEmail({ user, origin, description, wanted, daily: search.notify === "daily", searchId: search.id, listings: listings.slice(0, MAX_LISTINGS_PER_EMAIL), more: Math.max(0, listings.length - MAX_LISTINGS_PER_EMAIL), now: opts.now }), tx);
    return listings.length;
  });
}

/** The outbox kind of alert emails. */
export const SAVED_SEARCH_MAIL_KIND = "saved search";

function alertEmail(m: {
  user: { id: string; email: string; firstName: string; unsubscribeVersion: number };
  origin: string;
  description: string;
  /** A Wanted post's excerpt: the email is about it. */
  wanted?: string;
  daily: boolean;
  searchId: string;
  listings: { id: string; text: { text: string }[]; priceCents: number | null; isFree: boolean }[];
  more: number;
  now: number;
}): OutgoingMail {
  const one = m.listings.length === 1 && m.more === 0;
  const subject = m.wanted !== undefined ? wantedNotice(m.wanted) : m.daily ? `Today's new listings for "${m.description}"` : one ? savedSearchNotice(m.description) : `New listings for "${m.description}"`;
  const unsubscribe = unsubscribeUrl(m.user, m.origin, m.now, m.searchId);
  const items = m.listings.map((l) => {
    const title = (l.text.map((b) => b.text.trim()).find(Boolean) ?? "Listing").slice(0, 100);
    const price = l.isFree ? "Free" : l.priceCents === null ? "" : formatPrice(l.priceCents);
    return { title, price, url: `${m.origin}/post/${l.id}` };
  });
  const more = m.more ? `And ${m.more} more: ${m.origin}/settings/saved-searches` : "";
  return {
    to: m.user.email,
    kind: SAVED_SEARCH_MAIL_KIND,
    subject,
    text: [
      `Hi ${m.user.firstName},`,
      "",
      `${subject}:`,
      "",
      ...items.map((i) => `${i.title}${i.price ? ` · ${i.price}` : ""}\n${i.url}\n`),
      more,
      `Stop alerts for this search: ${unsubscribe}`,
    ].join("\n"),
    html: [
      `<p>Hi ${escapeHtml(m.user.firstName)},</p>`,
      `<p>${escapeHtml(subject)}:</p>`,
      `<ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>${i.price ? ` · ${escapeHtml(i.price)}` : ""}</li>`).join("")}</ul>`,
      more ? `<p>${escapeHtml(more)}</p>` : "",
      `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribe)}">Stop alerts for this search</a></p>`,
    ].join(""),
  };
}

/** Turns one search's alerts off (its unsubscribe link); false when it is gone. */
export async function stopSearchAlerts(userId: string, id: string): Promise<boolean> {
  // A Wanted post's link stops all its searches (one per criterion).
  const [row] = await getDb().select({ wantedPostId: s.wantedPostId }).from(s).where(and(eq(s.id, id), eq(s.userId, userId))).limit(1);
  if (row?.wantedPostId) {
    await getDb().update(s).set({ notify: "off" }).where(and(eq(s.wantedPostId, row.wantedPostId), eq(s.userId, userId)));
    return true;
  }
  return setSearchNotify(userId, id, "off");
}

// ---------------------------------------------------------------------------
// Wanted posts (docs/product.md §7): a Wanted post owns one saved search per
// criterion — its words (less the filler), each course code, its ISBN — all
// sharing its id, so a listing matching any of them (OR) alerts its author
// through the same matching; one hit per wanted post and listing. A listing's
// course codes and ISBN are match keys beside its words ("course:MATH 2924",
// "isbn:9780306406157": no word has a colon, so they never meet a word).

/** The match keys of a listing's course codes and ISBN. */
export function listingCodeKeys(listing: { isbn: string | null; courseCodes: string | null }): string[] {
  return [...coursesOf(listing.courseCodes).map((c) => `course:${c}`), ...(listing.isbn ? [`isbn:${listing.isbn}`] : [])];
}

/** What a Wanted post is matched on. */
export type WantedCriteria = { text: string; category: string | null; courseCodes: string | null; isbn: string | null };

/**
 * Writes a Wanted post's searches, replacing those it had (posting and every
 * edit), in the caller's transaction: its words (with its category, if any),
 * each course code, its ISBN. None when it has nothing to match on.
 */
export async function replaceWantedSearches(tx: Tx, opts: { userId: string; campusId: string; wantedPostId: string; criteria: WantedCriteria; now: number }): Promise<void> {
  await tx.delete(s).where(eq(s.wantedPostId, opts.wantedPostId));
  const words = wantedWords(opts.criteria.text);
  // Each criterion is a search of its own, its terms made as every search's are (termsOfSearch reads a code from the key).
  const rows = [...(words ? [{ key: "words", query: words, category: opts.criteria.category }] : []), ...listingCodeKeys(opts.criteria).map((code) => ({ key: code, query: "", category: null }))];
  for (const r of rows) {
    const id = newId();
    const key = `wanted:${opts.wantedPostId}:${r.key}`;
    const termRowsOf = termRows(id, opts.campusId, { query: r.query, key });
    await tx.insert(s).values({
      id,
      userId: opts.userId,
      campusId: opts.campusId,
      query: r.query,
      termCount: termRowsOf.length,
      category: r.category,
      notify: "instant",
      key,
      wantedPostId: opts.wantedPostId,
      termsVersion: TERMS_VERSION,
      createdAt: opts.now,
    });
    await tx.insert(terms).values(termRowsOf);
  }
}

/** Deletes a Wanted post's searches (the post was deleted). */
export async function deleteWantedSearches(tx: Tx, wantedPostId: string): Promise<void> {
  await tx.delete(s).where(eq(s.wantedPostId, wantedPostId));
}

/** A search that is not a Wanted post's, or whose Wanted post is live: not deleted, hidden, expired or found. */
function wantedPostLive(now: number): SQL {
  // Plain SQL: the same posts table a second time, under its own name.
  return sql`(${s.wantedPostId} is null or exists (select 1 from posts wanted_post where wanted_post.id = ${s.wantedPostId}
    and wanted_post.deleted_at is null and wanted_post.hidden_at is null and wanted_post.status <> 'sold' and wanted_post.last_activity_at > ${now - LISTING_LIFETIME_MS}))`;
}

/** Of a listing's matches, one per Wanted post, and none for a Wanted post already told of this listing. */
async function oneHitPerWantedPost(tx: Tx, postId: string, matches: SearchMatch[]): Promise<SearchMatch[]> {
  const wantedIds = [...new Set(matches.map((m) => m.wantedPostId).filter((id): id is string => Boolean(id)))];
  if (!wantedIds.length) return matches;
  const told = await tx
    .select({ wantedPostId: s.wantedPostId })
    .from(hits)
    .innerJoin(s, eq(s.id, hits.savedSearchId))
    .where(and(eq(hits.postId, postId), inArray(s.wantedPostId, wantedIds)));
  const seen = new Set(told.map((t) => t.wantedPostId));
  return matches.filter((m) => {
    if (!m.wantedPostId) return true;
    if (seen.has(m.wantedPostId)) return false;
    seen.add(m.wantedPostId);
    return true;
  });
}

/** The excerpts of the Wanted posts among matches, by id. */
async function wantedExcerpts(tx: Tx, matches: { wantedPostId?: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(matches.map((m) => m.wantedPostId).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: posts.id, text: posts.text }).from(posts).where(inArray(posts.id, ids));
  return new Map(rows.map((r) => [r.id, wantedExcerpt(r.text.map((b) => b.text).join("\n"))]));
}

/** A Wanted post's notice for a match ("Someone posted what you wanted: …"), one per wanted post and listing. */
function wantedNoticeOf(m: SearchMatch, excerpts: Map<string, string>): { notice?: string; onceKey?: string } {
  if (!m.wantedPostId) return {};
  return { notice: wantedNotice(excerpts.get(m.wantedPostId) ?? ""), onceKey: `wanted:${m.wantedPostId}` };
}
