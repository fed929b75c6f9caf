import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';

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
  /** 'active' (default), 'paused', 'draft'; an ended contest is an active one with a past end. */
  state?: 'active' | 'paused' | 'draft';
};

let contestCounter = 0;

/** Inserts a contest straight into the database, as its owner would have made it. */
export async function seedContest(
  db: Db,
  ownerId: string,
  seed: ContestSeed = {},
): Promise<Contest> {
  contestCounter += 1;
  const state = seed.state ?? 'active';
  const [contest] = await db
    .insert(contests)
    .values({
      ownerId,
      title: seed.title ?? `Spring Giveaway ${contestCounter}`,
      description: seed.description ?? 'Win a month of coaching. Open to everyone.',
      prizeDetails: seed.prizeDetails ?? 'One month of personal training',
      prizeValue: seed.prizeValue === undefined ? '$150' : seed.prizeValue,
      endDate: seed.endDate ?? fromNow({ days: 3, hours: 5, minutes: 30 }),
      maxEntries: seed.maxEntries ?? null,
      confirmationMessage: seed.confirmationMessage ?? null,
      isActive: state === 'active',
      publishedAt: state === 'draft' ? null : new Date(),
    })
    .returning();
  return contest!;
}

export type EntrySeed = { name: string; email: string; entryDate?: Date };

/** Inserts entries directly and keeps the contest's counter in step, as the app does. */
export async function seedEntries(db: Db, contestId: string, entries: EntrySeed[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(contestEntries).values(entries.map((entry) => ({ contestId, ...entry })));
  await db
    .update(contests)
    .set({ entryCount: sql`${contests.entryCount} + ${entries.length}` })
    .where(eq(contests.id, contestId));
}
