CREATE TABLE "cache_clock" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_clock_one" CHECK ("cache_clock"."one")
);
--> statement-breakpoint
CREATE TABLE "cache_invalidations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tags" text[] NOT NULL,
	"counts" boolean DEFAULT false NOT NULL,
	"lsn" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cache_invalidations_at_idx" ON "cache_invalidations" USING btree ("at");--> statement-breakpoint
DROP SEQUENCE "public"."cache_generation";--> statement-breakpoint
INSERT INTO "cache_clock" DEFAULT VALUES;