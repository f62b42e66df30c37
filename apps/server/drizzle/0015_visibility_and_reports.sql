CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"blog_id" uuid,
	"comment_id" uuid,
	"user_id" uuid,
	"reason" text NOT NULL,
	"words" text DEFAULT '' NOT NULL,
	"snapshot" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	CONSTRAINT "reports_one_target" CHECK (num_nonnulls("reports"."blog_id", "reports"."comment_id", "reports"."user_id") = 1)
);
--> statement-breakpoint
DROP INDEX "blogs_latest_idx";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "author_standing" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (not draft and hidden_reason is null and author_standing = 'active') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_idx" ON "reports" USING btree ("reporter_id",coalesce("blog_id", "comment_id", "user_id")) WHERE "reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree (coalesce("blog_id", "comment_id", "user_id")) WHERE "reports"."resolved_at" is null;--> statement-breakpoint
-- Blogs take their authors' standing before the key that keeps it (members silenced or suspended before this migration).
UPDATE "blogs" SET "author_standing" = "users"."standing" FROM "users" WHERE "users"."id" = "blogs"."author_id" AND "users"."standing" <> 'active';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_standing_key" UNIQUE("id","standing");--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_author_standing_users_id_standing_fk" FOREIGN KEY ("author_id","author_standing") REFERENCES "public"."users"("id","standing") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "blogs_latest_idx" ON "blogs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
-- Such members' blogs leave the counts (blogs/blog-counts.ts): counted anew, only on a site that has one.
UPDATE "users" SET "total_posts" = 0 WHERE "standing" <> 'active';--> statement-breakpoint
DELETE FROM "blog_counts" WHERE EXISTS (SELECT 1 FROM "users" WHERE "standing" <> 'active');--> statement-breakpoint
INSERT INTO "blog_counts" ("scope", "total")
  SELECT 'all', count(*)::int FROM "blogs" WHERE "listed" HAVING EXISTS (SELECT 1 FROM "users" WHERE "standing" <> 'active')
  UNION ALL SELECT 'tag:' || tag, count(*)::int FROM "blogs", unnest("tags") AS tag WHERE "listed" AND EXISTS (SELECT 1 FROM "users" WHERE "standing" <> 'active') GROUP BY tag;--> statement-breakpoint
DELETE FROM "blog_day_counts" WHERE EXISTS (SELECT 1 FROM "users" WHERE "standing" <> 'active');--> statement-breakpoint
INSERT INTO "blog_day_counts" ("day", "total")
  SELECT ("published_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "blogs" WHERE "listed" AND EXISTS (SELECT 1 FROM "users" WHERE "standing" <> 'active') GROUP BY 1;
