ALTER TABLE "comments" DROP CONSTRAINT "comments_commented_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "commented_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_commented_by_users_id_fk" FOREIGN KEY ("commented_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;