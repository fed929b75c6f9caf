import { describe, expect, it } from 'vitest';
import type { OwnerPlace } from '#shared/contracts/claims.ts';
import { claimChip, claimTimeLeft, placeActions } from './claim-chip.ts';

type Winner = NonNullable<OwnerPlace['winner']>;

const now = Date.parse('2026-03-01T12:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function winner(claim: Partial<Winner['claim']>, fulfilment: Winner['fulfilment'] = null): Winner {
  return {
    p: 1,
    entryId: 'e1',
    name: 'Maya Chen',
    email: 'maya@example.com',
    claim: { status: 'pending', deadline: null, claimedAt: null, ...claim },
    claimant: null,
    fulfilment,
  };
}

describe("a winner's claim on the owner's screen", () => {
  it('counts the time left to the deadline', () => {
    expect(claimTimeLeft(inMs(51 * HOUR + 5 * MINUTE), now)).toBe('2d 3h left');
    expect(claimTimeLeft(inMs(5 * HOUR + 20 * MINUTE + 30_000), now)).toBe('5h 20m left');
    expect(claimTimeLeft(inMs(12 * MINUTE + 59_000), now)).toBe('12m left');
    expect(claimTimeLeft(inMs(30_000), now)).toBe('less than a minute left');
    expect(claimTimeLeft(inMs(0), now)).toBe('time is up');
  });

  it('says where the prize stands, what the owner reported first', () => {
    const at = inMs(0);
    expect(claimChip(winner({ deadline: inMs(72 * HOUR) }), now)).toEqual({
      kind: 'waiting',
      label: 'Waiting · 3d 0h left',
    });
    expect(claimChip(winner({ status: 'claimed' }), now)?.label).toBe('Claimed');
    expect(claimChip(winner({ status: 'declined' }), now)?.label).toBe('Declined');
    expect(claimChip(winner({ status: 'expired' }), now)?.label).toBe('Expired');
    expect(claimChip(winner({ status: 'not-required' }), now)).toBeNull();
    const sent = { status: 'sent' as const, note: null, at };
    expect(claimChip(winner({ status: 'claimed' }, sent), now)?.label).toBe('Sent');
    expect(claimChip(winner({ status: 'not-required' }, sent), now)?.label).toBe('Sent');
    const delivered = { status: 'delivered' as const, note: 'Signed for', at };
    expect(claimChip(winner({ status: 'claimed' }, delivered), now)?.label).toBe('Delivered');
  });

  it('offers the next step only where the server takes it', () => {
    expect(placeActions(winner({}))).toEqual({
      resend: true,
      markSent: false,
      markDelivered: false,
    });
    expect(placeActions(winner({ status: 'claimed' }))).toEqual({
      resend: false,
      markSent: true,
      markDelivered: true,
    });
    const sent = { status: 'sent' as const, note: null, at: inMs(0) };
    expect(placeActions(winner({ status: 'not-required' }, sent))).toEqual({
      resend: false,
      markSent: false,
      markDelivered: true,
    });
    for (const status of ['declined', 'expired'] as const) {
      expect(Object.values(placeActions(winner({ status })))).toEqual([false, false, false]);
    }
  });
});
