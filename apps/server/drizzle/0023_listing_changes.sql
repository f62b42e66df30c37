CREATE TABLE "listing_changes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_changes_one_row" CHECK ("listing_changes"."id")
);
--> statement-breakpoint
-- Now: later than any Last-Modified a feed or sitemap sent before (the newest blog's edit).
INSERT INTO "listing_changes" DEFAULT VALUES;
