CREATE TABLE `blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
DROP INDEX `chat_members_user_idx`;--> statement-breakpoint
ALTER TABLE `chat_members` ADD `last_activity_at` integer;--> statement-breakpoint
CREATE INDEX `chat_members_inbox_idx` ON `chat_members` (`user_id`,`last_activity_at`,`chat_id`);--> statement-breakpoint
CREATE INDEX `chat_members_unread_idx` ON `chat_members` (`user_id`) WHERE last_activity_at > coalesce(last_read_at, 0);--> statement-breakpoint
ALTER TABLE `chats` ADD `post_id` text REFERENCES posts(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `chats` ADD `starter_id` text REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `chats` ADD `seller_id` text REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `chats` ADD `last_message_id` text;--> statement-breakpoint
ALTER TABLE `chats` ADD `last_message_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_post_starter_idx` ON `chats` (`post_id`,`starter_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `chat_id` text REFERENCES chats(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `reports` ADD `chat_id` text REFERENCES chats(id) ON DELETE set null;