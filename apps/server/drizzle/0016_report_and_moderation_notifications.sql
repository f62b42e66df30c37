ALTER TABLE "notifications" ALTER COLUMN "blog_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "moderation_log_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_moderation_log_id_moderation_log_id_fk" FOREIGN KEY ("moderation_log_id") REFERENCES "public"."moderation_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_about" CHECK (case "notifications"."type" when 'report' then "notifications"."report_id" is not null when 'moderation' then "notifications"."moderation_log_id" is not null else "notifications"."blog_id" is not null end);