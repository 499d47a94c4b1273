-- Full-text search on PostgreSQL, the counterpart of SQLite's FTS5 index
-- (db/migrations/0001_search_index.sql): top-level posts by the text of their
-- blocks and their category, people by first name, last name and username.
-- Triggers keep the search tables in step with posts and users, so every write
-- is covered, whichever model makes it; rows go with their post or user
-- (ON DELETE CASCADE). GIN indexes answer `document @@ query`; the campus is
-- a filter on what they find (an index on it alone would tempt the planner
-- into reading a whole campus for a rare word).
--
-- Words are folded like FTS5's `unicode61 remove_diacritics 2`: compatibility
-- forms and diacritics go (NFKD, then the combining marks U+0300-U+036F), case
-- goes in the 'simple' configuration, and ASCII punctuation separates words
-- (so "e-mail", "foo.bar" and "a@b.com" are words the way FTS5 sees them, not
-- the parser's host or email tokens). The query side folds the same way
-- (app/services/dialect/pg/search.server.ts).
CREATE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(regexp_replace(normalize(input, NFKD), '[\u0300-\u036f]', '', 'g'), '[!-/:-@[-`{-~]', ' ', 'g')
$$;
--> statement-breakpoint
-- The searchable text of a post: its blocks' text (a JSON list of {text, marks?}
-- or of strings; a bare JSON string as is), then its category.
CREATE FUNCTION post_search_document(body jsonb, category text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT to_tsvector('simple', search_fold(coalesce(
        CASE jsonb_typeof(body)
          WHEN 'array' THEN (
            SELECT string_agg(CASE jsonb_typeof(b) WHEN 'object' THEN b ->> 'text' WHEN 'string' THEN b #>> '{}' END, E'\n')
              FROM jsonb_array_elements(body) AS b)
          WHEN 'string' THEN body #>> '{}'
        END, '')))
      || to_tsvector('simple', search_fold(coalesce(category, '')))
$$;
--> statement-breakpoint
-- First name weighs most (A), then username (B), then last name (C): see the ranking weights in the query.
CREATE FUNCTION people_search_document(first_name text, last_name text, username text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple', search_fold(coalesce(first_name, ''))), 'A')
      || setweight(to_tsvector('simple', search_fold(coalesce(username, ''))), 'B')
      || setweight(to_tsvector('simple', search_fold(coalesce(last_name, ''))), 'C')
$$;
--> statement-breakpoint
CREATE TABLE post_search (
  post_id text PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  campus_id text NOT NULL,
  document tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX post_search_document_idx ON post_search USING gin (document);
--> statement-breakpoint
CREATE TABLE people_search (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  campus_id text NOT NULL,
  document tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX people_search_document_idx ON people_search USING gin (document);
--> statement-breakpoint
CREATE FUNCTION posts_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL AND NEW.game_id IS NULL AND NEW.project_id IS NULL AND NEW.deleted_at IS NULL THEN
    INSERT INTO post_search (post_id, campus_id, document)
      VALUES (NEW.id, NEW.campus_id, post_search_document(NEW.text, NEW.category))
      ON CONFLICT (post_id) DO UPDATE SET campus_id = excluded.campus_id, document = excluded.document;
  ELSE
    DELETE FROM post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_search_sync
  AFTER INSERT OR UPDATE OF text, category, campus_id, deleted_at, parent_id, game_id, project_id ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_search_sync();
--> statement-breakpoint
CREATE FUNCTION users_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_search (user_id, campus_id, document)
    VALUES (NEW.id, NEW.campus_id, people_search_document(NEW.first_name, NEW.last_name, NEW.username))
    ON CONFLICT (user_id) DO UPDATE SET campus_id = excluded.campus_id, document = excluded.document;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_sync
  AFTER INSERT OR UPDATE OF first_name, last_name, username, campus_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_search_sync();
--> statement-breakpoint
-- Index what is already there.
INSERT INTO post_search (post_id, campus_id, document)
  SELECT id, campus_id, post_search_document(text, category) FROM posts
   WHERE parent_id IS NULL AND game_id IS NULL AND project_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO people_search (user_id, campus_id, document)
  SELECT id, campus_id, people_search_document(first_name, last_name, username) FROM users;
