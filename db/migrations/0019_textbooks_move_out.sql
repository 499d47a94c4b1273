CREATE TABLE `move_out_weeks` (
	`id` text PRIMARY KEY NOT NULL,
	`campus_id` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	FOREIGN KEY (`campus_id`) REFERENCES `campuses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `move_out_weeks_campus_idx` ON `move_out_weeks` (`campus_id`,`ends_on`);--> statement-breakpoint
ALTER TABLE `posts` ADD `isbn` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `course_codes` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `edition` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `must_go_by` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `original_price_cents` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `price_floor_cents` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `price_schedule_from` integer;--> statement-breakpoint
CREATE INDEX `posts_must_go_idx` ON `posts` (`campus_id`,`must_go_by`,`id`) WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and must_go_by is not null;--> statement-breakpoint
CREATE INDEX `posts_price_schedule_idx` ON `posts` (`price_schedule_from`) WHERE price_schedule_from is not null and deleted_at is null;
--> statement-breakpoint
-- Search stems English words ("desks" finds "desk", "textbooks" "textbook":
-- the porter tokenizer over unicode61) and indexes a listing's codes (its
-- ISBN-13 and its course codes written without the space, "MATH2924"), so
-- the table is built again with the new tokenizer and column. A course code is
-- indexed both ways ("MATH 2924" and "MATH2924"), so "math 2924", "Math-2924"
-- and "math2924" all find it.
DROP TRIGGER `posts_search_ai`;
--> statement-breakpoint
DROP TRIGGER `posts_search_au`;
--> statement-breakpoint
DROP TRIGGER `posts_search_ad`;
--> statement-breakpoint
DROP TABLE `posts_fts`;
--> statement-breakpoint
DELETE FROM `post_search_keys`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(body, category, codes, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER `posts_search_ai` AFTER INSERT ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = new.id);
  DELETE FROM post_search_keys WHERE post_id = new.id;
  INSERT INTO post_search_keys (post_id) SELECT new.id WHERE new.parent_id IS NULL AND new.game_id IS NULL AND new.project_id IS NULL AND new.deleted_at IS NULL;
  INSERT INTO posts_fts (rowid, body, category, codes)
    SELECT k.id, coalesce(CASE WHEN json_valid(new.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(new.text) AS j) ELSE new.text END, ''), coalesce(new.category, ''), coalesce(new.isbn, '') || ' ' || coalesce(new.course_codes, '') || ' ' || replace(coalesce(new.course_codes, ''), ' ', '') FROM post_search_keys AS k WHERE k.post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_au` AFTER UPDATE OF `text`, `category`, `isbn`, `course_codes`, `deleted_at`, `parent_id`, `game_id`, `project_id` ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = old.id);
  DELETE FROM post_search_keys WHERE post_id = old.id;
  INSERT INTO post_search_keys (post_id) SELECT new.id WHERE new.parent_id IS NULL AND new.game_id IS NULL AND new.project_id IS NULL AND new.deleted_at IS NULL;
  INSERT INTO posts_fts (rowid, body, category, codes)
    SELECT k.id, coalesce(CASE WHEN json_valid(new.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(new.text) AS j) ELSE new.text END, ''), coalesce(new.category, ''), coalesce(new.isbn, '') || ' ' || coalesce(new.course_codes, '') || ' ' || replace(coalesce(new.course_codes, ''), ' ', '') FROM post_search_keys AS k WHERE k.post_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_ad` AFTER DELETE ON `posts` BEGIN
  DELETE FROM posts_fts WHERE rowid = (SELECT id FROM post_search_keys WHERE post_id = old.id);
  DELETE FROM post_search_keys WHERE post_id = old.id;
END;
--> statement-breakpoint
INSERT INTO post_search_keys (post_id)
  SELECT id FROM posts WHERE parent_id IS NULL AND game_id IS NULL AND project_id IS NULL AND deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, body, category, codes)
  SELECT k.id, coalesce(CASE WHEN json_valid(p.text) THEN (SELECT group_concat(CASE j.type WHEN 'object' THEN json_extract(j.value, '$.text') WHEN 'text' THEN j.value END, char(10)) FROM json_each(p.text) AS j) ELSE p.text END, ''), coalesce(p.category, ''), coalesce(p.isbn, '') || ' ' || coalesce(p.course_codes, '') || ' ' || replace(coalesce(p.course_codes, ''), ' ', '')
  FROM post_search_keys AS k JOIN posts AS p ON p.id = k.post_id;
