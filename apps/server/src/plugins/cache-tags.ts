import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The names of what an anonymous answer shows. A cached answer carries the tags of everything it
 * shows; a write names the tags of what it changed, and only the answers carrying one of them go,
 * here, on every instance and in a shared cache in front (they are its `Surrogate-Key`s).
 *
 * Tags are made of `[a-z0-9-]` only, so a shared cache can match them in a pattern as they are.
 */
export const Tags = {
  /** Everything: every answer carries it (the site's identity is on every page). */
  site: 'site',
  /** Which blogs are published, and in what order by date: every list, count, feed and sitemap, and an unknown blog's 404. */
  listings: 'listings',
  /** Which members there are, by name: member search, the authors' list, and an unknown profile's 404. */
  members: 'members',
  /** The trending list's order, which likes, comments and reads move. */
  trending: 'trending',
  /** One blog: its text and counts, wherever it is shown, whole or as a card. */
  blog: (id: string) => `blog-${id}`,
  /** One member: name, picture, bio and counts, on their profile and beside everything they wrote. */
  member: (id: string) => `member-${id}`,
  /** The comments and replies of one blog. */
  comments: (blogId: string) => `comments-${blogId}`,
  /**
   * A blog or member shown in brief on pages about something else: a blog's card in a list or
   * beside another blog, an author's or commenter's name and picture. What changes the blog or
   * member changes its cards at once (read-cache.ts), but counts reach cards only every
   * CARD_COUNTS_LAG_SECONDS: a page shows a handful of other blogs' cards, and counts moving on any
   * of them would otherwise have it rendered anew at every lag (docs/performance.md).
   */
  card: (tag: string) => `card-${tag}`,
} as const;

/** What every blog's and every member's tag starts with: they have cards. */
const WITH_CARDS = [Tags.blog(''), Tags.member('')];

/** The cards of the blogs and members among `tags`. */
export const cardsOf = (tags: Iterable<string>) =>
  [...tags].filter((tag) => WITH_CARDS.some((start) => tag.startsWith(start))).map(Tags.card);

/** What the request (or job) at hand has said it shows (a read) or changed (a write). */
export interface SaidTags {
  shown: Set<string>;
  /** Changed: the answers showing them go before the write's answer leaves. */
  changed: Set<string>;
  /** Counts changed, which anonymous answers may show a bounded time late (COUNTS_LAG_SECONDS). */
  counted: Set<string>;
}

const current = new AsyncLocalStorage<SaidTags>();

export const newSaidTags = (): SaidTags => ({ shown: new Set(), changed: new Set(), counted: new Set() });

/** Runs `then` (the rest of a request) with `said` as its tags. */
export const withTags = (said: SaidTags, then: () => void) => current.run(said, then);

/** Runs a write made outside any request (a job, a timer) with tags of its own; answers its result and what it said. */
export async function collectTags<T>(work: () => Promise<T>): Promise<{ result: T; said: SaidTags }> {
  const said = newSaidTags();
  const result = await current.run(said, work);
  return { result, said };
}

/** Adds tags to one of the sets of the request (or job) at hand; outside any, they are nobody's. */
const sayer =
  (what: keyof SaidTags) =>
  (...tags: string[]) => {
    const said = current.getStore();
    if (said) for (const tag of tags) said[what].add(tag);
  };

/** Said by whatever puts something in an answer (the presenters, the lists): the answer shows it. */
export const shows = sayer('shown');

/**
 * Said by a write, where it writes: what it changed. A write route that says
 * `config: { namesItsChanges: true }` empties only the answers showing what its writes named,
 * before its answer leaves; any other write route empties everything (read-cache.ts).
 */
export const changed = sayer('changed');

/** Said by a write that moved counts (likes, comments, follows): the answers showing them go within the counts' lag. */
export const countChanged = sayer('counted');
