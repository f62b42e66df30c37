import type { FastifyInstance } from 'fastify';
import { absoluteUrl, SITE_NAME, siteOrigin } from '../../site-origin.ts';
import type { PageTagsResolver } from '../../plugins/page-tags.ts';
import { siteShareImage } from '../avatars/index.ts';

const HOME_DESCRIPTION = `${SITE_NAME}: read and write blogs.`;

/** Head tags of the home page (any of its lists: `/?page=2` too): the site, and schema.org WebSite with its search. */
export const homePageTags =
  (app: FastifyInstance): PageTagsResolver =>
  async (request) => {
    if (request.url.split('?')[0] !== '/') return null;
    const origin = siteOrigin(app, request);
    const url = absoluteUrl(origin, '/');
    const image = siteShareImage();
    return {
      title: SITE_NAME,
      description: HOME_DESCRIPTION,
      image: { ...image, url: absoluteUrl(origin, image.url) },
      url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${url}search/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    };
  };
