import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { describeFailure } from '#server/lib/describe-failure.ts';
import { sweepEndedWindows } from '#server/plugins/rate-limit.ts';
import { purgeExpiredPending } from './insert-entries.ts';

/** Often enough that an abandoned lead is gone within minutes of its link's expiry. */
const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes unconfirmed entries whose 48-hour link has expired, of every contest (a contest that
 * takes entries also purges its own at each batch, so the address is free again at once), and
 * the ended windows of the entries' burst counts. Every instance runs it; the deletes are
 * idempotent.
 */
export function scheduleEntryHousekeeping(app: FastifyInstance, ctx: AppContext) {
  const run = async () => {
    try {
      const purged = await purgeExpiredPending(ctx.db);
      if (purged > 0) ctx.log.info({ purged }, 'unconfirmed entries purged');
      await sweepEndedWindows(ctx.db);
    } catch (error) {
      ctx.log.warn({ failure: describeFailure(error) }, 'entry housekeeping failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), HOUSEKEEPING_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
