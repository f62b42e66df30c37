CREATE TABLE "actor_keys" (
	"user_id" uuid NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actor_keys_user_id_algorithm_pk" PRIMARY KEY("user_id","algorithm")
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_articles" (
	"object_id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text,
	"content" text DEFAULT '' NOT NULL,
	"last_activity" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_followers" (
	"user_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_followers_user_id_actor_id_pk" PRIMARY KEY("user_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "remote_following" (
	"user_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	"follow_id" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_following_user_id_actor_id_pk" PRIMARY KEY("user_id","actor_id"),
	CONSTRAINT "remote_following_follow_id_unique" UNIQUE("follow_id")
);
--> statement-breakpoint
ALTER TABLE "actor_keys" ADD CONSTRAINT "actor_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_followers" ADD CONSTRAINT "remote_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_following" ADD CONSTRAINT "remote_following_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "remote_followers_actor_idx" ON "remote_followers" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "remote_following_actor_idx" ON "remote_following" USING btree ("actor_id");