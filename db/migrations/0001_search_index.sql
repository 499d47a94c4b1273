-- Full-text search (SQLite FTS5) over top-level posts (the text of their blocks
-- and their category) and over people (first name, last name, username).
-- Triggers keep the indexes in step with posts and users, so every write is
-- covered, whichever model makes it. The FTS rowid comes from a small keys
-- table: posts and users have text ids, and the implicit rowid of such a table
-- may change on VACUUM.
CREATE TABLE `post_search_keys` (
  `id` integer PRIMARY KEY,
  `post_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE TABLE `user_search_keys` (
  `id` integer PRIMARY KEY,
  `user_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(body, category, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE `people_fts` USING fts5(first_name, last_name, username, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER `posts_search_ai` AFTER INSERT ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = new.id);
  DELETE FROM post_search_keys WHERE post_id = new.id;
  INSERT INTO post_search_keys (post_id) SELECT new.id WHERE new.parent_id IS NULL AND new.game_id IS NULL AND new.project_id IS NULL AND new.deleted_at IS NULL;
  INSERT INTO posts_fts (rowid, body, category)
    SELECT k.id, coalesce(CASE WHEN json_valid(new.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(new.text) AS j) ELSE new.text END, ''), coalesce(new.category, '') FROM post_search_keys AS k WHERE k.post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_au` AFTER UPDATE OF `text`, `category`, `deleted_at`, `parent_id`, `game_id`, `project_id` ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = old.id);
  DELETE FROM post_search_keys WHERE post_id = old.id;
  INSERT INTO post_search_keys (post_id) SELECT new.id WHERE new.parent_id IS NULL AND new.game_id IS NULL AND new.project_id IS NULL AND new.deleted_at IS NULL;
  INSERT INTO posts_fts (rowid, body, category)
    SELECT k.id, coalesce(CASE WHEN json_valid(new.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(new.text) AS j) ELSE new.text END, ''), coalesce(new.category, '') FROM post_search_keys AS k WHERE k.post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_ad` AFTER DELETE ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = old.id);
  DELETE FROM post_search_keys WHERE post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_ai` AFTER INSERT ON `users` BEGIN
  DELETE FROM people_fts WHERE rowid = (SELECT id FROM user_search_keys WHERE user_id = new.id);
  DELETE FROM user_search_keys WHERE user_id = new.id;
  INSERT INTO user_search_keys (user_id) VALUES (new.id);
  INSERT INTO people_fts (rowid, first_name, last_name, username)
    SELECT k.id, new.first_name, new.last_name, new.username FROM user_search_keys AS k WHERE k.user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_au` AFTER UPDATE OF `first_name`, `last_name`, `username` ON `users` BEGIN
  DELETE FROM people_fts WHERE rowid = (SELECT id FROM user_search_keys WHERE user_id = old.id);
  DELETE FROM user_search_keys WHERE user_id = old.id;
  INSERT INTO user_search_keys (user_id) VALUES (new.id);
  INSERT INTO people_fts (rowid, first_name, last_name, username)
    SELECT k.id, new.first_name, new.last_name, new.username FROM user_search_keys AS k WHERE k.user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_ad` AFTER DELETE ON `users` BEGIN
  DELETE FROM people_fts WHERE rowid = (SELECT id FROM user_search_keys WHERE user_id = old.id);
  DELETE FROM user_search_keys WHERE user_id = old.id;
END;
--> statement-breakpoint
-- Index what is already there.
INSERT INTO post_search_keys (post_id)
  SELECT id FROM posts WHERE parent_id IS NULL AND game_id IS NULL AND project_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, body, category)
  SELECT k.id, coalesce(CASE WHEN json_valid(p.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(p.text) AS j) ELSE p.text END, ''), coalesce(p.category, '')
  FROM post_search_keys AS k JOIN posts AS p ON p.id = k.post_id;
--> statement-breakpoint
INSERT INTO user_search_keys (user_id) SELECT id FROM users;
--> statement-breakpoint
INSERT INTO people_fts (rowid, first_name, last_name, username)
  SELECT k.id, u.first_name, u.last_name, u.username FROM user_search_keys AS k JOIN users AS u ON u.id = k.user_id;
