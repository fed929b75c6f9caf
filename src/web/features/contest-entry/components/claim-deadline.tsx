import { Clock } from 'lucide-react';
import { formatContestDate } from '#shared/contest-date.ts';
import { CLAIM_PAGE_HOOKS } from './claim-parts.tsx';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "1d 4h left", "3h 12m left", "12m 5s left", "Time is up": what the countdown says (and
 * public/claim-page.js says the same each second). A claim window can be one minute long.
 */
export function claimTimeLeft(deadline: string, now: number): string {
  const left = new Date(deadline).getTime() - now;
  if (left <= 0) return 'Time is up';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
  if (left >= HOUR)
    return `${Math.floor(left / HOUR)}h ${Math.floor((left % HOUR) / MINUTE)}m left`;
  if (left >= MINUTE) {
    return `${Math.floor(left / MINUTE)}m ${Math.floor((left % MINUTE) / 1000)}s left`;
  }
  return `${Math.floor(left / 1000)}s left`;
}

/**
 * The deadline as an absolute time (the same as in the e-mail), and the time left: as of the
 * page's rendering, then live when the page's script runs.
 */
export function DeadlineBox({
  deadline,
  timeZone,
  now,
}: {
  deadline: string;
  timeZone: string;
  now: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-300 bg-accent-soft p-4 text-amber-950">
      <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid min-w-0 gap-1">
        <p className="text-sm">
          Claim by <strong className="font-bold">{formatContestDate(deadline, timeZone)}</strong>
        </p>
        <p
          role="timer"
          aria-live="off"
          className="text-lg font-extrabold tabular-nums"
          {...{ [CLAIM_PAGE_HOOKS.deadline]: deadline, [CLAIM_PAGE_HOOKS.renderedAt]: now }}
        >
          {claimTimeLeft(deadline, new Date(now).getTime())}
        </p>
        <p className="text-xs">After it, the prize goes to the next entry drawn.</p>
      </div>
    </div>
  );
}
