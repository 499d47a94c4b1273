ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
UPDATE `users` SET `role` = CASE WHEN `is_owner` = 1 THEN 'owner' WHEN `is_moderator` = 1 THEN 'moderator' ELSE 'member' END;--> statement-breakpoint
CREATE UNIQUE INDEX `users_one_owner_role` ON `users` (`role`) WHERE role = 'owner';
