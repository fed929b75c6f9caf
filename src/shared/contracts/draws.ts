import { z } from 'zod';
import type { ClaimStatus, FulfilmentStatus } from './claims.ts';
import type { RulesReference } from './contest-rules.ts';
import type { ExcludedByFlag } from './flag-review.ts';

/** No winnerId: the server draws at random. A winnerId: a manual pick, recorded as such. */
export const drawWinnerBody = z
  .object({ winnerId: z.uuid('Pick an entry of this contest').optional() })
  .nullish();
export type DrawWinnerBody = z.input<typeof drawWinnerBody>;

/**
 * What a record of the draw history tells: a draw at random, a pick by hand, a reset (of a
 * winner drawn before verifiable draws), a disqualification (with its reason) or a draw that
 * stopped before its first pick because the public randomness could not be fetched (with why;
 * entries reopened).
 */
export const drawActions = ['random', 'manual', 'reset', 'disqualify', 'draw-stopped'] as const;
export type DrawAction = (typeof drawActions)[number];

/** How a pick was made: from the committed sequence, or by hand (the record says so). */
export const drawMethods = ['random', 'manual'] as const;
export type DrawMethod = (typeof drawMethods)[number];

export type DrawResult = {
  winner: { id: string; name: string; email: string };
  winnerSelectedAt: string;
  method: DrawMethod;
  /** How many entries were in the draw. */
  entryCount: number;
  /** The winner's position in the wheel's order (oldest entry first): where the wheel stops. */
  index: number;
};

/** What the wheel needs: how many slices, their labels when they can be read, the winners. */
export type WheelData = {
  count: number;
  /** Names in the wheel's order; null when there are too many slices to label. */
  labels: string[] | null;
  /**
   * Each slice's weight in the wheel's order (1 + its bonus entries), when the contest has
   * referrals on: slices are drawn in proportion. Null when every entry weighs the same.
   */
  weights: number[] | null;
  /** Position 1's slice, or null before it is filled. */
  winnerIndex: number | null;
  /** Every filled place, by position. */
  places: DrawnPlace[];
};

export type DrawHistoryItem = {
  id: string;
  action: DrawAction;
  entrantName: string | null;
  entrantEmail: string | null;
  entryCount: number;
  /** A disqualification's reason. */
  reason: string | null;
  actor: string | null;
  createdAt: string;
};

export const drawMessages = {
  noEntries: 'There are no entries to draw from yet.',
  alreadyDrawn: 'A winner has already been selected. Reset it to draw again.',
  notAnEntry: 'That entry is not part of this contest.',
  noWinner: 'There is no winner to reset.',
  allPlacesFilled: 'Every place already has a winner. Disqualify one to draw again.',
  noEntriesLeft: 'No entries are left to draw from.',
  unknownPosition: 'There is no winner at that position.',
  pickChanged: 'This place already has a new winner.',
  winnersCountLocked: 'The number of winners cannot change after the first draw.',
  entriesLocked: 'Entries cannot change once the draw has started.',
  notPublished: 'Publish the contest before drawing: its draw is locked in when it goes live.',
  noReplacement: 'No entries are left to replace this winner, so the place cannot be redrawn.',
  drawInterrupted:
    'Another draw of this contest, started at the same moment, could not fetch its public random number. Please try again.',
} as const;

/** Above this many slices no label is readable: the wheel draws colours only. */
export const WHEEL_LABEL_LIMIT = 2000;

/** How many places a contest can have (docs/product.md#multiple-winners). */
export const WINNERS_COUNT_MAX = 100;

export const winnersCount = z
  .number({ error: 'Number of winners must be a whole number' })
  .int('Number of winners must be a whole number')
  .min(1, 'Number of winners must be at least 1')
  .max(WINNERS_COUNT_MAX, `Number of winners must be at most ${WINNERS_COUNT_MAX}`);

/** POST /api/contests/{id}/draws: how many places to fill; none means every empty place. */
export const drawPlacesBody = z
  .object({
    count: z
      .number({ error: 'Count must be a whole number' })
      .int('Count must be a whole number')
      .min(1, 'Count must be at least 1')
      .max(WINNERS_COUNT_MAX, `Count must be at most ${WINNERS_COUNT_MAX}`)
      .optional(),
  })
  .nullish();
export type DrawPlacesBody = z.input<typeof drawPlacesBody>;

export const DISQUALIFY_REASON_MAX_LENGTH = 200;

/**
 * Why a winner is disqualified: public, in the draw record, so the same rules for one winner
 * (Disqualify) and for all of them (Redraw, docs/product.md#the-draw).
 */
