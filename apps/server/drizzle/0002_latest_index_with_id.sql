DROP INDEX "blogs_latest_idx";--> statement-breakpoint
CREATE INDEX "blogs_latest_idx" ON "blogs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE draft = false;