CREATE TABLE "blog_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blog_id" uuid NOT NULL,
	"saved_by" uuid NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"draft" boolean NOT NULL,
	"title" text NOT NULL,
	"banner" text NOT NULL,
	"des" text NOT NULL,
	"tags" text[] NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_revisions" ADD CONSTRAINT "blog_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_revisions_blog_idx" ON "blog_revisions" USING btree ("blog_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
-- A save's updated_at is kept to the millisecond, as a client's copy of it is (create-blog's updatedAt check compares them).
UPDATE "blogs" SET "updated_at" = date_trunc('milliseconds', "updated_at") WHERE "updated_at" <> date_trunc('milliseconds', "updated_at");
--> statement-breakpoint
-- Every blog's current state is its first revision.
INSERT INTO "blog_revisions" ("blog_id", "saved_by", "saved_at", "draft", "title", "banner", "des", "tags", "content")
SELECT "id", "author_id", "updated_at", "draft", "title", "banner", "des", "tags", "content" FROM "blogs";
