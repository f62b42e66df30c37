import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GetBlogResponse,
  PreviewBody,
  previewPath,
  PreviewLinkBody,
  PreviewLinkResponse,
  PublishingDoneResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { PAGE_MISSING, pageParam } from '../../plugins/page-tags.ts';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import {
  createPreviewLink,
  findPreviewedBlogId,
  PREVIEW_HEADERS,
  previewBlog,
  revokePreviewLink,
} from './preview-links.service.ts';

/** A draft's secret preview link: made and revoked by its author, read by whoever holds it (preview-links.service.ts). */
export const previewLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const authorOnly = { preValidation: app.requireUser };

  // Links change nothing a reader sees: the cache of anonymous reads stays. A silenced author,
  // or one whose address the site wants confirmed, shares no draft, but may revoke a link.
  app.post(
    '/api/blog/preview-link',
    {
      preValidation: app.requireVerifiedUser,
      schema: {
        body: PreviewLinkBody,
        response: { 200: PreviewLinkResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => {
      const token = await createPreviewLink(app.db, signedInUser(request).id, request.body.blog_id);
      return { url: absoluteUrl(siteOrigin(app, request), previewPath(token)) };
    },
  );

  app.post(
    '/api/blog/revoke-preview-link',
    {
      ...authorOnly,
      schema: {
        body: PreviewLinkBody,
        response: { 200: PublishingDoneResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => revokePreviewLink(app.db, signedInUser(request).id, request.body.blog_id),
  );

  // No read is counted: a preview is no reading of a published blog.
  app.post(
    '/api/blog/preview',
    {
      schema: { body: PreviewBody, response: { 200: GetBlogResponse, ...errorResponses([...BODY_ERRORS, 404]) } },
      config: { keepsReadCache: true },
    },
    async (request, reply) => {
      reply.headers(PREVIEW_HEADERS);
      return previewBlog(app.db, request.body.token);
    },
  );

  // The preview page of a link that opens nothing answers 404, rendered on the server or not.
  app.pageTagResolvers.push(async (request) => {
    const token = pageParam(request.url, 'preview');
    if (token === null) return null;
    return (await findPreviewedBlogId(app.db, token)) === undefined ? PAGE_MISSING : null;
  });
};
