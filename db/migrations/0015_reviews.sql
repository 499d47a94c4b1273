CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewee_id` text NOT NULL,
	`role` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text,
	`answer` text,
	`answered_at` integer,
	`visible_at` integer NOT NULL,
	`removed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_one_per_side` ON `reviews` (`sale_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `reviews_reviewee_idx` ON `reviews` (`reviewee_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_rating_idx` ON `reviews` (`reviewee_id`,`visible_at`,`removed_at`,`rating`);--> statement-breakpoint
ALTER TABLE `chats` ADD `first_message_at` integer;--> statement-breakpoint
ALTER TABLE `chats` ADD `first_reply_at` integer;--> statement-breakpoint
CREATE INDEX `chats_seller_first_message_idx` ON `chats` (`seller_id`,`first_message_at`);