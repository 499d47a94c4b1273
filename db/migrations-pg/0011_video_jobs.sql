CREATE TABLE "video_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"claimed_by" text,
	"lease_until" bigint,
	"last_error" text,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
DROP INDEX "users_one_owner";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "poster_path" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "poster_variants" jsonb;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD CONSTRAINT "video_jobs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_jobs_media_idx" ON "video_jobs" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "video_jobs_queue_idx" ON "video_jobs" USING btree ("status","run_after");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_owner";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_moderator";