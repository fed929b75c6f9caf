import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';

export async function healthRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/healthz', async (_request, reply) => {
    const healthy = await options.database.ping();
    return healthy
      ? reply.send({ status: 'ok' })
      : reply
          .status(503)
          .send({ status: 'unavailable', message: 'The database is not answering.' });
  });
}
