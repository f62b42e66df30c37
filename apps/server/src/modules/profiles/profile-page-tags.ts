import { profilePath, SocialLinks, type SiteIdentity } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import { authorFeedTitle, feedLinks } from '../../plugins/feed-links.ts';
import { shows, Tags } from '../../plugins/cache-tags.ts';
import { pageTagsResolver, type PageTags } from '../../plugins/page-tags.ts';
import { rasterProfileImage } from '../avatars/index.ts';
import type { RasterImage } from '../uploads/index.ts';
import { findUserByUsername, type UserRow } from '../users/index.ts';

/** A member seen by others, with their picture as previews show it (raster, as unfurlers refuse SVG). */
async function findProfile(app: FastifyInstance, username: string) {
  const user = await findUserByUsername(app.db, username, { asSeenByOthers: true });
  if (user) shows(Tags.member(user.id));
  return user && { user, picture: await rasterProfileImage(app.db, user.profileImg) };
}

/** Head tags of /user/{username}: name, bio and picture (nothing private), the author's feeds, and schema.org ProfilePage. */
function profileTags(
  { user, picture }: { user: UserRow; picture: RasterImage },
  absolute: (pathOrUrl: string) => string,
  site: SiteIdentity,
): PageTags {
  const url = absolute(profilePath(user.username));
  const image = absolute(picture.url);
  const description = user.bio || `Blogs by ${user.fullname} on ${site.name}.`;
  const sameAs = Object.values(SocialLinks.parse(user.socialLinks)).filter(Boolean);
  return {
    title: `${user.fullname} (@${user.username})`,
    description,
    image: { ...picture, url: image, alt: `Profile picture of ${user.fullname}` },
    url,
    type: 'profile',
    properties: [['profile:username', user.username]],
    feeds: feedLinks(
      { kind: 'author', username: user.username },
      authorFeedTitle(user.fullname, user.username, site.name),
      absolute,
    ),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      dateCreated: user.joinedAt.toISOString(),
      mainEntity: {
        '@type': 'Person',
        name: user.fullname,
        alternateName: `@${user.username}`,
        url,
        image,
        description,
        ...(sameAs.length > 0 && { sameAs }),
      },
    },
  };
}

export const profilePageTags = (app: FastifyInstance) =>
  pageTagsResolver(app, 'user', (username) => findProfile(app, username), profileTags);
