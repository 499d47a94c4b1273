CREATE TABLE "listing_alert_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"claimed_by" text,
	"lease_until" bigint,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"saved_search_id" text NOT NULL,
	"post_id" text NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"notified_at" bigint,
	"mailed_at" bigint,
	CONSTRAINT "saved_search_hits_saved_search_id_post_id_pk" PRIMARY KEY("saved_search_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_terms" (
	"campus_id" text NOT NULL,
	"term" text NOT NULL,
	"saved_search_id" text NOT NULL,
	"term_count" integer NOT NULL,
	CONSTRAINT "saved_search_terms_saved_search_id_term_pk" PRIMARY KEY("saved_search_id","term")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"campus_id" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"term_count" integer NOT NULL,
	"category" text,
	"min_cents" integer,
	"max_cents" integer,
	"free_only" boolean DEFAULT false NOT NULL,
	"condition" text,
	"notify" text DEFAULT 'instant' NOT NULL,
	"key" text NOT NULL,
	"wanted_post_id" text,
	"last_emailed_at" bigint,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_alert_jobs" ADD CONSTRAINT "listing_alert_jobs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_terms" ADD CONSTRAINT "saved_search_terms_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_wanted_post_id_posts_id_fk" FOREIGN KEY ("wanted_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_alert_jobs_queue_idx" ON "listing_alert_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "saved_search_hits_post_idx" ON "saved_search_hits" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "saved_search_hits_pending_idx" ON "saved_search_hits" USING btree ("saved_search_id") WHERE mailed_at is null;--> statement-breakpoint
CREATE INDEX "saved_search_terms_match_idx" ON "saved_search_terms" USING btree ("campus_id","term","saved_search_id","term_count");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_key_idx" ON "saved_searches" USING btree ("user_id","campus_id","key");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_filters_idx" ON "saved_searches" USING btree ("campus_id","category") WHERE term_count = 0;