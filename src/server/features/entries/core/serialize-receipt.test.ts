import { describe, expect, it } from 'vitest';
import type { EntryReceipt } from '#shared/contracts/entries.ts';
import { serializeEntryReceipt } from './serialize-receipt.ts';

const receipt: EntryReceipt = {
  id: '019a0000-0000-7000-8000-000000000001',
  contestId: '019a0000-0000-7000-8000-000000000000',
  name: 'Maya "Quotes" \\ \u2028 Ünïcode',
  entryDate: '2026-11-27T02:00:00.000Z',
  status: 'confirmed',
};

describe('the entry receipt’s compiled serialiser', () => {
  it('writes what JSON.stringify writes, with and without a referral link', () => {
    const referred: EntryReceipt = {
      ...receipt,
      status: 'pending',
      referral: {
        code: 'abc123',
        url: 'https://x.test/c/1?ref=abc123',
        statusUrl: 'https://x.test/s',
      },
    };
    for (const value of [receipt, referred]) {
      expect(JSON.parse(serializeEntryReceipt(value))).toEqual(value);
      expect(serializeEntryReceipt(value)).toBe(JSON.stringify(value));
    }
  });

  it('lets only the receipt’s own fields out', () => {
    const withMore = { ...receipt, email: 'maya@example.com', clientHash: 'secret' };
    expect(JSON.parse(serializeEntryReceipt(withMore))).toEqual(receipt);
  });

  it('refuses a receipt without one of its fields', () => {
    const withoutName: Partial<EntryReceipt> = { ...receipt };
    delete withoutName.name;
    expect(() => serializeEntryReceipt(withoutName as EntryReceipt)).toThrow(/name/);
  });
});
