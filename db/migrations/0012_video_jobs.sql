CREATE TABLE `video_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`media_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimed_by` text,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_jobs_media_idx` ON `video_jobs` (`media_id`);--> statement-breakpoint
CREATE INDEX `video_jobs_queue_idx` ON `video_jobs` (`status`,`run_after`);--> statement-breakpoint
DROP INDEX `users_one_owner`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `is_owner`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `is_moderator`;--> statement-breakpoint
ALTER TABLE `media` ADD `status` text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `poster_path` text;--> statement-breakpoint
ALTER TABLE `media` ADD `poster_variants` text;