const publicReason = z
  .string({ error: 'A reason is required' })
  // Compatibility forms (a full-width "＠", a ligature) become the characters they stand for,
  // so the rules below judge what readers of the record will see, and the record keeps that.
  .normalize('NFKC')
  .trim()
  .min(1, 'A reason is required')
  .max(DISQUALIFY_REASON_MAX_LENGTH, `Must be at most ${DISQUALIFY_REASON_MAX_LENGTH} characters`)
  .regex(/^[^\0]*$/, 'Contains a character that is not allowed')
  // The reason is published in the draw record, which never carries an e-mail address.
  .refine(
    (reason) => !reason.includes('@'),
    'The reason is public: leave out e-mail addresses and @ handles',
  );

/**
 * POST /api/contests/{id}/draws/{position}/disqualify: `p` is the pick the owner saw at that place
 * (docs/draw-protocol.md#the-record numbers picks by `p`), so a repeated or stale request cannot
 * remove the winner who replaced them. The reason is public, in the record.
 */
export const disqualifyBody = z.object({
  p: z
    .number({ error: 'Name the winner to disqualify' })
    .int('Name the winner to disqualify')
    .min(0, 'Name the winner to disqualify'),
  reason: publicReason,
});
export type DisqualifyBody = z.input<typeof disqualifyBody>;

/**
 * DELETE /api/contests/{id}/winner: every current winner is disqualified with this one public
 * reason, and the places are drawn again. A request without a body (a screen from before the
 * reason was asked) reads as one without a reason: a 400 that says so.
 */
export const redrawBody = z.preprocess((body) => body ?? {}, z.object({ reason: publicReason }));
export type RedrawBody = z.input<typeof redrawBody>;

export const drawPositionParams = z.object({
  contestId: z.string().max(100),
  position: z.coerce
    .number({ error: 'Unknown position' })
    .int('Unknown position')
    .min(1, 'Unknown position')
    .max(WINNERS_COUNT_MAX, 'Unknown position'),
});

/** One pick of the public record (docs/draw-protocol.md#the-record). */
export type DrawRecordPick = {
  p: number;
  position: number;
  entryId: string;
  /** The pick's place in the list of entries not yet picked at that moment. */
  index: number;
  /** HMACs computed (1 unless some were rejected); 0 for a pick made by hand. */
  attempts: number;
  method: DrawMethod;
  status: 'winner' | 'disqualified';
  reason: string | null;
  drawnAt: string;
  disqualifiedAt: string | null;
  displayName: string;
  /**
   * Beyond the protocol (verifiers ignore it): the winner's claim, and what the owner reported of
   * the prize's delivery (docs/product.md#claims). No claimant detail is public. Our server
   * always sends both; a record saved before claims existed has neither.
   */
  claim?: { status: ClaimStatus; deadline: string | null };
  fulfilment?: FulfilmentStatus | null;
};

/**
 * GET /api/contests/{id}/draw-record: everything needed to recompute the draw, no sign-in. Its
 * version says how it was drawn: v1 draws every entry alike, v2 by weight
 * (docs/draw-protocol.md#protocol-prizewheel-draw-v2-weighted).
 */
export type DrawRecord = {
  version: 'prizewheel-draw-v1' | 'prizewheel-draw-v2';
  contestId: string;
  winnersCount: number;
  seedHash: string | null;
  seed: string | null;
  entries: {
    count: number;
    root: string;
    leaves: string[];
    /** v2 only: each entry's weight (1 + its bonus entries), in the leaves' order. */
    weights?: number[];
  } | null;
  beacon: {
    url: string;
    chain: string;
    round: number;
    randomness: string;
    signature: string;
  } | null;
  picks: DrawRecordPick[];
  /**
   * Beyond the contract (docs/draw-protocol.md#the-record): when the commitment was
   * made, when the entries were frozen, and whether the contest was drawn before verifiable
   * draws existed (its earlier winner is not in `picks`).
   */
  committedAt: string | null;
  frozenAt: string | null;
  predatesVerifiableDraws: boolean;
  /**
   * How many confirmed entries the owner's review of flagged entries left out of the frozen list
   * (docs/product.md#flagged-entries); null until revealed.
   */
  entriesLeftOut: number | null;
  /**
   * The flags of those entries, counted per flag (an entry with two counts under both), in the
   * flags' order; empty when none was left out or before the list is revealed.
   */
  excluded: ExcludedByFlag[];
  /**
   * The official rules in force when the entries were frozen (docs/draw-protocol.md#the-record):
   * their version and the SHA-256 of `/c/{id}/rules.txt?version=N`; null before the freeze and
   * for a contest without rules then.
   */
  rules: RulesReference | null;
};

/** A filled place as the owner sees it: the full name and e-mail, and where the wheel shows it. */
export type DrawnPlace = {
  position: number;
  p: number;
  entryId: string;
  name: string;
  email: string;
  method: DrawMethod;
  /** The entry's slice in the wheel's order (oldest entry first). */
  slice: number;
};
