import { emailError, type ImportAuthorMapping } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http-error.ts';
import { refuseBlockedEmail } from '../email-domains/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { createUser, findUserByEmail } from '../users/index.ts';
import type { ImportBundle, ImportedAuthor } from './import-bundle.ts';

/** The queue of the mails that let a member an import made choose their password. */
export const INVITE_QUEUE = 'import-invite';

/** Room left for a new account's name, as a profile keeps it. */
const FULLNAME_MAX = 100;

/** A source's author's usable e-mail address: well formed and not on a blocked domain; null otherwise. */
async function usableEmail(db: Executor, author: ImportedAuthor | undefined): Promise<string | null> {
  const email = author?.email?.trim();
  if (!email || emailError(email)) return null;
  try {
    await refuseBlockedEmail(db, email);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
  return email;
}

const nameOf = (author: ImportedAuthor) => author.fullname?.trim() || author.username?.trim() || author.key;

/**
 * Who each of the source's authors becomes in an admin's site import, as things stand: the member
 * with their e-mail, a new account with it, or (no usable address) the importer.
 */
export async function mapAuthors(db: Executor, bundle: ImportBundle): Promise<ImportAuthorMapping[]> {
  return Promise.all(
    bundle.authors.map(async (author) => {
      const email = await usableEmail(db, author);
      const member = email ? await findUserByEmail(db, email) : undefined;
      return {
        name: nameOf(author),
        email: author.email?.trim() || null,
        becomes: member ? 'member' : email ? 'new' : 'importer',
        username: member?.username ?? null,
        posts: bundle.posts.filter((post) => post.authorKey === author.key).length,
      } satisfies ImportAuthorMapping;
    }),
  );
}

/**
 * The member a post of a site import is written for: the one with its author's e-mail, or a new
 * account with it (no password; a job mails the link to choose one). Posts sharing a new author race
 * to make it: the unique e-mail decides, and the others find the account it made. A post whose
 * author has no usable address is the importer's.
 */
export async function authorOfPost(
  db: Db,
  { importerId, authors }: { importerId: string; authors: ImportedAuthor[] },
  authorKey: string | undefined,
): Promise<string> {
  const author = authors.find((a) => a.key === authorKey);
  const email = await usableEmail(db, author);
  if (!author || !email) return importerId;
  const member = await findUserByEmail(db, email);
  if (member) return member.id;
  try {
    return await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        fullname: nameOf(author).slice(0, FULLNAME_MAX),
        email,
        passwordHash: null,
        googleSub: null,
        emailVerified: false,
        username: author.username?.trim(),
        bio: author.bio?.trim(),
      });
      await enqueueJob(tx, { queue: INVITE_QUEUE, payload: { userId: user.id }, key: `${INVITE_QUEUE}:${user.id}` });
      return user.id;
    });
  } catch (error) {
    const made = isUniqueViolation(error) ? await findUserByEmail(db, email) : undefined;
    if (!made) throw error;
    return made.id;
  }
}
