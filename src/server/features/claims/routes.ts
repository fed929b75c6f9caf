import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Job, JobResult } from 'pg-boss';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { getManagedContest } from '#server/features/contests/service.ts';
import {
  CLAIM_DEADLINE_JOB,
  CLAIM_REMINDER_JOB,
  type ClaimJob,
} from '#server/features/draws/service.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';
import { requireUser } from '#server/plugins/session.ts';
import { claimTokenParams, fulfilmentBody } from '#shared/contracts/claims.ts';
import { drawPositionParams } from '#shared/contracts/draws.ts';
import { claimPageRoutes } from './claim-page-routes.ts';
import { listOwnerPlaces } from './owner-places.ts';
import {
  acceptClaim,
  declineClaim,
  describeClaim,
  expireClaim,
  listOverdueClaims,
  recordFulfilment,
  remindWinner,
  resendNotice,
  type ClaimContext,
} from './service.ts';

const contestParams = z.object({ contestId: z.string().max(100) });

/**
 * A claim's deadline and reminder run as jobs of the durable queue: once per place whatever the
 * instances, and at the next start when every server was down at their time. A failure (the
 * database away) is tried again; each handler acts only on a place still pending.
 */
function defineClaimJobs(ctx: ClaimContext & Pick<AppContext, 'log'>) {
  /** Runs one place's task: true when done (or nothing is left to do), false to try again. */
  const runFor = async (task: (job: ClaimJob) => Promise<void>, place: ClaimJob) => {
    try {
      await task(place);
      return true;
    } catch (error) {
      // The contest was deleted since: nothing is left to settle.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return true;
      ctx.log.warn({ ...place, failure: describeFailure(error) }, 'claim job failed');
      return false;
    }
  };
  const settle =
    (task: (job: ClaimJob) => Promise<void>) =>
    async (batch: Job<ClaimJob>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of batch) {
        const isDone = await runFor(task, job.data);
        results.push({ id: job.id, status: isDone ? 'completed' : 'failed' });
      }
      return results;
    };
  const queue = { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 };
  ctx.jobs.define<ClaimJob>({
    name: CLAIM_DEADLINE_JOB,
    batchSize: 20,
    queue,
    handle: settle((job) => expireClaim(ctx, job)),
  });
  ctx.jobs.every({
    name: 'claims-overdue-sweep',
    cron: '*/5 * * * *',
    run: async () => {
      for (const place of await listOverdueClaims(ctx)) {
        await runFor((job) => expireClaim(ctx, job), place);
      }
    },
  });
  ctx.jobs.define<ClaimJob>({
    name: CLAIM_REMINDER_JOB,
    batchSize: 20,
    queue,
    handle: settle((job) => remindWinner(ctx, job)),
  });
}

/**
 * The winner's claim (anyone holding the link) and the owner's view and actions on the places
 * (docs/product.md#claims).
 */
export const claimRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  defineClaimJobs(ctx);
  const managedContest = (
    request: { params: { contestId: string } } & Parameters<typeof requireUser>[0],
  ) => getManagedContest(ctx, request.params.contestId, requireUser(request));

  // Public: the mailed link's page (GET, which changes nothing) and its forms' POSTs.
  await app.register(claimPageRoutes, { ctx });

  app.get('/api/claims/:token', { schema: { params: claimTokenParams } }, async (request) =>
    describeClaim(ctx, request.params.token),
  );

  // The body's rules depend on the contest's delivery: the service checks it (acceptClaimBodyFor).
  app.post(
    '/api/claims/:token/accept',
    { schema: { params: claimTokenParams, body: z.unknown() } },
    async (request) => acceptClaim(ctx, request.params.token, request.body),
  );

  app.post(
    '/api/claims/:token/decline',
    { schema: { params: claimTokenParams } },
    async (request) => {
      await declineClaim(ctx, request.params.token);
      return { status: 'declined' as const };
    },
  );

  app.get(
    '/api/contests/:contestId/claims',
    { schema: { params: contestParams } },
    async (request) => listOwnerPlaces(ctx, await managedContest(request)),
  );

  app.post(
    '/api/contests/:contestId/draws/:position/resend',
    { schema: { params: drawPositionParams } },
    async (request) => {
      await resendNotice(ctx, await managedContest(request), request.params.position);
      return { message: 'The notice was sent again.' };
    },
  );

  app.post(
    '/api/contests/:contestId/draws/:position/fulfilment',
    { schema: { params: drawPositionParams, body: fulfilmentBody } },
    async (request) => {
      const contest = await managedContest(request);
      await recordFulfilment(ctx, contest, request.params.position, request.body);
      return { status: request.body.status };
    },
  );
};
