import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { pageParam, type AlternateLink } from '../../plugins/page-tags.ts';
import { findUserByUsername } from '../users/index.ts';
import { articleUrl } from './articles.ts';
import { errorResponse, sendWebResponse, toWebRequest } from './fastify-bridge.ts';
import { findReadableBlog } from './federation.repository.ts';
import type { InkwellFederation } from './federation.ts';

const AP = 'application/activity+json';
/** What a page offers, the page first: a client that likes several as much gets the page. */
const OFFERS = [
  'text/html',
  AP,
  'application/ld+json',
  'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
];

/**
 * Whether the media type an Accept header prefers most is ActivityStreams (`application/activity+json`,
 * or `application/ld+json`, bare or with the ActivityStreams profile): what Mastodon, Fedify and
 * others send when they look a URL up. A browser (text/html first), `*\/*` and no Accept at all get the page.
 */
function prefersActivityJson(accept: string | undefined): boolean {
  const preferred = new Negotiator({ headers: { accept } }).mediaType(OFFERS);
  return preferred !== undefined && preferred !== 'text/html';
}

/** The page a request asks for that is also an ActivityStreams object: a blog's or a profile's. */
function activityPage(url: string): { blogId: string } | { username: string } | null {
  const blogId = pageParam(url, 'blog');
  if (blogId !== null) return { blogId };
  const username = pageParam(url, 'user');
  return username === null ? null : { username };
}

/**
 * A blog's page and a profile page are also their Article and their Person: a client that asks
 * for ActivityStreams there (Mastodon's search, a server that only saw a boost) gets the document
 * Fedify serves at the object's own IRI, with 200, and what that IRI answers for one that is not
 * there (404). Both answers say `Vary: Accept`, which the read cache keys on. Each page's head
 * links its document (`<link rel="alternate" type="application/activity+json">`) when it has one.
 */
export function registerActivityPages(
  app: FastifyInstance,
  { federation, context }: InkwellFederation,
  origin: string,
) {
  const actorPath = async (username: string) => {
    const user = await findUserByUsername(app.db, username);
    return user && context().getActorUri(user.id).pathname;
  };
  /** The path Fedify serves the page's object at; undefined for a profile of no one. */
  const objectPath = async (request: FastifyRequest, page: { blogId: string } | { username: string }) =>
    'blogId' in page ? request.url : actorPath(page.username);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const page = activityPage(request.url);
    if (!page) return;
    reply.header('vary', 'Accept');
    if (!prefersActivityJson(request.headers.accept)) return;
    const path = await objectPath(request, page);
    const notFound = () => errorResponse(404, 'not_found');
    const response = path
      ? await federation.fetch(toWebRequest(request, origin, path), {
          contextData: undefined,
          onNotFound: notFound,
          onNotAcceptable: notFound,
        })
      : notFound();
    return sendWebResponse(reply, response);
  });

  app.pageAlternates.push(async (request): Promise<AlternateLink[]> => {
    const page = activityPage(request.url);
    if (!page) return [];
    const ctx = context();
    if ('blogId' in page) {
      const blog = await findReadableBlog(app.db, page);
      return blog ? [{ type: AP, title: blog.title, href: articleUrl(ctx, blog.blogId).href }] : [];
    }
    const path = await actorPath(page.username);
    return path ? [{ type: AP, title: `@${page.username}`, href: new URL(path, origin).href }] : [];
  });
}
