CREATE TABLE "blog_redirects" (
	"path" text PRIMARY KEY NOT NULL,
	"blog_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"import_id" uuid NOT NULL,
	"path" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_files_import_id_path_pk" PRIMARY KEY("import_id","path")
);
--> statement-breakpoint
CREATE TABLE "import_posts" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"post" jsonb NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "import_posts_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
CREATE TABLE "import_report_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_report_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"post" text,
	"problem" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imported_posts" (
	"author_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"blog_id" uuid NOT NULL,
	CONSTRAINT "imported_posts_author_id_source_key_pk" PRIMARY KEY("author_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"authors" jsonb NOT NULL,
	"posts_total" integer NOT NULL,
	"posts_done" integer DEFAULT 0 NOT NULL,
	"posts_imported" integer DEFAULT 0 NOT NULL,
	"posts_skipped" integer DEFAULT 0 NOT NULL,
	"images_fetched" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_scope_check" CHECK ("imports"."scope" in ('own', 'site')),
	CONSTRAINT "imports_state_check" CHECK ("imports"."state" in ('running', 'done')),
	CONSTRAINT "imports_done_within" CHECK ("imports"."posts_done" between 0 and "imports"."posts_total")
);
--> statement-breakpoint
ALTER TABLE "blog_redirects" ADD CONSTRAINT "blog_redirects_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_posts" ADD CONSTRAINT "import_posts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_report_lines" ADD CONSTRAINT "import_report_lines_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_posts" ADD CONSTRAINT "imported_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_posts" ADD CONSTRAINT "imported_posts_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_redirects_blog_idx" ON "blog_redirects" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "import_report_lines_import_idx" ON "import_report_lines" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "imported_posts_blog_idx" ON "imported_posts" USING btree ("blog_id");--> statement-breakpoint
CREATE INDEX "imports_user_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS LAST);