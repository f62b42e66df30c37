CREATE TABLE "proof_of_work_key" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_of_work_key_one_row" CHECK ("proof_of_work_key"."id")
);
