CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"reviewee_id" text NOT NULL,
	"role" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text,
	"answer" text,
	"answered_at" bigint,
	"visible_at" bigint NOT NULL,
	"removed_at" bigint,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	"updated_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "first_message_at" bigint;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "first_reply_at" bigint;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_users_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_side" ON "reviews" USING btree ("sale_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_rating_idx" ON "reviews" USING btree ("reviewee_id","visible_at","removed_at","rating");--> statement-breakpoint
CREATE INDEX "chats_seller_first_message_idx" ON "chats" USING btree ("seller_id","first_message_at");