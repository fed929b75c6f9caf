import { describe, expect, it } from 'vitest';
import type { DrawRecordPick } from '#shared/contracts/draws.ts';
import { isLeftEmpty, lostClaimOf, lostClaimSentence } from './claim-words.ts';

const pick = (p: number, fields: Partial<DrawRecordPick> = {}): DrawRecordPick => ({
  p,
  position: 1,
  entryId: `entry-${p}`,
  index: 0,
  attempts: 1,
  method: 'random',
  status: 'winner',
  reason: null,
  drawnAt: '2026-11-27T14:05:00.000Z',
  disqualifiedAt: null,
  displayName: 'Maya C.',
  claim: { status: 'pending', deadline: '2026-11-30T14:05:00.000Z' },
  fulfilment: null,
  ...fields,
});

const lost = (p: number, status: 'declined' | 'expired') =>
  pick(p, {
    status: 'disqualified',
    reason: 'declined the prize',
    claim: { status, deadline: '2026-11-30T14:05:00.000Z' },
  });

describe('the words of a claim in the public record', () => {
  it('tell a place lost through its claim from a disqualification by the owner', () => {
    expect(lostClaimOf(lost(1, 'declined'))).toBe('declined');
    expect(lostClaimOf(lost(1, 'expired'))).toBe('expired');
    expect(lostClaimOf(pick(1))).toBeNull();
    expect(lostClaimOf(pick(1, { status: 'disqualified', reason: 'Broke the rules' }))).toBeNull();
    // A record saved before claims existed has no claim.
    expect(lostClaimOf(pick(1, { status: 'disqualified', claim: undefined }))).toBeNull();
  });

  it('say who took the place, or that nobody could', () => {
    expect(lostClaimSentence('declined', true)).toBe(
      'Declined – the next entry drawn took the place',
    );
    expect(lostClaimSentence('expired', false)).toBe('Not claimed in time');
    expect(isLeftEmpty([lost(1, 'declined')])).toBe(true);
    expect(isLeftEmpty([lost(1, 'expired'), pick(2)])).toBe(false);
    expect(isLeftEmpty([pick(1, { status: 'disqualified', reason: 'Broke the rules' })])).toBe(
      false,
    );
    expect(isLeftEmpty([])).toBe(false);
  });
});
