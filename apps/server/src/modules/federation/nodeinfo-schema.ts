import { z } from 'zod';

const count = z.int().nonnegative();

/**
 * NodeInfo 2.1 (nodeinfo.diaspora.software/ns/schema/2.1) as we answer it. Its properties are the
 * schema's own and no others (it allows none): serialising through it leaves out the `$schema`
 * Fedify's nodeInfoToJson adds.
 */
export const NodeInfoDocument = z
  .object({
    version: z.literal('2.1'),
    software: z.object({
      name: z.string().regex(/^[a-z0-9-]+$/),
      version: z.string(),
      repository: z.url().optional(),
      homepage: z.url().optional(),
    }),
    protocols: z.array(z.string()).min(1),
    services: z.object({ inbound: z.array(z.string()), outbound: z.array(z.string()) }),
    openRegistrations: z.boolean(),
    usage: z.object({
      users: z.object({ total: count.optional(), activeHalfyear: count.optional(), activeMonth: count.optional() }),
      localPosts: count.optional(),
      localComments: count.optional(),
    }),
    metadata: z.record(z.string(), z.unknown()),
  })
  .describe('NodeInfo 2.1: the software, its protocols and the counts of authors, blogs and visible comments');

/** `/.well-known/nodeinfo`: where the NodeInfo documents are. */
export const NodeInfoLinks = z
  .object({ links: z.array(z.object({ rel: z.string(), href: z.url() })) })
  .describe('The addresses of the NodeInfo documents, by the schema each follows');
