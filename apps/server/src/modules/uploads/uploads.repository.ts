import { eq } from 'drizzle-orm';
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
