import { z } from 'zod';
import { BlogCard, PersonalInfo } from './blog.ts';
import { Limits } from './limits.ts';
import { SocialLinks } from './settings.ts';

/** The most blogs one search-blogs page may ask for. */
export const SEARCH_BLOGS_MAX_LIMIT = 50;

const page = z.number().int().min(1).max(100_000).default(1);

/** Search text is data, never a pattern; anything past Limits.searchQueryMax characters is cut off. */
const searchText = z
  .string()
  .max(10_000)
  .transform((text) => [...text].slice(0, Limits.searchQueryMax).join('').trim());

/** `POST /api/blog/latest-blogs` (and following-blogs, of the authors the caller follows): published blogs, newest first, a page of Limits.pageSize. */
export const LatestBlogsBody = z.object({ page });
export type LatestBlogsBody = z.infer<typeof LatestBlogsBody>;

const searchFilters = {
  /** A tag exactly, as stored (trimmed, lower case). */
  tag: z
    .string()
    .max(200)
    .transform((tag) => tag.trim().toLowerCase())
    .optional(),
  /** Words to find in titles, descriptions and tags, ranked, forgiving typos in titles. */
  query: searchText.optional(),
  /** The author's `_id` (what get-profile answers) or username (any case). */
  author: z
    .string()
    .max(200)
    .transform((name) => name.trim())
    .optional(),
};

/** `POST /api/blog/search-blogs-count`: how many blogs search-blogs pages through. */
export const SearchBlogsCountBody = z.object(searchFilters);
export type SearchBlogsCountBody = z.infer<typeof SearchBlogsCountBody>;

/** `POST /api/blog/search-blogs`: any of tag, query and author together; page is 1-based. */
export const SearchBlogsBody = z.object({
  ...searchFilters,
  page,
  limit: z.number().int().min(1).max(SEARCH_BLOGS_MAX_LIMIT).default(Limits.pageSize),
  /** The blog_id of a blog to leave out (the one a reader is on, for Similar Blogs). */
  eliminate_blog: z.string().max(300).optional(),
});
export type SearchBlogsBody = z.infer<typeof SearchBlogsBody>;

export const TrendingBlogsResponse = z.object({ blogs: z.array(BlogCard).max(Limits.trendingSize) });

/** `POST /api/blog/like-blog` (A): `_id` is the Blog's `_id`; the like becomes the opposite of isLikedByUser. */
// Any text is a possible `_id`: one that is not a published blog's is a 404, whatever its length.
export const LikeBlogBody = z.object({ _id: z.string(), isLikedByUser: z.boolean() });
export type LikeBlogBody = z.infer<typeof LikeBlogBody>;
export const LikeBlogResponse = z.object({ liked_by_user: z.boolean(), total_likes: z.number() });
export type LikeBlogResponse = z.infer<typeof LikeBlogResponse>;

/** `POST /api/user/isliked-by-user` (A). */
export const IsLikedByUserBody = z.object({ _id: z.string() });
export const IsLikedByUserResponse = z.object({ result: z.boolean() });

/** `POST /api/user/search-users`: username and fullname, by prefix and forgiving typos. */
export const SearchUsersBody = z.object({ query: searchText.default('') });
export type SearchUsersBody = z.infer<typeof SearchUsersBody>;
export const UserCard = z.object({ personal_info: PersonalInfo });
export type UserCard = z.infer<typeof UserCard>;
export const SearchUsersResponse = z.object({ users: z.array(UserCard).max(Limits.searchUsersMax) });

/** `POST /api/user/get-profile`: answers the public profile itself (docs/product/data.md User profile, without e-mail). */
export const GetProfileBody = z.object({ username: z.string().max(200) });
export type GetProfileBody = z.infer<typeof GetProfileBody>;
export const UserProfile = z.object({
  _id: z.string(),
  personal_info: PersonalInfo.extend({ bio: z.string() }),
  /** docs/product/data.md's counts, and how many follow this user and whom they follow. */
  account_info: z.object({
    total_posts: z.number(),
    total_reads: z.number(),
    total_followers: z.number(),
    total_following: z.number(),
  }),
  social_links: SocialLinks,
  joinedAt: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;
