import type { Session } from '@inkwell/contracts';
import { bearer, publishableBlog, uniqueId } from './factories.ts';
import { ABSENT, blogState, type WriteLedger } from './write-ledger.ts';

/*
 * Writers over real HTTP, doing what docs/api.md lets users do (comment, reply, delete a comment, like
 * and unlike, publish, edit, take a blog back to draft), each one write at a time and each on
 * things only it changes, so that the last write it had acknowledged is what the database must
 * hold. Every write goes into a WriteLedger.
 */

/**
 * A request gets this long to be answered; longer is a hang, and counts as no answer. Generous: on
 * PGlite fifty writers queue for one database, on a machine busy with the rest of the suite.
 */
const ANSWER_WITHIN_MS = 120_000;
const TAGS = ['soak', 'faults', 'ledger', 'travel'];

interface Blog {
  /** The uuid likes and comments name it by. */
  _id: string;
  blog_id: string;
}

interface Writer {
  username: string;
  token: string;
  /** The blog_ids of its own blogs (not the shared ones). */
  blogs: Set<string>;
  /** Its own comments acknowledged and not deleted since. */
  comments: { id: string; blog: Blog; parent: string | undefined }[];
  /** Shared blogs it knows it likes. */
  likes: Set<string>;
}

export interface Writers {
  writers: Writer[];
  /** Published blogs every writer comments on and likes; they stay published. */
  shared: Blog[];
}

export interface Answer {
  status: number;
  body: string;
}

/** POSTs JSON; answers the status and body, or throws when no answer comes (a dropped connection, a hang). */
export async function postJson(url: string, path: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: res.status, body: await res.text() };
}

