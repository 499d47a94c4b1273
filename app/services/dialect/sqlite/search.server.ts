// Search on SQLite: FTS5 tables kept in step by triggers
// (db/migrations/0001_search_index.sql; posts stemmed by the porter tokenizer
// and with their listing codes since 0016_textbooks_move_out.sql), ranked by bm25.
import type { Statement } from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { PersonHit, SearchDialect, SearchTerm } from "../types";
import type { SqliteHandle } from "./client.server";

/**
 * An FTS5 query that can never be a syntax error: every term is quoted (so
 * AND, NEAR, *, ( and : are plain text); a prefix term gets `*`.
 */
export function ftsQuery(terms: SearchTerm[]): string {
  return terms.map((t) => `"${t.text.replace(/"/g, "")}"${t.prefix ? "*" : ""}`).join(" ");
}

/** The ranked post search, with the caller's extra conditions on `posts`. */
function postsQuery(q: { fts: string; campusId: string; limit: number; offset: number; where?: SQL; first?: SQL }): SQL {
  return sql`select posts.id
   from posts_fts
   join post_search_keys k on k.id = posts_fts.rowid
   join posts on posts.id = k.post_id
  where posts_fts match ${q.fts}
    and posts.campus_id = ${q.campusId}
    and posts.deleted_at is null and posts.parent_id is null and posts.game_id is null and posts.project_id is null
    ${q.where ? sql`and ${q.where}` : sql``}
  order by ${q.first ? sql`case when ${q.first} then 0 else 1 end, ` : sql``}bm25(posts_fts), posts.last_activity_at desc, posts.id desc
  limit ${q.limit} offset ${q.offset}`;
}

const sqlite = new SQLiteSyncDialect();

const PEOPLE = `select u.id, u.username, u.first_name as firstName, u.last_name as lastName, u.img, u.verified
   from people_fts
   join user_search_keys k on k.id = people_fts.rowid
   join users u on u.id = k.user_id
  where people_fts match ?
    and (? is null or u.campus_id = ?)
    and u.hidden_at is null
  order by bm25(people_fts, 2.0, 1.0, 1.5), u.username
  limit ? offset ?`;

export function createSqliteSearch(handle: SqliteHandle): SearchDialect {
  // Compiled once per connection.
  const statements = new Map<string, Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) statements.set(source, (statement = handle.sqlite.prepare(source)));
    return statement;
  };
  return {
    posts: ({ terms, campusId, limit, offset, where, first }) => {
      const query = sqlite.sqlToQuery(postsQuery({ fts: ftsQuery(terms), campusId, limit, offset, where, first }));
      return handle.exclusive(() => (prepare(query.sql).all(...query.params) as { id: string }[]).map((r) => r.id));
    },
    postMatch: (terms) =>
      sql`posts.id in (select k.post_id from posts_fts join post_search_keys k on k.id = posts_fts.rowid where posts_fts match ${ftsQuery(terms)})`,
    people: ({ terms, campusId, limit, offset }) =>
      handle.exclusive(() =>
        (prepare(PEOPLE).all(ftsQuery(terms), campusId, campusId, limit, offset) as (Omit<PersonHit, "verified"> & { verified: number })[]).map(
          (u) => ({ ...u, verified: u.verified === 1 }),
        ),
      ),
  };
}
