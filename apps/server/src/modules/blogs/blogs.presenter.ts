import { blogCan, type Blog, type BlogCard, type EditorOutput } from '@inkwell/contracts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { readingMinutes, renderAgain, RENDER_VERSION, withHighlighting } from '../content/index.ts';
import type { BlogCardRow, BlogWithAuthor } from './blogs.repository.ts';

/** docs/product/data.md Blog as a list shows it: never the content. */
export function presentBlogCard(blog: BlogCardRow): BlogCard {
  shows(Tags.card(Tags.blog(blog.id)), Tags.card(Tags.member(blog.authorId)));
  return briefly(blog);
}

function briefly(blog: BlogCardRow): BlogCard {
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
  shows(Tags.blog(blog.id), Tags.member(blog.authorId));
  const content = answeredContent(blog);
  const publishAt = viewerId === blog.authorId ? (blog.publishAt?.toISOString() ?? null) : null;
  return {
    ...briefly(blog),
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

/**
 * The content as answered: as stored, with each code block's stored highlighting. A blog stored by
 * other rules than today's, which the re-render job (rerender.ts) has not reached yet, is rendered
 * now as that job will store it.
 */
function answeredContent(blog: BlogWithAuthor): EditorOutput {
  // Content is stored only after cleanEditorOutput checked every block against its schema.
  const stored = blog.content as EditorOutput;
  const { content, codeHtml } =
    blog.renderVersion === RENDER_VERSION ? { content: stored, codeHtml: blog.codeHtml } : renderAgain(stored);
  return { ...content, blocks: withHighlighting(content.blocks, codeHtml) };
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
