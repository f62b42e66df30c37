import type { FastifyInstance } from 'fastify';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import type { PageTagsResolver } from '../../plugins/page-tags.ts';
import { siteImages } from '../identity/index.ts';

/** Head tags of the home page (any of its lists: `/?page=2` too): the site, and schema.org WebSite with its search. */
export const homePageTags =
  (app: FastifyInstance): PageTagsResolver =>
  async (request) => {
    if (request.url.split('?')[0] !== '/') return null;
    const origin = siteOrigin(app, request);
    const url = absoluteUrl(origin, '/');
    const site = await app.siteIdentity();
    const { share } = await siteImages(app, site);
    return {
      title: site.name,
      description: site.description || site.name,
      image: { ...share, url: absoluteUrl(origin, share.url) },
      url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.name,
        ...(site.description && { description: site.description }),
        inLanguage: site.language,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${url}search/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    };
  };
