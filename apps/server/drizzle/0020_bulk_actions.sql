CREATE TABLE "bulk_action_members" (
	"bulk_action_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "bulk_action_members_bulk_action_id_user_id_pk" PRIMARY KEY("bulk_action_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"filter" jsonb NOT NULL,
	"actor_id" uuid,
	"actor_username" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_actions_done_within" CHECK ("bulk_actions"."done" between 0 and "bulk_actions"."total")
);
--> statement-breakpoint
ALTER TABLE "bulk_action_members" ADD CONSTRAINT "bulk_action_members_bulk_action_id_bulk_actions_id_fk" FOREIGN KEY ("bulk_action_id") REFERENCES "public"."bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_actions_created_idx" ON "bulk_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_writer_idx" ON "comments" USING btree ("commented_by");