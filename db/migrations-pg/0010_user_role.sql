ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = CASE WHEN "is_owner" THEN 'owner' WHEN "is_moderator" THEN 'moderator' ELSE 'member' END;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_role" ON "users" USING btree ("role") WHERE role = 'owner';
