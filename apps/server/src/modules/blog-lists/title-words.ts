import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { titleWords } from '../../db/schema/index.ts';

/*
 * The words of every title (the title_words table), for forgiving typos: a search whose words find
 * too little also looks for the words of titles like each of its words (pg_trgm similarity, through
 * the trigram index on a few thousand words rather than on every title), as full text.
 */

/** A word of a title like a typed word: at least this trigram similarity ('progamming' and 'programming' are 0.64). */
export const TYPO_SIMILARITY = 0.5;
/** The most title words a typed word stands for, the likest first. */
export const TYPO_ALTERNATIVES = 5;

/** Lower-case runs of letters and digits, each once: nothing a text-search query would read as an operator. */
export const wordsOf = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  ),
];

/**
 * A blog event's handler, in the transaction of every save: adds the title's words; sorted, so
 * writers adding the same new words never deadlock.
 */
export async function addTitleWords(tx: Executor, { title }: { title: string }) {
  const words = wordsOf(title).sort();
  if (words.length > 0)
    await tx
      .insert(titleWords)
      .values(words.map((word) => ({ word })))
      .onConflictDoNothing();
}

/**
 * A to_tsquery text that forgives typos: each word of the query or any of the title words like it,
 * every such word required ('(progamming | programming) & (poets | poets)'). A word no title has
 * nor any like it stays as it is, required too (it may be in a description): a query with a word
 * found nowhere finds nothing, rather than whatever one of its other words resembles.
 */
export async function typoQueryText(db: Executor, query: string): Promise<string | null> {
  const words = wordsOf(query);
  if (words.length === 0) return null;
  const rows = await queryRows<{ text: string | null }>(
    db,
    sql`select string_agg('(' || alternatives || ')', ' & ' order by n) as text from (
      select q.n, q.word || coalesce(' | ' || string_agg(alike.word, ' | '), '') as alternatives
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as q (word, n)
      left join lateral (
        select ${titleWords.word} from ${titleWords}
        where ${titleWords.word} % q.word and similarity(${titleWords.word}, q.word) >= ${TYPO_SIMILARITY}
        order by similarity(${titleWords.word}, q.word) desc, ${titleWords.word} limit ${TYPO_ALTERNATIVES}
      ) alike on true
      group by q.n, q.word) typed`,
  );
  return rows[0]?.text ?? null;
}

/**
 * Adds the words of every title, split in SQL (as the migration that made the table did; for
 * ASCII titles the same words as wordsOf): for blogs written around the app, as the scale benchmark seeds them.
 */
export async function addEveryTitleWord(db: Executor) {
  await db.execute(sql`insert into ${titleWords} (word)
    select distinct word from blogs, regexp_split_to_table(lower(title), '[^[:alnum:]]+') as word where word <> ''
    on conflict do nothing`);
}
