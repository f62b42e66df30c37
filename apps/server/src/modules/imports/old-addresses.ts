import type { Executor } from '../../db/client.ts';
import { findRedirect } from './imports.repository.ts';
import { oldPathKey } from './old-paths.ts';

/** The blog_id of the imported blog a request's path and query named on its old site, if any (old-paths.ts). */
export async function blogOfOldAddress(db: Executor, pathAndQuery: string): Promise<string | undefined> {
  const key = oldPathKey(pathAndQuery);
  return key === null ? undefined : findRedirect(db, key);
}
