ALTER TABLE "blogs" ADD COLUMN "code_html" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "render_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "blogs_render_version_idx" ON "blogs" USING btree ("render_version");