import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { getManagedContest } from '#server/features/contests/service.ts';
import { sendEncodedJson } from '#server/lib/encoded-json.ts';
import { requireUser } from '#server/plugins/session.ts';
import {
  disqualifyBody,
  drawPlacesBody,
  drawPositionParams,
  drawWinnerBody,
  redrawBody,
} from '#shared/contracts/draws.ts';
import { listDraws } from './history.ts';
import { createDrawRecordCache, recordCompression } from './record-cache.ts';
import { disqualifyWinner, drawPlaces, drawWinner, resetWinners } from './service.ts';
import { getWheel } from './wheel.ts';

const contestParams = z.object({ contestId: z.string().max(100) });

/**
 * Only the contest's owner (or an admin) draws, disqualifies, resets and sees the wheel's names;
 * the draw record is public (docs/draw-protocol.md#the-record).
 */
export const drawRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const managedContest = (
    request: { params: { contestId: string } } & Parameters<typeof requireUser>[0],
  ) => getManagedContest(ctx, request.params.contestId, requireUser(request));
  const records = createDrawRecordCache(ctx.db);

  app.post(
    '/api/contests/:contestId/winner',
    { schema: { params: contestParams, body: drawWinnerBody } },
    async (request) =>
      drawWinner(ctx, requireUser(request), await managedContest(request), request.body?.winnerId),
  );

  app.delete(
    '/api/contests/:contestId/winner',
    { schema: { params: contestParams, body: redrawBody } },
    async (request) => {
      const contest = await managedContest(request);
      await resetWinners(ctx, requireUser(request), contest, request.body.reason);
      return { message: 'The places will be drawn again.' };
    },
  );

  app.post(
    '/api/contests/:contestId/draws',
    { schema: { params: contestParams, body: drawPlacesBody }, compress: recordCompression },
    async (request) =>
      drawPlaces(ctx, requireUser(request), await managedContest(request), request.body?.count),
  );

  app.post(
    '/api/contests/:contestId/draws/:position/disqualify',
    {
      schema: { params: drawPositionParams, body: disqualifyBody },
      compress: recordCompression,
    },
    async (request) =>
      disqualifyWinner(ctx, requireUser(request), await managedContest(request), {
        position: request.params.position,
        p: request.body.p,
        reason: request.body.reason,
      }),
  );

  // Compressed once per change of the draw, not per request (record-cache.ts).
  app.get(
    '/api/contests/:contestId/draw-record',
    { schema: { params: contestParams }, compress: false },
    async (request, reply) =>
      sendEncodedJson(
        request,
        reply,
        await records.readEncoded(request.params.contestId, request.user),
      ),
  );

  app.get(
    '/api/contests/:contestId/wheel',
    { schema: { params: contestParams } },
    async (request) => getWheel(ctx, await managedContest(request)),
  );

  app.get(
    '/api/contests/:contestId/draws',
    { schema: { params: contestParams } },
    async (request) => listDraws(ctx, await managedContest(request)),
  );
};
