// Search on PostgreSQL: tsvector tables kept in step by triggers, GIN-indexed
// (db/migrations-pg/0001_search_index.sql), ranked by ts_rank_cd. Posts are
// stemmed in the 'english' configuration, people not ('simple'): see
// 0015_textbooks_move_out.sql.
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PersonHit, SearchDialect, SearchTerm } from "../types";

const MAX_TERMS = 8;
const MAX_WORD_LENGTH = 64;
/**
 * What separates words, as the index sees it (search_fold() in the migration):
 * white space, control characters and ASCII punctuation. Quotes and
 * backslashes are among them, so no word can break out of its quotes below.
 */
const SEPARATORS = /[\s\p{Cc}!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+/u;
/** The ranking weights of the people index's D, C (last name), B (username) and A (first name) parts. */
const PEOPLE_WEIGHTS = "{0.1, 0.5, 0.75, 1.0}";
/** ts_rank_cd normalisation 1: divide by 1 + log(document length), so a long post does not win by length alone. */
const LENGTH_NORMALISATION = 1;

/** Compatibility forms and diacritics folded away, as search_fold() does for the index. */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * A `to_tsquery('simple', …)` text that can never be a syntax error: every word
 * is quoted and made of neither quotes, backslashes nor operators; words
 * without a letter or digit are dropped. A term is its words in a row (`<->`,
 * as FTS5 reads a quoted "e-mail"), a prefix term's last word gets `:*`, and
 * all terms must match (`&`). Null when nothing searchable is left.
 */
export function tsQuery(terms: SearchTerm[]): string | null {
  const parts: string[] = [];
  for (const term of terms.slice(0, MAX_TERMS)) {
    const words = fold(term.text)
      .split(SEPARATORS)
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(""));
    if (words.length === 0) continue;
    parts.push(words.map((w, i) => `'${w}'${term.prefix && i === words.length - 1 ? ":*" : ""}`).join(" <-> "));
  }
  return parts.length > 0 ? parts.join(" & ") : null;
}

export function createPgSearch(handle: { native: NodePgDatabase<Record<string, unknown>> }): SearchDialect {
  const { native } = handle;
  return {
    async posts({ terms, campusId, limit, offset, where, first }) {
      const query = tsQuery(terms);
      if (!query) return [];
      const { rows } = await native.execute<{ id: string }>(sql`
        select posts.id
          from post_search s
          cross join to_tsquery('english', ${query}) as q
          join posts on posts.id = s.post_id
         where s.document @@ q
           and s.campus_id = ${campusId}
           and posts.deleted_at is null and posts.parent_id is null and posts.game_id is null and posts.project_id is null
           ${where ? sql`and ${where}` : sql``}
         order by ${first ? sql`case when ${first} then 0 else 1 end, ` : sql``}ts_rank_cd(s.document, q, ${LENGTH_NORMALISATION}) desc, posts.last_activity_at desc, posts.id collate "C" desc
         limit ${limit} offset ${offset}`);
      return rows.map((r) => r.id);
    },
    postMatch(terms) {
      const query = tsQuery(terms);
      if (!query) return sql`false`;
      return sql`posts.id in (select s.post_id from post_search s where s.document @@ to_tsquery('english', ${query}))`;
    },
    async people({ terms, campusId, limit, offset }) {
      const query = tsQuery(terms);
      if (!query) return [];
      const { rows } = await native.execute<PersonHit>(sql`
        select u.id, u.username, u.first_name as "firstName", u.last_name as "lastName", u.img, u.verified
          from people_search s
          cross join to_tsquery('simple', ${query}) as q
          join users u on u.id = s.user_id
         where s.document @@ q
           and (${campusId}::text is null or s.campus_id = ${campusId})
           and u.hidden_at is null
         order by ts_rank_cd(${PEOPLE_WEIGHTS}::float4[], s.document, q, ${LENGTH_NORMALISATION}) desc, u.username collate "C"
         limit ${limit} offset ${offset}`);
      return rows;
    },
  };
}
