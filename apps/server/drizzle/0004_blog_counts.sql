CREATE TABLE "blog_counts" (
	"scope" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counts of the blogs already there (readers see a blog once it is no draft: blogs/visibility.ts).
INSERT INTO "blog_counts" ("scope", "total")
SELECT 'all', count(*)::int FROM "blogs" WHERE "draft" = false;
--> statement-breakpoint
INSERT INTO "blog_counts" ("scope", "total")
SELECT 'tag:' || tag, count(*)::int FROM "blogs", unnest("tags") AS tag WHERE "draft" = false GROUP BY tag;
