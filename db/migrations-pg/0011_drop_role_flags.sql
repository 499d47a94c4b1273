DROP INDEX "users_one_owner";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_owner";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_moderator";