CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`counter_cents` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `offers_post_idx` ON `offers` (`post_id`,`status`);--> statement-breakpoint
CREATE INDEX `offers_chat_idx` ON `offers` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_idx` ON `offers` (`post_id`,`buyer_id`) WHERE status in ('open', 'countered');--> statement-breakpoint
ALTER TABLE `messages` ADD `offer_id` text;