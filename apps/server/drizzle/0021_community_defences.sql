CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_email_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trust" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
-- Accounts made before verification existed count as verified: the setting asks it of new accounts.
UPDATE "users" SET "email_verified_at" = "joined_at";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "awaiting_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A generated column's expression cannot change in place before PostgreSQL 17: listed (and its index) are made again.
ALTER TABLE "blogs" DROP CONSTRAINT "blogs_published_dated";--> statement-breakpoint
DROP INDEX "blogs_latest_idx";--> statement-breakpoint
ALTER TABLE "blogs" drop column "listed";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (not draft and not awaiting_review and hidden_reason is null and author_standing = 'active') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "blogs_latest_idx" ON "blogs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE listed;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "email_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "proof_of_work" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "review_new_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "trusted_after" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "spam_wave" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blocked_email_domains_created_idx" ON "blocked_email_domains" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "blogs_review_idx" ON "blogs" USING btree ("updated_at","id") WHERE awaiting_review;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_trust_check" CHECK ("users"."trust" in ('auto', 'trusted', 'untrusted'));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_review_published" CHECK (not (awaiting_review and draft));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_trusted_after_check" CHECK ("site_settings"."trusted_after" between 1 and 100);--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_published_dated" CHECK (draft or awaiting_review or published_at is not null);--> statement-breakpoint
-- listed was made again: its statistics with it, before the first list is planned on them.
ANALYZE "blogs";
