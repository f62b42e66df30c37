import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@inkwell/contracts';

export async function systemRoutes(app: FastifyInstance) {
  app.get('/api/health', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ error: 'The database is not answering' });
    }
  });

  app.get('/api/config', async (): Promise<PublicConfig> => {
    const { clientId, scriptUrl } = app.config.google;
    return clientId ? { googleClientId: clientId, googleScriptUrl: scriptUrl } : { googleClientId: null };
  });
}
