// Search (spec §2 /search): top-level posts of one campus and people, ranked by
// SQLite FTS5's bm25. The indexes (posts_fts, people_fts) are kept in step by
// triggers (db/migrations/0001_search_index.sql), so every write is covered.
import type { Statement } from "better-sqlite3";
import { getSqlite } from "~/services/db.server";
import { getPostViews, PAGE_SIZE, type PostView } from "./posts.server";
import type { AuthorView } from "./types";
import { authorView } from "./users.server";

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
/** Ranked results are paged by offset; past this, refine the query. */
const MAX_OFFSET = 500;

/**
 * Turns what a person typed into an FTS5 query that can never be a syntax
 * error: every term is quoted (so AND, NEAR, *, ( and : are plain text), terms
 * without a letter or digit are dropped, and the last term matches as a prefix
 * so results come as you type. Null when nothing searchable is left.
 */
export function ftsQuery(input: string | null | undefined): string | null {
  const terms = (input ?? "")
    .normalize("NFKC")
    .split(/\s+/)
    .map((t) => t.replace(/"/g, "").slice(0, MAX_TERM_LENGTH))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms
    .map((t, i) => `"${t}"${i === terms.length - 1 && /[\p{L}\p{N}]{2}/u.test(t) ? "*" : ""}`)
    .join(" ");
}

// Compiled once per connection.
const statements = new WeakMap<object, Map<string, Statement>>();
function prepare<P extends unknown[], R>(source: string): Statement<P, R> {
  const sqlite = getSqlite();
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let statement = cache.get(source);
  if (!statement) cache.set(source, (statement = sqlite.prepare(source)));
  return statement as Statement<P, R>;
}

function decodeOffset(cursor: string | null | undefined): number {
  const n = Number(cursor);
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, MAX_OFFSET) : 0;
}

export type SearchPostsPage = { posts: PostView[]; nextCursor: string | null };

/**
 * Top-level, undeleted posts of one campus matching `query`, best match first
 * (newest first among equals). `cursor` is the opaque value of the previous
 * page's nextCursor, so the result plugs into the feed component.
 */
export function searchPosts(opts: {
  campusId: string;
  query: string;
  timeZone: string;
  cursor?: string | null;
  viewerId?: string | null;
  limit?: number;
}): SearchPostsPage {
  const match = ftsQuery(opts.query);
  if (!match) return { posts: [], nextCursor: null };
  const limit = Math.max(1, Math.min(opts.limit ?? PAGE_SIZE, 50));
  const offset = decodeOffset(opts.cursor);
  const rows = prepare<[string, string, number, number], { id: string }>(
    `select p.id
       from posts_fts
       join post_search_keys k on k.id = posts_fts.rowid
       join posts p on p.id = k.post_id
      where posts_fts match ?
        and p.campus_id = ?
        and p.deleted_at is null and p.parent_id is null and p.game_id is null and p.project_id is null
      order by bm25(posts_fts), p.last_activity_at desc, p.id desc
      limit ? offset ?`,
  ).all(match, opts.campusId, limit + 1, offset);
  return {
    posts: getPostViews(rows.slice(0, limit).map((r) => r.id), opts.timeZone, opts.viewerId),
    nextCursor: rows.length > limit && offset + limit < MAX_OFFSET ? String(offset + limit) : null,
  };
}

type PersonRow = { id: string; username: string; firstName: string; lastName: string; img: string | null; verified: number };

export type SearchPeoplePage = { people: AuthorView[]; nextCursor: string | null };

/** People matching `query` by first name, last name or username; only one campus's when `campusId` is given. */
export function searchPeople(opts: {
  query: string;
  campusId?: string;
  cursor?: string | null;
  limit?: number;
}): SearchPeoplePage {
  const match = ftsQuery(opts.query);
  if (!match) return { people: [], nextCursor: null };
  const limit = Math.max(1, Math.min(opts.limit ?? PAGE_SIZE, 50));
  const offset = decodeOffset(opts.cursor);
  const rows = prepare<[string, string | null, string | null, number, number], PersonRow>(
      `select u.id, u.username, u.first_name as firstName, u.last_name as lastName, u.img, u.verified
         from people_fts
         join user_search_keys k on k.id = people_fts.rowid
         join users u on u.id = k.user_id
        where people_fts match ?
          and (? is null or u.campus_id = ?)
        order by bm25(people_fts, 2.0, 1.0, 1.5), u.username
        limit ? offset ?`,
  ).all(match, opts.campusId ?? null, opts.campusId ?? null, limit + 1, offset);
  return {
    people: rows.slice(0, limit).map((u) => authorView({ ...u, verified: u.verified === 1 })),
    nextCursor: rows.length > limit && offset + limit < MAX_OFFSET ? String(offset + limit) : null,
  };
}
