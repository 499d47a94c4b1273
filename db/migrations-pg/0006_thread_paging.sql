DROP INDEX "posts_parent_idx";--> statement-breakpoint
DROP INDEX "posts_game_idx";--> statement-breakpoint
DROP INDEX "posts_project_idx";--> statement-breakpoint
CREATE INDEX "posts_parent_idx" ON "posts" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_game_idx" ON "posts" USING btree ("game_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_project_idx" ON "posts" USING btree ("project_id","created_at","id");--> statement-breakpoint
-- A comment now counts its direct replies (a top-level post still counts its whole thread).
UPDATE posts SET comment_count = (SELECT count(*) FROM posts r WHERE r.parent_id = posts.id) WHERE parent_id IS NOT NULL OR game_id IS NOT NULL OR project_id IS NOT NULL;
