import type { ReactNode } from 'react';
import { profilePath, type Blog } from '@inkwell/contracts';
import { Avatar } from '../../../components/avatar.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/navigation.tsx';
import { READING_COLUMN_SIZES } from './blog-content.tsx';

/**
 * The top of a blog as readers see it: banner, title, author, date and reading time (the blog page
 * and a draft's preview); `authorAction` stands beside the author (the blog page's Follow button).
 */
export function BlogHeading({ blog, authorAction }: { blog: Blog; authorAction?: ReactNode }) {
  const { fullname, username, profile_img } = blog.author.personal_info;
  return (
    <>
      {blog.banner && (
        <ResponsiveImage
          src={blog.banner}
          alt=""
          width={1200}
          height={675}
          sizes={READING_COLUMN_SIZES}
          fetchPriority="high"
          className="aspect-video w-full rounded-md bg-neutral-100 object-cover"
        />
      )}
      <h1 className="mt-10 font-serif text-3xl leading-tight font-bold break-words sm:text-4xl">{blog.title}</h1>
      <div className="my-8 flex justify-between gap-4 max-sm:flex-col">
        <div className="flex flex-wrap items-center gap-4">
          <Link to={profilePath(username)} aria-label={`${fullname}'s profile`}>
            <Avatar src={profile_img} size={48} />
          </Link>
          <p className="leading-6">
            <span className="capitalize">{fullname}</span>
            <br />
            <Link to={profilePath(username)} className="text-neutral-600 underline underline-offset-2">
              @{username}
            </Link>
          </p>
          {authorAction}
        </div>
        <p className="text-neutral-600 sm:text-right">
          {blog.publishedAt && (
            <>
              Published on {formatDate(blog.publishedAt)}
              <br className="max-sm:hidden" />
              <span className="sm:hidden"> · </span>
            </>
          )}
          {blog.reading_minutes} min read
        </p>
      </div>
    </>
  );
}
