CREATE TABLE "moderation_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"moderator_id" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"author_id" text,
	"action" text NOT NULL,
	"detail" text,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "note" text;--> statement-breakpoint
-- Reports so far were of profiles or (with chat_id) conversations; their free text becomes the note.
UPDATE "reports" SET "target_type" = CASE WHEN "chat_id" IS NULL THEN 'user' ELSE 'chat' END, "target_id" = coalesce("chat_id", "reported_user_id"), "note" = "reason", "reason" = 'other';--> statement-breakpoint
DELETE FROM "reports" r USING "reports" o WHERE r."reporter_id" = o."reporter_id" AND r."target_type" = o."target_type" AND r."target_id" = o."target_id" AND (r."created_at", r."id") > (o."created_at", o."id");--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "target_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reason" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_at" bigint;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_per_reporter" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id","status");