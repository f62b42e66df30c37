import { z } from 'zod';
import { ImageUrl } from './image-url.ts';

/*
 * Blocks between members (Inkwell's own calls, docs/api.md): a signed-in member blocks another by
 * username, and only they know it. What a block does is in docs/product/rules.md.
 */

const username = z.string().max(200);

/** `POST /api/user/block`: `block: true` blocks `username`, `false` unblocks; repeating a request changes nothing. */
export const BlockBody = z.object({ username, block: z.boolean() });
export type BlockBody = z.infer<typeof BlockBody>;
export const BlockResponse = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponse>;

/** `POST /api/user/is-blocked`: whether the caller blocked `username` (never whether `username` blocked the caller). */
export const IsBlockedBody = z.object({ username });
export type IsBlockedBody = z.infer<typeof IsBlockedBody>;

/** `POST /api/user/blocked-users`: the members the caller blocked, newest block first, a page of Limits.pageSize. */
export const BlockedUsersBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  /** Members unblocked from the list since page 1 loaded, so the next page does not skip any. */
  deletedDocCount: z.number().int().min(0).max(100_000).default(0),
});
export type BlockedUsersBody = z.infer<typeof BlockedUsersBody>;

export const BlockedUser = z.object({ username: z.string(), fullname: z.string(), profile_img: ImageUrl });
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockedUsersResponse = z.object({ users: z.array(BlockedUser) });
export type BlockedUsersResponse = z.infer<typeof BlockedUsersResponse>;
