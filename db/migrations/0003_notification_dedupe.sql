CREATE TABLE `notification_emails` (
	`actor_id` text NOT NULL,
	`item` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`actor_id`, `item`, `kind`),
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `once_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`actor_id`,`once_key`);