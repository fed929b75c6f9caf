import { describe, expect, it } from 'vitest';
import { statusAt } from './contest-time.ts';

describe('statusAt', () => {
  const end = '2030-01-01T12:00:00.000Z';
  const before = Date.parse(end) - 1;
  const after = Date.parse(end);

  it("keeps the server's status before the end date", () => {
    for (const status of ['draft', 'open', 'paused', 'ended', 'drawn'] as const) {
      expect(statusAt({ status, endDate: end }, before)).toBe(status);
    }
  });

  it('ends an open or paused contest when the clock passes its end, and nothing else', () => {
    expect(statusAt({ status: 'open', endDate: end }, after)).toBe('ended');
    expect(statusAt({ status: 'paused', endDate: end }, after)).toBe('ended');
    expect(statusAt({ status: 'drawn', endDate: end }, after)).toBe('drawn');
    expect(statusAt({ status: 'draft', endDate: end }, after)).toBe('draft');
  });
});
