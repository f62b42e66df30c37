CREATE TABLE "blog_daily_reads" (
	"blog_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reads" integer NOT NULL,
	CONSTRAINT "blog_daily_reads_blog_id_day_pk" PRIMARY KEY("blog_id","day")
);
--> statement-breakpoint
CREATE TABLE "blog_referrers" (
	"blog_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"reads" integer NOT NULL,
	CONSTRAINT "blog_referrers_blog_id_day_source_pk" PRIMARY KEY("blog_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_identity" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"logo" text,
	"icon" text,
	"accent_color" text,
	"topics" text[] NOT NULL,
	"navigation" jsonb NOT NULL,
	"footer" text NOT NULL,
	"share_image" text,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_identity_one_row" CHECK ("site_identity"."id")
);
--> statement-breakpoint
ALTER TABLE "blog_daily_reads" ADD CONSTRAINT "blog_daily_reads_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_referrers" ADD CONSTRAINT "blog_referrers_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_daily_reads_day_idx" ON "blog_daily_reads" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_joined_idx" ON "users" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at");--> statement-breakpoint
-- Every read counted so far has its day in blog_reads: the daily buckets start complete.
INSERT INTO "blog_daily_reads" ("blog_id", "day", "reads") SELECT "blog_id", "day", count(*)::int FROM "blog_reads" GROUP BY "blog_id", "day";--> statement-breakpoint
-- Past days' visitors were unsalted hashes of addresses, kept only to count a visitor once a day: their days are over.
DELETE FROM "blog_reads" WHERE "day" < (now() AT TIME ZONE 'UTC')::date;
