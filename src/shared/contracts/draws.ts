import { z } from 'zod';

/** No winnerId: the server draws at random. A winnerId: a manual pick, recorded as such. */
export const drawWinnerBody = z
  .object({ winnerId: z.uuid('Pick an entry of this contest').optional() })
  .nullish();
export type DrawWinnerBody = z.input<typeof drawWinnerBody>;

/** What a record of the draw history tells: a draw at random, a pick by hand, or a reset. */
export const drawActions = ['random', 'manual', 'reset'] as const;
export type DrawAction = (typeof drawActions)[number];

export type DrawMethod = Exclude<DrawAction, 'reset'>;

export type DrawResult = {
  winner: { id: string; name: string; email: string };
  winnerSelectedAt: string;
  method: DrawMethod;
  /** How many entries were in the draw. */
  entryCount: number;
  /** The winner's position in the wheel's order (oldest entry first): where the wheel stops. */
  index: number;
};

/** What the wheel needs: how many slices, their labels when they can be read, the winner. */
export type WheelData = {
  count: number;
  /** Names in the wheel's order; null when there are too many slices to label. */
  labels: string[] | null;
  winnerIndex: number | null;
};

export type DrawHistoryItem = {
  id: string;
  action: DrawAction;
  entrantName: string | null;
  entrantEmail: string | null;
  entryCount: number;
  actor: string | null;
  createdAt: string;
};

export const drawMessages = {
  noEntries: 'There are no entries to draw from yet.',
  alreadyDrawn: 'A winner has already been selected. Reset it to draw again.',
  notAnEntry: 'That entry is not part of this contest.',
  noWinner: 'There is no winner to reset.',
} as const;

/** Above this many slices no label is readable: the wheel draws colours only. */
export const WHEEL_LABEL_LIMIT = 2000;
