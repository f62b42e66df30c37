import type { ReactNode } from 'react';
import { Link } from '../lib/navigation.tsx';
import { blogPath, profilePath, type BlogCard as BlogCardData } from '@inkwell/contracts';
import { formatDate } from '../lib/format-date.ts';
import { Avatar } from './avatar.tsx';
import { CountOf } from './count-of.tsx';
import { HeartIcon } from './icons.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

/** Who wrote a blog and when, linking to their profile. */
function Byline({ blog }: { blog: BlogCardData }) {
  const { fullname, username, profile_img } = blog.author.personal_info;
  return (
    <div className="relative z-10 flex items-center gap-2 text-sm">
      <Link to={profilePath(username)} className="flex min-w-0 items-center gap-2 hover:underline">
        <Avatar src={profile_img} size={24} />
        <span className="truncate">
          {fullname} <span className="text-neutral-500">@{username}</span>
        </span>
      </Link>
      {blog.publishedAt && <span className="flex-none text-neutral-500">· {formatDate(blog.publishedAt)}</span>}
      {/* On a phone the author's name needs the room more: the blog's page says how long it reads. */}
      <span className="flex-none text-neutral-500 max-sm:hidden">· {blog.reading_minutes} min read</span>
    </div>
  );
}

/**
 * A published blog in a list: author, date, title, description, first tag, likes and banner.
 * The title's link stretches over the whole card; the author's link sits above it. The first
 * card's banner is the list's largest early image (`first`): fetched at once and before others.
 * `actions` (a reading list's Remove) sit at the end of the bottom row, above the title's link.
 */
export function BlogCard({
  blog,
  first = false,
  actions,
}: {
  blog: BlogCardData;
  first?: boolean;
  actions?: ReactNode;
}) {
  return (
    <article
      aria-label={blog.title}
      className="relative flex items-center gap-6 border-b border-neutral-100 py-6 hover:bg-neutral-50"
    >
      <div className="min-w-0 flex-1">
        <Byline blog={blog} />
        <h2 className="mt-3 line-clamp-2 font-serif text-xl leading-snug font-bold sm:text-2xl">
          <Link to={blogPath(blog.blog_id)} className="after:absolute after:inset-0">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-2 leading-7 text-neutral-600 max-sm:hidden">{blog.des}</p>
        <div className="mt-4 flex items-center gap-4 text-sm text-neutral-600">
          {/* A tag of one long word (50 letters may be one) is cut short rather than push a phone's page sideways. */}
          {blog.tags[0] && (
            <span className="min-w-0 truncate rounded-full bg-neutral-100 px-4 py-1 capitalize">{blog.tags[0]}</span>
          )}
          <span className="flex items-center gap-1">
            <HeartIcon width={16} height={16} />
            <CountOf count={blog.activity.total_likes} noun="like" />
          </span>
          {actions && <div className="relative z-10 ml-auto">{actions}</div>}
        </div>
      </div>
      {blog.banner && (
        <ResponsiveImage
          src={blog.banner}
          alt=""
          width={112}
          height={112}
          sizes="(min-width: 640px) 112px, 80px"
          {...(first ? { fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
          className="aspect-square w-20 flex-none rounded-md bg-neutral-100 object-cover sm:w-28"
        />
      )}
    </article>
  );
}

/** A numbered trending entry (01, 02…): byline and title only. */
export function RankedBlogCard({ blog, rank }: { blog: BlogCardData; rank: number }) {
  return (
    <article aria-label={blog.title} className="relative flex gap-5 py-4">
      <span aria-hidden="true" className="font-serif text-4xl leading-none font-bold text-neutral-500 sm:text-5xl">
        {String(rank).padStart(2, '0')}
      </span>
      <div className="min-w-0">
        <Byline blog={blog} />
        <h2 className="mt-2 line-clamp-3 font-serif text-lg leading-snug font-bold">
          <Link to={blogPath(blog.blog_id)} className="after:absolute after:inset-0">
            <span className="sr-only">{String(rank).padStart(2, '0')} </span>
            {blog.title}
          </Link>
        </h2>
      </div>
    </article>
  );
}

/** Placeholders in the shape of cards while a list loads. */
export function BlogCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading blogs" role="status">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-6 border-b border-neutral-100 py-6">
          <div className="flex-1 space-y-3">
            <div className="h-4 w-1/3 rounded bg-neutral-100" />
            <div className="h-6 w-4/5 rounded bg-neutral-200" />
            <div className="h-4 w-full rounded bg-neutral-100" />
          </div>
          <div className="aspect-square w-20 rounded-md bg-neutral-100 sm:w-28" />
        </div>
      ))}
    </div>
  );
}
