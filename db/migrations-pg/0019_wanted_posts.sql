ALTER TABLE "posts" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "wanted_budget_cents" integer;--> statement-breakpoint
CREATE INDEX "posts_wanted_idx" ON "posts" USING btree ("campus_id","last_activity_at","id") WHERE kind = 'wanted' and parent_id is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "saved_searches_wanted_idx" ON "saved_searches" USING btree ("wanted_post_id") WHERE wanted_post_id is not null;