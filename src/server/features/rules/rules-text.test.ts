import { describe, expect, it } from 'vitest';
import { formatContestDate } from '#shared/contest-date.ts';
import { rulesTextOf, type RulesTextContest } from './rules-text.ts';

/**
 * The official rules' text (docs/product.md#official-rules): every item the rules must hold, in
 * bytes that depend on the contest's fields alone.
 */

const APP_URL = 'https://giveaways.example';
const CONTEST_ID = '01937c4e-0000-7000-8000-000000000001';

const contest = (overrides: Partial<RulesTextContest> = {}): RulesTextContest => ({
  id: CONTEST_ID,
  title: 'Summer Shred Challenge',
  prizeDetails: 'Three months of personal training',
  prizeValue: '$450',
  startDate: new Date('2026-12-01T09:00:00Z'),
  publishedAt: new Date('2026-11-28T10:00:00Z'),
  endDate: new Date('2026-12-24T18:30:00Z'),
  timeZone: 'Europe/Madrid',
  winnersCount: 3,
  requireConfirmation: true,
  referralBonus: 2,
  referralCap: 20,
  notifyWinners: true,
  claimWindowMinutes: 4_320,
  prizeDelivery: 'shipping',
  rules: {
    sponsorName: 'Shred Gym S.L.',
    sponsorContact: 'hello@shredgym.example, Calle Mayor 1, Madrid',
    minAge: 18,
    allowedCountries: ['ES', 'PT'],
    excludedRegions: 'Ceuta and Melilla',
    employeesExcluded: true,
    prizeRetailValue: '€420',
    additionalTerms:
      'The prize cannot be exchanged for cash.\r\n\r\n\r\nSessions expire after 6 months.  ',
  },
  ...overrides,
});

describe('the official rules’ text', () => {
  const text = rulesTextOf(contest(), APP_URL)!;

  it('holds each item the rules must state', () => {
    for (const item of [
      'Official rules: Summer Shred Challenge',
      'NO PURCHASE NECESSARY',
      'Three months of personal training',
      'Approximate retail value: €420.',
      'Number of winners: 3.',
      `Entries open on ${formatContestDate('2026-12-01T09:00:00Z', 'Europe/Madrid')}`,
      `close on ${formatContestDate('2026-12-24T18:30:00Z', 'Europe/Madrid')}`,
      `${APP_URL}/c/${CONTEST_ID},`,
      'One entry per person and per e-mail address.',
      'confirmed with the link mailed to it',
      'No purchase or payment is necessary to enter or to win.',
      'at least 18 years old',
      'Spain (ES), Portugal (PT)',
      'Not open to residents of: Ceuta and Melilla.',
      'Employees of the Sponsor',
      'gives you 2 bonus entries, up to 20 bonus entries in all',
      'has 72 hours to claim the prize',
      'shipped to the postal address',
      'drawn at random',
      'committed in advance',
      `${APP_URL}/c/${CONTEST_ID}/draw`,
      'The odds of winning depend on the number of eligible entries received, counting bonus entries',
      'This contest is run by Shred Gym S.L. (the Sponsor).',
      'Contact the Sponsor: hello@shredgym.example, Calle Mayor 1, Madrid',
      `${APP_URL}/me`,
      'The prize cannot be exchanged for cash.\n\nSessions expire after 6 months.\n',
    ]) {
      expect(text).toContain(item);
    }
  });

  it('is the same bytes for the same fields: LF only, no space at a line end, one final LF', () => {
    expect(rulesTextOf(contest(), APP_URL)).toBe(text);
    expect(text).not.toMatch(/\r/);
    expect(text).not.toMatch(/[ \t]\n/);
    expect(text).not.toMatch(/\n\n\n/);
    expect(text.endsWith('.\n')).toBe(true);
  });

  it('follows the fields it is written from', () => {
    const plain = rulesTextOf(
      contest({
        startDate: null,
        winnersCount: 1,
        referralBonus: 0,
        notifyWinners: false,
        prizeValue: null,
        rules: {
          ...contest().rules!,
          minAge: null,
          allowedCountries: [],
          excludedRegions: '',
          employeesExcluded: false,
          prizeRetailValue: '',
          additionalTerms: '',
        },
      }),
      APP_URL,
    )!;
    // Without a start date, entries open when the contest was published.
    expect(plain).toContain(
      `Entries open on ${formatContestDate('2026-11-28T10:00:00Z', 'Europe/Madrid')}`,
    );
    expect(plain).toContain('Number of winners: 1.');
    expect(plain).toContain('Open to residents of every country.');
    expect(plain).toContain('There is no minimum age to enter.');
    expect(plain).toContain('The Sponsor contacts each winner directly');
    expect(plain).toMatch(/received\.\n/);
    for (const absent of [
      'retail value',
      'Bonus entries',
      'Employees',
      'Additional terms',
      'claim',
    ]) {
      expect(plain).not.toContain(absent);
    }
    // The retail value falls back on the contest's prize value.
    const rules = { ...contest().rules!, prizeRetailValue: '' };
    expect(rulesTextOf(contest({ rules }), APP_URL)).toContain('Approximate retail value: $450.');
  });

  it('is written in the contest’s time zone', () => {
    expect(rulesTextOf(contest({ timeZone: 'UTC' }), APP_URL)).toContain('at 09:00 UTC');
  });

  it('is none for a contest without rules', () => {
    expect(rulesTextOf(contest({ rules: null }), APP_URL)).toBeNull();
  });
});
