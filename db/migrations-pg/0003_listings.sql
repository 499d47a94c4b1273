ALTER TABLE "posts" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_terms" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pickup_spot" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "renewed_at" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "renewal_reminded_at" bigint;--> statement-breakpoint
CREATE INDEX "posts_price_idx" ON "posts" USING btree ("campus_id","price_cents","id") WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null;--> statement-breakpoint
CREATE INDEX "posts_listing_activity_idx" ON "posts" USING btree ("last_activity_at") WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null;