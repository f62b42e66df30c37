CREATE TABLE "blog_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A blog readers see had its date set when it was published; one that somehow lacks it takes its creation's.
UPDATE "blogs" SET "published_at" = "created_at" WHERE "draft" = false AND "published_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_published_dated" CHECK (draft or published_at is not null);
--> statement-breakpoint
-- The blogs already published, per UTC day of publication (blogs/blog-counts.ts).
INSERT INTO "blog_day_counts" ("day", "total")
SELECT ("published_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "blogs" WHERE "draft" = false GROUP BY 1;
