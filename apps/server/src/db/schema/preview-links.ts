import { text, timestamp, uuid, pgTable } from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';

/**
 * A blog's secret preview link (preview-links/preview-links.service.ts): at most one per blog, a new one
 * replaces it. Only the token's sha256 is kept, so the table reveals no working link.
 */
export const blogPreviewLinks = pgTable('blog_preview_links', {
  blogId: uuid('blog_id')
    .primaryKey()
    .references(() => blogs.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
