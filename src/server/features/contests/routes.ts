import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/plugins/session.ts';
import {
  createContestBody,
  ownerContest,
  publicContest,
  setContestActiveBody,
  updateContestBody,
} from '#shared/contracts/contests.ts';
import { duplicateContest } from './duplicate-contest.ts';
import {
  countEntriesByContest,
  createContest,
  deleteContest,
  listOwnContests,
  setContestActive,
  toOwnerContest,
  updateContest,
  viewContest,
} from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

export const contestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/contests',
    { schema: { response: { 200: z.array(ownerContest) } } },
    async (request) => (await listOwnContests(ctx, requireUser(request))).map(toOwnerContest),
  );

  app.get(
    '/api/contests/entry-counts',
    { schema: { response: { 200: z.record(z.string(), z.number()) } } },
    async (request) => countEntriesByContest(ctx, requireUser(request)),
  );

  app.post(
    '/api/contests',
    { schema: { body: createContestBody, response: { 201: ownerContest } } },
    async (request, reply) => {
      const contest = await createContest(ctx, requireUser(request), request.body);
      return reply.status(201).send(toOwnerContest(contest));
    },
  );

  app.get(
    '/api/contests/:id',
    { schema: { params: idParams, response: { 200: z.union([ownerContest, publicContest]) } } },
    async (request) => viewContest(ctx, request.params.id, request.user),
  );

  app.put(
    '/api/contests/:id',
    { schema: { params: idParams, body: updateContestBody, response: { 200: ownerContest } } },
    async (request) =>
      toOwnerContest(
        await updateContest(ctx, requireUser(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/api/contests/:id/status',
    { schema: { params: idParams, body: setContestActiveBody, response: { 200: ownerContest } } },
    async (request) =>
      toOwnerContest(
        await setContestActive(ctx, requireUser(request), request.params.id, request.body.isActive),
      ),
  );

  app.post(
    '/api/contests/:id/duplicate',
    { schema: { params: idParams, response: { 201: ownerContest } } },
    async (request, reply) => {
      const copy = await duplicateContest(ctx, requireUser(request), request.params.id);
      return reply.status(201).send(toOwnerContest(copy));
    },
  );

  app.delete('/api/contests/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteContest(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
