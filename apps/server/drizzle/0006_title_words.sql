CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "blogs_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of the titles already there (the server splits new titles itself: blogs/title-words.ts).
INSERT INTO "title_words" ("word")
SELECT DISTINCT word FROM "blogs", regexp_split_to_table(lower("title"), '[^[:alnum:]]+') AS word WHERE word <> '';
