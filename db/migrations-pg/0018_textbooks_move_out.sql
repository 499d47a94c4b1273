CREATE TABLE "move_out_weeks" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "course_codes" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edition" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "must_go_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "original_price_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_floor_cents" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_schedule_from" bigint;--> statement-breakpoint
ALTER TABLE "move_out_weeks" ADD CONSTRAINT "move_out_weeks_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "move_out_weeks_campus_idx" ON "move_out_weeks" USING btree ("campus_id","ends_on");--> statement-breakpoint
CREATE INDEX "posts_must_go_idx" ON "posts" USING btree ("campus_id","must_go_by","id") WHERE parent_id is null and game_id is null and project_id is null and deleted_at is null and must_go_by is not null;--> statement-breakpoint
CREATE INDEX "posts_price_schedule_idx" ON "posts" USING btree ("price_schedule_from") WHERE price_schedule_from is not null and deleted_at is null;
--> statement-breakpoint
-- Search stems English words ("desks" finds "desk"): the 'english'
-- configuration for posts (people keep 'simple': names are not English words),
-- and a listing's codes join its document (ISBN-13, course codes with and
-- without the space, so "math 2924", "Math-2924" and "math2924" all find
-- them), so the function takes them and every row is rebuilt.
CREATE FUNCTION post_search_document(body jsonb, category text, isbn text, course_codes text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT to_tsvector('english', search_fold(coalesce(
        CASE jsonb_typeof(body)
          WHEN 'array' THEN (
            SELECT string_agg(CASE jsonb_typeof(b) WHEN 'object' THEN b ->> 'text' WHEN 'string' THEN b #>> '{}' END, E'\n')
              FROM jsonb_array_elements(body) AS b)
          WHEN 'string' THEN body #>> '{}'
        END, '')))
      || to_tsvector('english', search_fold(coalesce(category, '')))
      || to_tsvector('simple', coalesce(isbn, '') || ' ' || replace(coalesce(course_codes, ''), ',', ' ') || ' ' || replace(replace(coalesce(course_codes, ''), ' ', ''), ',', ' '))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NULL AND NEW.game_id IS NULL AND NEW.project_id IS NULL AND NEW.deleted_at IS NULL THEN
    INSERT INTO post_search (post_id, campus_id, document)
      VALUES (NEW.id, NEW.campus_id, post_search_document(NEW.text, NEW.category, NEW.isbn, NEW.course_codes))
      ON CONFLICT (post_id) DO UPDATE SET campus_id = excluded.campus_id, document = excluded.document;
  ELSE
    DELETE FROM post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER posts_search_sync ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_search_sync
  AFTER INSERT OR UPDATE OF text, category, isbn, course_codes, campus_id, deleted_at, parent_id, game_id, project_id ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_search_sync();
--> statement-breakpoint
DROP FUNCTION post_search_document(jsonb, text);
--> statement-breakpoint
UPDATE post_search s SET document = post_search_document(p.text, p.category, p.isbn, p.course_codes) FROM posts p WHERE p.id = s.post_id;
