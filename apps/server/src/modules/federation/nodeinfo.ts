import { nodeInfoToJson, type NodeInfo } from '@fedify/fedify';
import type { FastifyInstance } from 'fastify';
import type { SiteIdentity } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { publishedBlogsCount } from '../blog-lists/index.ts';
import { authorsCount } from '../profiles/index.ts';
import { readSiteSettings } from '../site/index.ts';
import { countVisibleComments } from './federation.repository.ts';
import { NodeInfoDocument } from './nodeinfo-schema.ts';
import { SOFTWARE_VERSION } from '../../software-version.ts';

export const NODEINFO_PATH = '/nodeinfo/2.1';
const NODEINFO_TYPE = 'application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#"';

/**
 * What NodeInfo says of this server: its software, whether anyone may join (an application or an
 * invitation is not open), its authors, its published blogs and the comments readers see; and in
 * `metadata` the site's name and description, where Mastodon and Misskey look for them.
 */
export async function nodeInfo(db: Db, site: SiteIdentity): Promise<NodeInfo> {
  return {
    software: { name: 'inkwell', version: SOFTWARE_VERSION },
    protocols: ['activitypub'],
    openRegistrations: (await readSiteSettings(db)).registration === 'open',
    usage: {
      users: { total: await authorsCount(db) },
      localPosts: await publishedBlogsCount(db),
      localComments: await countVisibleComments(db),
    },
    metadata: { nodeName: site.name, nodeDescription: site.description },
  };
}

/**
 * The NodeInfo 2.1 document, which /.well-known/nodeinfo (Fedify's) links. Served here, not by
 * Fedify, whose document has a `$schema` property the 2.1 schema does not allow: the answer is
 * serialised through NodeInfoDocument, which has none.
 */
export function registerNodeInfo(app: FastifyInstance) {
  app.get(NODEINFO_PATH, { schema: { response: { 200: NodeInfoDocument } } }, async (_request, reply) =>
    reply.type(NODEINFO_TYPE).send(nodeInfoToJson(await nodeInfo(app.db, await app.siteIdentity()))),
  );
}
