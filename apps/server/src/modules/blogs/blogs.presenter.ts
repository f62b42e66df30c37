import {
  blogCan,
  isCodeLanguage,
  type Blog,
  type BlogCard,
  type ContentBlock,
  type EditorOutput,
} from '@inkwell/contracts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { highlightCode, readingMinutes } from '../content/index.ts';
import type { BlogCardRow, BlogWithAuthor } from './blogs.repository.ts';

/** docs/product/data.md Blog as a list shows it: never the content. */
export function presentBlogCard(blog: BlogCardRow): BlogCard {
  shows(Tags.blog(blog.id), Tags.member(blog.authorId));
  return {
    blog_id: blog.blogId,
    title: blog.title,
    des: blog.des,
    banner: blog.banner,
    tags: blog.tags,
    publishedAt: blog.publishedAt?.toISOString() ?? null,
    author: {
      personal_info: {
        fullname: blog.author.fullname,
        username: blog.author.username,
        profile_img: blog.author.profileImg,
      },
    },
    activity: {
      total_likes: blog.totalLikes,
      total_comments: blog.totalComments,
      total_parent_comments: blog.totalParentComments,
      total_reads: blog.totalReads,
    },
    reading_minutes: readingMinutes(blog.wordCount),
  };
}

/** docs/product/data.md Blog whole, and what `viewerId` (null: anonymous) may do to it; `content` is an array whose first item holds the blocks. */
export function presentBlog(blog: BlogWithAuthor, viewerId: string | null): Blog {
  // Content is stored only after cleanEditorOutput checked every block against its schema.
  const stored = blog.content as EditorOutput;
  const content = { ...stored, blocks: stored.blocks.map(withHighlighting) };
  const publishAt = viewerId === blog.authorId ? (blog.publishAt?.toISOString() ?? null) : null;
  return {
    ...presentBlogCard(blog),
    _id: blog.id,
    content: [content],
    draft: blog.draft,
    can: blogCan(viewerId, blog),
    updatedAt: blog.updatedAt.toISOString(),
    publishAt,
    hidden_reason: blog.hiddenReason,
    awaiting_review: blog.awaitingReview,
    author_trusted: blog.authorTrusted,
  };
}

/** A code block as answered: its stored `{code, language}` and the server's highlighting of it. */
function withHighlighting(block: ContentBlock): ContentBlock {
  if (block.type !== 'code' || !isCodeLanguage(block.data.language)) return block;
  return { ...block, data: { ...block.data, html: highlightCode(block.data.code, block.data.language) } };
}

/**
 * When a published blog came out and when it last changed. The two stamps come from two clocks
 * (the server's and the database's, a millisecond apart), so the last change is never put before publishing.
 */
export function publicationDates(blog: Pick<BlogWithAuthor, 'publishedAt' | 'createdAt' | 'updatedAt'>): {
  published: Date;
  modified: Date;
} {
  const published = blog.publishedAt ?? blog.createdAt;
  return { published, modified: blog.updatedAt > published ? blog.updatedAt : published };
}
