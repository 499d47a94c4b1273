PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`actor_id` text,
	`type` text NOT NULL,
	`post_id` text,
	`game_id` text,
	`project_id` text,
	`message` text NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`once_key` text,
	`chat_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "actor_id", "type", "post_id", "game_id", "project_id", "message", "read_at", "created_at", "once_key", "chat_id") SELECT "id", "user_id", "actor_id", "type", "post_id", "game_id", "project_id", "message", "read_at", "created_at", "once_key", "chat_id" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`actor_id`,`once_key`);--> statement-breakpoint
-- A moderators' notice names no moderator.
UPDATE "notifications" SET "actor_id" = NULL WHERE "type" = 'moderation';--> statement-breakpoint
-- The counters others see leave out what reports hide: count again, without what was hidden before they did.
UPDATE "users" SET "total_posts" = (
  SELECT count(*) FROM "posts" p
  WHERE p."author_id" = "users"."id" AND p."parent_id" IS NULL AND p."game_id" IS NULL AND p."project_id" IS NULL AND p."deleted_at" IS NULL AND p."hidden_at" IS NULL
) WHERE "id" IN (
  SELECT "author_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "deleted_at" IS NULL AND "parent_id" IS NULL AND "game_id" IS NULL AND "project_id" IS NULL
);--> statement-breakpoint
-- A top-level post counts its whole thread.
UPDATE "posts" SET "comment_count" = (
  SELECT count(*) FROM "posts" r WHERE r."root_id" = "posts"."id" AND r."hidden_at" IS NULL
) WHERE "parent_id" IS NULL AND "game_id" IS NULL AND "project_id" IS NULL
  AND "id" IN (SELECT "root_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "root_id" IS NOT NULL);--> statement-breakpoint
-- A comment counts its direct replies.
UPDATE "posts" SET "comment_count" = (
  SELECT count(*) FROM "posts" r WHERE r."parent_id" = "posts"."id" AND r."hidden_at" IS NULL
) WHERE ("parent_id" IS NOT NULL OR "game_id" IS NOT NULL OR "project_id" IS NOT NULL)
  AND "id" IN (SELECT "parent_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "parent_id" IS NOT NULL);--> statement-breakpoint
-- A game or project counts all its comments.
UPDATE "games" SET "comment_count" = (
  SELECT count(*) FROM "posts" p WHERE p."game_id" = "games"."id" AND p."hidden_at" IS NULL
) WHERE "id" IN (SELECT "game_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "game_id" IS NOT NULL);--> statement-breakpoint
UPDATE "projects" SET "comment_count" = (
  SELECT count(*) FROM "posts" p WHERE p."project_id" = "projects"."id" AND p."hidden_at" IS NULL
) WHERE "id" IN (SELECT "project_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "project_id" IS NOT NULL);
