ALTER TABLE "blogs" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The words of the blogs already there, by blogs/content-html.ts's contentWordCount written in SQL
-- for the blocks that existed before this migration: inline HTML loses its tags, a no-break space
-- parts words and any other entity is one character; a link card's title and description are plain
-- text. content-html.test.ts runs this statement and compares it with contentWordCount.
UPDATE "blogs" SET "word_count" = (
  SELECT count(*)::int
  FROM jsonb_array_elements("content" -> 'blocks') AS block,
    LATERAL (
      SELECT block -> 'data' ->> 'text' AS html WHERE block ->> 'type' IN ('paragraph', 'header', 'quote')
      UNION ALL SELECT block -> 'data' ->> 'caption' WHERE block ->> 'type' IN ('quote', 'image', 'embed')
      UNION ALL SELECT item #>> '{}' FROM jsonb_path_query(block -> 'data' -> 'items', 'strict $[*] ? (@.type() == "string")') AS item
        WHERE block ->> 'type' = 'list'
      UNION ALL SELECT item #>> '{}' FROM jsonb_path_query(block -> 'data' -> 'items', 'strict $.** ? (@.type() == "object" && exists(@.content)).content') AS item
        WHERE block ->> 'type' = 'list'
    ) AS inline_html,
    regexp_split_to_table(
      regexp_replace(regexp_replace(regexp_replace(coalesce(inline_html.html, ''), '<[^>]*>', '', 'g'), '&(nbsp|#160|#xa0);', ' ', 'gi'), '&[#a-z0-9]+;', 'x', 'gi'),
      '[\s\u00a0]+'
    ) AS word
  WHERE word <> ''
) + (
  SELECT count(*)::int
  FROM jsonb_array_elements("content" -> 'blocks') AS block,
    LATERAL (VALUES (block -> 'data' -> 'meta' ->> 'title'), (block -> 'data' -> 'meta' ->> 'description')) AS plain (text),
    regexp_split_to_table(coalesce(plain.text, ''), '[\s\u00a0]+') AS word
  WHERE block ->> 'type' = 'link' AND word <> ''
);
