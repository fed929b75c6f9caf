import type { AppContext } from '#server/context.ts';
import { sweepEndedWindows } from '#server/plugins/rate-limit.ts';
import { purgeExpiredPending } from './pending-entries.ts';

/**
 * Every ten minutes, once per cluster (a cron job of the durable queue, decision 028): deletes
 * unconfirmed entries whose 48-hour link has expired, of every contest (a contest that takes
 * entries also purges its own at each batch, so the address is free again at once), and the
 * ended windows of the rate-limit and burst counts.
 */
export function scheduleEntryHousekeeping(ctx: AppContext) {
  ctx.jobs.every({
    name: 'entries-housekeeping',
    cron: '*/10 * * * *',
    run: async () => {
      const purged = await purgeExpiredPending(ctx.db);
      if (purged > 0) ctx.log.info({ purged }, 'unconfirmed entries purged');
      await sweepEndedWindows(ctx.db);
    },
  });
}
