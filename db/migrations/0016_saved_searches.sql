CREATE TABLE `listing_alert_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_after` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimed_by` text,
	`lease_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_alert_jobs_queue_idx` ON `listing_alert_jobs` (`status`,`run_after`);--> statement-breakpoint
CREATE TABLE `saved_search_hits` (
	`saved_search_id` text NOT NULL,
	`post_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`notified_at` integer,
	`mailed_at` integer,
	PRIMARY KEY(`saved_search_id`, `post_id`),
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_search_hits_post_idx` ON `saved_search_hits` (`post_id`);--> statement-breakpoint
CREATE INDEX `saved_search_hits_pending_idx` ON `saved_search_hits` (`saved_search_id`) WHERE mailed_at is null;--> statement-breakpoint
CREATE TABLE `saved_search_terms` (
	`campus_id` text NOT NULL,
	`term` text NOT NULL,
	`saved_search_id` text NOT NULL,
	`term_count` integer NOT NULL,
	PRIMARY KEY(`saved_search_id`, `term`),
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_search_terms_match_idx` ON `saved_search_terms` (`campus_id`,`term`,`saved_search_id`,`term_count`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`campus_id` text NOT NULL,
	`query` text DEFAULT '' NOT NULL,
	`term_count` integer NOT NULL,
	`category` text,
	`min_cents` integer,
	`max_cents` integer,
	`free_only` integer DEFAULT false NOT NULL,
	`condition` text,
	`notify` text DEFAULT 'instant' NOT NULL,
	`key` text NOT NULL,
	`wanted_post_id` text,
	`last_emailed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campus_id`) REFERENCES `campuses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`wanted_post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_key_idx` ON `saved_searches` (`user_id`,`campus_id`,`key`);--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `saved_searches_filters_idx` ON `saved_searches` (`campus_id`,`category`) WHERE term_count = 0;