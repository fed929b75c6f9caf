import type { Db } from '#server/db/client.ts';
import type { Contest } from '#server/db/schema.ts';
import { seedContest as seedContestRow } from '#server/testing/seed.ts';
import type { ContestRules } from '#shared/contracts/contest-rules.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A moment counted from now: `fromNow({ days: 3, hours: 5 })`, negative for the past. */
export function fromNow({ days = 0, hours = 0, minutes = 0 } = {}): Date {
  return new Date(Date.now() + days * DAY + hours * HOUR + minutes * 60_000);
}

export type ContestSeed = {
  title?: string;
  description?: string;
  prizeDetails?: string;
  prizeValue?: string | null;
  endDate?: Date;
  maxEntries?: number | null;
  confirmationMessage?: string | null;
  /** How many places the draw fills (1 unless given). */
  winnersCount?: number;
  /** Whether winners are mailed and claim (docs/product.md#claims); true unless given. */
  notifyWinners?: boolean;
  /** Rules, schedule and consent (docs/product.md#rules-schedule-and-consent). */
  startDate?: Date | null;
  timeZone?: string;
  rules?: ContestRules | null;
  consentText?: string;
  /** The short link (docs/product.md#short-links); none unless given. */
  slug?: string | null;
  /** 'active' (default), 'paused', 'draft'; an ended contest is an active one with a past end. */
  state?: 'active' | 'paused' | 'draft';
};

let contestCounter = 0;

/**
 * A contest as its owner would have made it, in the state a screen needs, with the defaults the
 * screens show (a numbered title, 3d 5h left); the row is written by the shared seeder.
 */
export function seedContest(db: Db, ownerId: string, seed: ContestSeed = {}): Promise<Contest> {
  contestCounter += 1;
  const { state = 'active', ...given } = seed;
  // A field given as undefined keeps its default, as it did when each default was `??`-ed in.
  const fields = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  );
  return seedContestRow(
    { db },
    { id: ownerId },
    {
      title: `Spring Giveaway ${contestCounter}`,
      description: 'Win a month of coaching. Open to everyone.',
      prizeDetails: 'One month of personal training',
      prizeValue: '$150',
      endDate: fromNow({ days: 3, hours: 5, minutes: 30 }),
      maxEntries: null,
      confirmationMessage: null,
      ...fields,
      isActive: state === 'active',
      publishedAt: state === 'draft' ? null : new Date(),
    },
  );
}
