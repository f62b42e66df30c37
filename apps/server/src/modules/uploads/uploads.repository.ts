import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';

export type NewImage = typeof images.$inferInsert;

/** Records a stored file; the first uploader of identical bytes stays its owner. */
export async function insertImage(db: Executor, values: NewImage): Promise<void> {
  await db.insert(images).values(values).onConflictDoNothing();
}

export async function imageExists(db: Executor, key: string): Promise<boolean> {
  const [row] = await db.select({ key: images.key }).from(images).where(eq(images.key, key));
  return row !== undefined;
}

/** The first of `keys` that names a stored image. */
export async function findImage(
  db: Executor,
  keys: string[],
): Promise<{ key: string; width: number; height: number } | undefined> {
  const [row] = await db
    .select({ key: images.key, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.key, keys))
    .limit(1);
  return row;
}
