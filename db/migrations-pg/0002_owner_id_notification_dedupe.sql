CREATE TABLE "notification_emails" (
	"actor_id" text NOT NULL,
	"item" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "notification_emails_actor_id_item_kind_pk" PRIMARY KEY("actor_id","item","kind")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_idx" ON "notifications" USING btree ("actor_id","once_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner" ON "users" USING btree ("is_owner") WHERE is_owner = true;