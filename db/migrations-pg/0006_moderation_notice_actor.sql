ALTER TABLE "notifications" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
-- A moderators' notice names no moderator.
UPDATE "notifications" SET "actor_id" = NULL WHERE "type" = 'moderation';--> statement-breakpoint
-- The counters others see leave out what reports hide: take out what was hidden before they did.
UPDATE "users" SET "total_posts" = (
  SELECT count(*) FROM "posts" p
  WHERE p."author_id" = "users"."id" AND p."parent_id" IS NULL AND p."game_id" IS NULL AND p."project_id" IS NULL AND p."deleted_at" IS NULL AND p."hidden_at" IS NULL
) WHERE "id" IN (
  SELECT "author_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "deleted_at" IS NULL AND "parent_id" IS NULL AND "game_id" IS NULL AND "project_id" IS NULL
);--> statement-breakpoint
WITH RECURSIVE "above"("id") AS (
  SELECT "parent_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "parent_id" IS NOT NULL
  UNION ALL
  SELECT p."parent_id" FROM "posts" p JOIN "above" a ON p."id" = a."id" WHERE p."parent_id" IS NOT NULL
)
UPDATE "posts" SET "comment_count" = CASE
  WHEN "comment_count" - (SELECT count(*) FROM "above" a WHERE a."id" = "posts"."id") > 0
  THEN "comment_count" - (SELECT count(*) FROM "above" a WHERE a."id" = "posts"."id")
  ELSE 0 END
WHERE "id" IN (SELECT "id" FROM "above");--> statement-breakpoint
UPDATE "games" SET "comment_count" = CASE
  WHEN "comment_count" - (SELECT count(*) FROM "posts" p WHERE p."game_id" = "games"."id" AND p."hidden_at" IS NOT NULL) > 0
  THEN "comment_count" - (SELECT count(*) FROM "posts" p WHERE p."game_id" = "games"."id" AND p."hidden_at" IS NOT NULL)
  ELSE 0 END
WHERE "id" IN (SELECT "game_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "game_id" IS NOT NULL);--> statement-breakpoint
UPDATE "projects" SET "comment_count" = CASE
  WHEN "comment_count" - (SELECT count(*) FROM "posts" p WHERE p."project_id" = "projects"."id" AND p."hidden_at" IS NOT NULL) > 0
  THEN "comment_count" - (SELECT count(*) FROM "posts" p WHERE p."project_id" = "projects"."id" AND p."hidden_at" IS NOT NULL)
  ELSE 0 END
WHERE "id" IN (SELECT "project_id" FROM "posts" WHERE "hidden_at" IS NOT NULL AND "project_id" IS NOT NULL);