async function ok<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} failed: ${status} ${body}`);
  return JSON.parse(body) as T;
}

/** Signs `count` writers up and has the first few publish the shared blogs, over HTTP. */
export async function signUpWriters(url: string, count: number, sharedBlogs = 5): Promise<Writers> {
  const writers = await Promise.all(
    Array.from({ length: count }, async () => {
      const session = await ok<Session>(
        postJson(url, '/api/user/signup', {
          fullname: 'Soak Writer',
          email: `soak.${uniqueId()}@example.com`,
          password: 'Secret123',
        }),
        'sign-up',
      );
      return {
        username: session.username,
        token: session.access_token,
        blogs: new Set<string>(),
        comments: [],
        likes: new Set<string>(),
      } satisfies Writer;
    }),
  );
  const shared = await Promise.all(
    writers.slice(0, sharedBlogs).map(async (writer) => {
      const { id } = await ok<{ id: string }>(
        postJson(url, '/api/blog/create-blog', publishableBlog({ tags: ['soak'] }), writer.token),
        'create-blog',
      );
      const { blog } = await ok<{ blog: Blog }>(postJson(url, '/api/blog/get-blog', { blog_id: id }), 'get-blog');
      return { _id: blog._id, blog_id: id };
    }),
  );
  return { writers, shared };
}

export interface WriteLoad {
  /** Writes acknowledged so far. */
  acknowledged(): number;
  /** How the writes were answered: `200`, another status with its body, or `no answer` with why. */
  outcomes(): Map<string, number>;
  /** Resolves once `count` writes in all were acknowledged; fails when they were not within `ms`, or at once on an answer `expected` refuses. */
  untilAcknowledged(count: number, ms?: number): Promise<void>;
  /** Starts no more writes; resolves once every writer's last one is answered or has failed. */
  halt(): Promise<void>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const someTags = () => [...new Set([pick(TAGS), pick(TAGS)])];

/**
 * Every writer writes, one write after another, until halted. `expected` says which answers
 * besides 200 are no fault (a 503 while the database restarts, say).
 */
export function startWriteLoad(
  url: string,
  { writers, shared }: Writers,
  ledger: WriteLedger,
  expected: (answer: Answer) => boolean = () => false,
): WriteLoad {
  let halted = false;
  let acknowledged = 0;
  let unexpected: string | undefined;
  const outcomes = new Map<string, number>();
  const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  /** The test fails on the first fault (an error it did not expect, no answer), and writing on would only bury it. */
  const fault = (what: string) => {
    unexpected ??= what;
    halted = true;
  };

  /** Sends one write; on its acknowledgement `settle` records what it did, and on anything else `unsure` does. */
  async function write(
    writer: Writer,
    path: string,
    body: unknown,
    settle: (answer: unknown) => void,
    unsure: () => void,
  ) {
    let answer: Answer;
    try {
      answer = await postJson(url, path, body, writer.token);
    } catch (error) {
      const outcome = `no answer: ${(error as Error).cause ?? (error as Error).message}`;
      count(outcome);
      fault(`${path}: ${outcome}`);
      return unsure();
    }
    if (answer.status !== 200) {
      const outcome = `${answer.status} ${answer.body.slice(0, 200)}`;
      count(outcome);
      if (!expected(answer)) fault(`${path}: ${outcome}`);
      return unsure();
    }
    count('200');
    acknowledged++;
    settle(JSON.parse(answer.body));
  }

  const comment = (writer: Writer) => {
    const blog = pick(shared);
    const parent = writer.comments.find((own) => own.blog === blog && Math.random() < 0.3);
    return write(
      writer,
      '/api/comment/add-comment',
      { _id: blog._id, comment: `Soak ${uniqueId()}`, replying_to: parent?.id },
      (answer) => {
        const { _id } = answer as { _id: string };
        ledger.acknowledged(`comment:${_id}`, 'present');
        writer.comments.push({ id: _id, blog, parent: parent?.id });
      },
      () => {},
    );
  };

  /** Deletes one of its comments, and with it the replies below it (all its own: writers reply to their own comments only). */
  const deleteComment = (writer: Writer) => {
    const gone = new Set([pick(writer.comments).id]);
    for (const own of writer.comments) if (own.parent && gone.has(own.parent)) gone.add(own.id); // replies come after their parent
    writer.comments = writer.comments.filter((own) => !gone.has(own.id));
    const keys = [...gone].map((id) => `comment:${id}`);
    return write(
      writer,
      '/api/comment/delete-comment',
      { _id: [...gone][0] },
      () => keys.forEach((key) => ledger.acknowledged(key, ABSENT)),
      () => keys.forEach((key) => ledger.unsure(key, ABSENT)),
    );
  };

  const like = (writer: Writer) => {
    const blog = pick(shared);
    const liked = !writer.likes.has(blog._id);
    const key = `like:${writer.username}:${blog.blog_id}`;
    const state = liked ? 'liked' : ABSENT;
    writer.likes.delete(blog._id);
    // isLikedByUser says what the writer believes now: the like becomes its opposite, however often it is sent.
    return write(
      writer,
      '/api/blog/like-blog',
      { _id: blog._id, isLikedByUser: !liked },
      () => {
        ledger.acknowledged(key, state);
        if (liked) writer.likes.add(blog._id);
      },
      () => ledger.unsure(key, state),
    );
  };

  /** Publishes a new blog (now and then a draft), or edits one of its own: title, tags, and published or draft. */
  const save = (writer: Writer, id?: string) => {
    const values = { title: `Soak ${uniqueId()}`, tags: someTags(), draft: Math.random() < 0.3 };
    const state = blogState(values);
    return write(
      writer,
      '/api/blog/create-blog',
      publishableBlog({ ...values, ...(id ? { id } : {}) }),
      (answer) => {
        const blogId = (answer as { id: string }).id;
        ledger.acknowledged(`blog:${blogId}`, state);
        writer.blogs.add(blogId);
      },
      () => id && ledger.unsure(`blog:${id}`, state),
    );
  };

  const step = (writer: Writer) => {
    const roll = Math.random();
    if (roll < 0.35) return comment(writer);
    if (roll < 0.45 && writer.comments.length > 0) return deleteComment(writer);
    if (roll < 0.75) return like(writer);
    if (roll < 0.85 || writer.blogs.size === 0) return save(writer);
    return save(writer, pick([...writer.blogs]));
  };

  const running = Promise.all(
    writers.map(async (writer) => {
      while (!halted) await step(writer);
    }),
  );

  return {
    acknowledged: () => acknowledged,
    outcomes: () => new Map(outcomes),
    async untilAcknowledged(target, ms = 120_000) {
      const deadline = Date.now() + ms;
      while (acknowledged < target) {
        if (unexpected) throw new Error(`a write failed: ${unexpected}`);
        if (Date.now() > deadline) {
          halted = true;
          throw new Error(
            `only ${acknowledged} of ${target} writes acknowledged in ${ms / 1000} s: ${JSON.stringify([...outcomes])}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async halt() {
      halted = true;
      await running;
    },
  };
}
