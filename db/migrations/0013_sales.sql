CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`chat_id` text,
	`price_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sales_post_idx` ON `sales` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sales_seller_idx` ON `sales` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sales_buyer_idx` ON `sales` (`buyer_id`,`created_at`);