ALTER TABLE "notifications" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
-- A moderators' notice names no moderator.
UPDATE "notifications" SET "actor_id" = NULL WHERE "type" = 'moderation';