import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { pingDatabase } from '#server/db/client.ts';
import { statusByCode } from '#server/errors.ts';

export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', async (_request, reply) => {
    const healthy = await pingDatabase(ctx.db);
    return healthy
      ? reply.send({ status: 'ok' })
      : reply.status(statusByCode.SERVICE_UNAVAILABLE).send({
          status: 'unavailable',
          message: 'The database is not answering.',
          code: 'SERVICE_UNAVAILABLE',
        });
  });
};
