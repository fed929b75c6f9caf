/**
 * Contest states and time left (docs/product.md#contest-states, #times-refreshes-and-constants),
 * shared by the screens and the server so that both agree on when a contest is open.
 */

import type { ContestStatus } from '#shared/contracts/contests.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function endTime(contest: { endDate: string | Date }): number {
  return new Date(contest.endDate).getTime();
}

/**
 * The server's status (the one rule, `contestStatusOf`) as the screen's clock moves on: a
 * scheduled contest opens at its start, and an open, scheduled or paused one ends at its end
 * date, without waiting for the next answer.
 */
export function statusAt(
  contest: { status: ContestStatus; endDate: string | Date; startDate?: string | Date | null },
  now = Date.now(),
): ContestStatus {
  const endsNow =
    contest.status === 'open' || contest.status === 'paused' || contest.status === 'scheduled';
  if (endsNow && now >= endTime(contest)) return 'ended';
  const startsNow =
    contest.status === 'scheduled' &&
    (!contest.startDate || now >= new Date(contest.startDate).getTime());
  return startsNow ? 'open' : contest.status;
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

/** Whole units left; all zeros once the end has passed. */
export function countdownTo(endDate: string | Date, now = Date.now()): Countdown {
  const left = Math.max(0, new Date(endDate).getTime() - now);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / 1000),
  };
}
