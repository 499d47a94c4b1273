ALTER TABLE `posts` ADD `price_cents` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `is_free` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `price_terms` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `condition` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `pickup_spot` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `status` text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `renewed_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `renewal_reminded_at` integer;--> statement-breakpoint
CREATE INDEX `posts_price_idx` ON `posts` (`campus_id`,`price_cents`,`id`) WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null;--> statement-breakpoint
CREATE INDEX `posts_listing_activity_idx` ON `posts` (`last_activity_at`) WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null;