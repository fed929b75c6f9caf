import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contest } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { ContestEntryItem } from '#shared/contracts/entries.ts';

/** Entered one after another, so each has its own entry date; the last is the newest. */
const ENTRANTS = [
  { name: 'Maya Chen', email: 'maya.chen@example.com' },
  { name: 'Jordan Lee', email: 'JORDAN.LEE@Example.com' },
  { name: 'Ann 100%', email: 'ann@example.com' },
  { name: 'Bob Smith', email: 'bob_smith@example.com' },
  { name: 'Bobby Xsmith', email: 'bobxsmith@example.com' },
  { name: 'Percy Cent', email: 'percy@example.org' },
];

const cursorOf = (entry: ContestEntryItem) => `${entry.entryDate}_${entry.id}`;

describe('listing a contest’s entries', () => {
  let t: TestApp;
  let owner: SeededUser;
  let contest: Contest;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    contest = await seedContest(t.database, owner);
    for (const entrant of ENTRANTS) {
      const response = await enter(contest.id, entrant);
      if (response.statusCode !== 201) throw new Error(response.body);
    }
  });
  afterAll(() => t.close());

  const enter = (contestId: string, payload: { name: string; email: string }) =>
    request(t, undefined, { method: 'POST', url: `/api/contests/${contestId}/entries`, payload });

  const list = (as: SeededUser | undefined, query: Record<string, string> = {}, id = contest.id) =>
    request(t, as, { method: 'GET', url: `/api/contests/${id}/entries`, query });

  const names = (response: { json(): unknown }) =>
    (response.json() as ContestEntryItem[]).map((entry) => entry.name);

  it('answers the owner every entry, newest first, with id, name, e-mail and date', async () => {
    const response = await list(owner);
    expect(response.statusCode).toBe(200);
    const entries = response.json<ContestEntryItem[]>();
    expect(entries.map((entry) => entry.name)).toEqual(
      ENTRANTS.map((entrant) => entrant.name).reverse(),
    );
    expect(Object.keys(entries[0]!).sort()).toEqual([
      'confirmationMail',
      'consent',
      'consentAt',
      'country',
      'drawDecision',
      'email',
      'entryDate',
      'flags',
      'id',
      'leftOut',
      'name',
      'referralReason',
      'referrals',
      'referred',
      'status',
      'weight',
    ]);
    expect(entries.find((entry) => entry.name === 'Jordan Lee')!.email).toBe(
      'JORDAN.LEE@Example.com',
    );
    const dates = entries.map((entry) => Date.parse(entry.entryDate!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(response.headers['x-total-count']).toBe(String(ENTRANTS.length));
  });

  it('refuses anonymous callers (401) and other users (404)', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const stranger = await seedUser(t);
    const refused = await list(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('@example');
  });

  it('answers an empty list for a contest without entries', async () => {
    const empty = await seedContest(t.database, owner);
    const response = await list(owner, {}, empty.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['MAYA', ['Maya Chen']],
    ['jordan.lee@example.COM', ['Jordan Lee']],
    ['  chen ', ['Maya Chen']],
    ['example.org', ['Percy Cent']],
    ['smith', ['Bobby Xsmith', 'Bob Smith']],
    ['nobody-here', []],
  ])('searches name or e-mail case-insensitively: %j', async (search, expected) => {
    const response = await list(owner, { search });
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it.each([
    ['%', ['Ann 100%']],
    ['_', ['Bob Smith']],
    ['bob_', ['Bob Smith']],
    ['100%', ['Ann 100%']],
    ['\\', []],
    ['%%', []],
  ])('treats %j in a search literally', async (search, expected) => {
    const response = await list(owner, { search });
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(expected);
    expect(response.headers['x-total-count']).toBe(String(expected.length));
  });

  it('pages with limit and cursor, without overlap or gap', async () => {
    const seen: ContestEntryItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await list(owner, { limit: '4', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(ENTRANTS.length));
      const entries = response.json<ContestEntryItem[]>();
      expect(entries.length).toBeLessThanOrEqual(4);
      seen.push(...entries);
      if (entries.length < 4) break;
      cursor = cursorOf(entries.at(-1)!);
    }
    expect(seen.map((entry) => entry.name)).toEqual(
      ENTRANTS.map((entrant) => entrant.name).reverse(),
    );
  });

  it('pages within a search', async () => {
    const first = await list(owner, { search: 'example.com', limit: '2' });
    expect(names(first)).toEqual(['Bobby Xsmith', 'Bob Smith']);
    expect(first.headers['x-total-count']).toBe('5');
    const second = await list(owner, {
      search: 'example.com',
      limit: '2',
      cursor: cursorOf(first.json<ContestEntryItem[]>().at(-1)!),
    });
    expect(names(second)).toEqual(['Ann 100%', 'Jordan Lee']);
  });

  it('pages through entries that share one entry date (imported in one transaction)', async () => {
    const busy = await seedContest(t.database, owner);
    const total = 30;
    const rows = Array.from(
      { length: total },
      (_, index) => `Rush ${index},rush${index}@example.com`,
    );
    const upload = csvFileForm(['name,email', ...rows].join('\n'));
    const imported = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${busy.id}/entries/import`,
      ...upload,
    });
    expect(imported.json()).toMatchObject({ imported: total, skipped: 0 });

    const all = (await list(owner, {}, busy.id)).json<ContestEntryItem[]>();
    expect(all).toHaveLength(total);
    expect(new Set(all.map((entry) => entry.entryDate)).size).toBe(1);

    const paged: ContestEntryItem[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < total; page += 1) {
      const response = await list(owner, { limit: '7', ...(cursor ? { cursor } : {}) }, busy.id);
      const entries = response.json<ContestEntryItem[]>();
      paged.push(...entries);
      if (entries.length < 7) break;
      cursor = cursorOf(entries.at(-1)!);
    }
    expect(paged.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
  });

  it.each([
    ['limit', '0'],
    ['limit', '-1'],
    ['limit', '1001'],
    ['limit', '2.5'],
    ['limit', 'ten'],
    ['cursor', 'garbage'],
    ['cursor', 'not-a-date_8d1f0a3e-8b8c-4a55-9a52-0c7f6b3d2e10'],
    ['cursor', '2025-01-01T00:00:00.000Z_------------------------------------'],
    ['cursor', '-271821-04-20T00:00:00.000Z_8d1f0a3e-8b8c-4a55-9a52-0c7f6b3d2e10'],
    ['search', 'x'.repeat(201)],
    ['search', 'nul\u0000byte'],
  ])('refuses a bad %s (%j) with 400', async (name, value) => {
    const response = await list(owner, { [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION' });
  });

  it('accepts the largest page size', async () => {
    const response = await list(owner, { limit: '1000' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(ENTRANTS.length);
  });
});
