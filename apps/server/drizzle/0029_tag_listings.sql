CREATE TABLE "tag_listings" (
	"tag" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"blog_id" uuid NOT NULL,
	CONSTRAINT "tag_listings_tag_published_at_blog_id_pk" PRIMARY KEY("tag","published_at","blog_id")
);
--> statement-breakpoint
ALTER TABLE "tag_listings" ADD CONSTRAINT "tag_listings_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_listings_blog_idx" ON "tag_listings" USING btree ("blog_id");--> statement-breakpoint
-- The blogs listed today, under each of their tags (a tag twice in one blog counts once).
INSERT INTO "tag_listings" ("tag", "published_at", "blog_id")
  SELECT DISTINCT tag, "published_at", "id" FROM "blogs", unnest("tags") AS tag WHERE "listed";