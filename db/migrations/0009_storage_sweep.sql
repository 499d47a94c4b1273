CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text,
	`lease_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_path_idx` ON `media` (`path`);--> statement-breakpoint
CREATE INDEX `users_img_idx` ON `users` (`img`);