import { Limits, type UserCard, type UserProfile } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { findUserByUsername } from '../users/index.ts';
import { presentProfile, presentUserCard } from './profiles.presenter.ts';
import { countAuthors, lastPublishedEdits, listAuthors, searchUsers } from './profiles.repository.ts';

export async function getProfile(db: Db, username: string): Promise<UserProfile> {
  const user = username.trim() ? await findUserByUsername(db, username.trim(), { asSeenByOthers: true }) : undefined;
  if (!user) throw notFound('user_not_found');
  return presentProfile(user);
}

/** A blank query finds nobody rather than everybody. */
export async function findUsers(db: Db, query: string): Promise<{ users: UserCard[] }> {
  shows(Tags.members);
  const rows = query ? await searchUsers(db, query, Limits.searchUsersMax) : [];
  return { users: rows.map(presentUserCard) };
}

/** Page `page` (1-based) of the users with a published blog: username and last edit of their blogs, `size` a page. */
export async function authorsPage(db: Db, page: number, size: number) {
  shows(Tags.listings);
  const authors = await listAuthors(db, (page - 1) * size, size);
  const lastEdits = await lastPublishedEdits(
    db,
    authors.map((author) => author.id),
  );
  return authors.map(({ id, username }) => ({ username, lastEdit: lastEdits.get(id) ?? null }));
}

export const authorsCount = (db: Db) => {
  shows(Tags.listings);
  return countAuthors(db);
};
