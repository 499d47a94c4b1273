CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" bigint DEFAULT ((extract(epoch from clock_timestamp()) * 1000)::bigint) NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
DROP INDEX "chat_members_user_idx";--> statement-breakpoint
ALTER TABLE "chat_members" ADD COLUMN "last_activity_at" bigint;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "starter_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_at" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "chat_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "chat_id" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_starter_id_users_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_members_inbox_idx" ON "chat_members" USING btree ("user_id","last_activity_at","chat_id");--> statement-breakpoint
CREATE INDEX "chat_members_unread_idx" ON "chat_members" USING btree ("user_id") WHERE last_activity_at > coalesce(last_read_at, 0);--> statement-breakpoint
CREATE UNIQUE INDEX "chats_post_starter_idx" ON "chats" USING btree ("post_id","starter_id");