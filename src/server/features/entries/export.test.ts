import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';

type ExportRow = { name: string; email: string; entryDate: string };

/** RFC 5987 attr-char plus percent escapes: what may follow `filename*=UTF-8''`. */
const RFC5987_VALUE = /^[A-Za-z0-9!#$&+\-.^_`|~%]+$/;

describe('exporting entries as CSV', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const exportCsv = (contestId: string, as: SeededUser | undefined) =>
    request(t, as, { method: 'GET', url: `/api/contests/${contestId}/entries/export` });

  const readCsv = (body: string): ExportRow[] =>
    parse(body, { bom: true, columns: true, skip_empty_lines: true }) as ExportRow[];

  /** Rows straight into the table (bypassing the entry form's trimming), counter kept exact. */
  async function insertEntries(contest: Contest, rows: { name: string; email: string }[]) {
    await t.database.db
      .insert(contestEntries)
      .values(rows.map((row) => ({ ...row, contestId: contest.id })));
    await t.database.db
      .update(contests)
      .set({ entryCount: sql`${contests.entryCount} + ${rows.length}` })
      .where(eq(contests.id, contest.id));
  }

  it('answers text/csv with a BOM, CRLF lines and the columns name,email,entryDate', async () => {
    const contest = await seedContest(t, owner);
    for (const [name, email] of [
      ['Maya Chen', 'maya@example.com'],
      ['Jordan Lee', 'jordan@example.com'],
    ] as const) {
      const entered = await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name, email },
      });
      expect(entered.statusCode).toBe(201);
    }
    const response = await exportCsv(contest.id, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('name,email,entryDate');
    expect(response.body).not.toMatch(/[^\r]\n/);

    const rows = readCsv(response.body);
    expect(rows.map((row) => [row.name, row.email])).toEqual([
      ['Maya Chen', 'maya@example.com'],
      ['Jordan Lee', 'jordan@example.com'],
    ]);
    for (const row of rows) expect(new Date(row.entryDate).toISOString()).toBe(row.entryDate);
    expect(Date.parse(rows[0]!.entryDate)).toBeLessThanOrEqual(Date.parse(rows[1]!.entryDate));
  });

  it('names the file after the title, plain ASCII when it can be', async () => {
    const contest = await seedContest(t, owner, { title: 'Spring Shred (2025)' });
    const response = await exportCsv(contest.id, owner);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Spring Shred (2025)-entries.csv"; ` +
        `filename*=UTF-8''Spring%20Shred%20%282025%29-entries.csv`,
    );
  });

  it.each([
    'Été "Big" Win / 2025 ☀️',
    'Gym\\Giveaway: <win>?*|',
    '../../etc/passwd',
    'Line\r\nSet-Cookie: stolen=1',
    '東京マラソン抽選',
    "It's 100% free; really",
  ])('encodes an unusual title safely (RFC 6266): %j', async (title) => {
    const contest = await seedContest(t, owner, { title });
    const response = await exportCsv(contest.id, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^[\x20-\x7e]+$/);
    const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(.+)$/.exec(disposition);
    expect(match, disposition).not.toBeNull();
    const [, fallback, encoded] = match!;
    expect(fallback).toMatch(/^[\w .()-]+-entries\.csv$/);
    expect(fallback).not.toContain('/');
    expect(encoded).toMatch(RFC5987_VALUE);
    expect(decodeURIComponent(encoded!)).toBe(`${title}-entries.csv`);
  });

  it('round-trips names and e-mails with commas, quotes, line breaks and accents', async () => {
    const contest = await seedContest(t, owner);
    const tricky = [
      { name: 'Chen, Maya', email: 'maya.chen@example.com' },
      { name: 'Jo "JJ" Smith', email: 'jj@example.com' },
      { name: 'Two\nLines', email: 'two.lines@example.com' },
      { name: 'Zoë Ñúñez 李', email: 'zoe@example.com' },
      { name: '  padded  ', email: 'padded@example.com' },
    ];
    await insertEntries(contest, tricky);
    const rows = readCsv((await exportCsv(contest.id, owner)).body);
    expect(rows.map(({ name, email }) => ({ name, email }))).toEqual(
      expect.arrayContaining(tricky),
    );
    expect(rows).toHaveLength(tricky.length);
  });

  it('neutralises cells a spreadsheet would run as a formula (= + - @ tab CR)', async () => {
    const contest = await seedContest(t, owner);
    const dangerous = [
      { name: '=HYPERLINK("http://evil.example","click")', email: 'eq@example.com' },
      { name: '+15551234567', email: 'plus@example.com' },
      { name: '-2+3', email: 'minus@example.com' },
      { name: '@SUM(A1:A2)', email: 'at@example.com' },
      { name: '\tcmd', email: 'tab@example.com' },
      { name: '\r=1+1', email: 'cr@example.com' },
      { name: 'Safe = Name', email: '=cmd|"/c calc"!A1@example.com' },
    ];
    await insertEntries(contest, dangerous);
    const rows = readCsv((await exportCsv(contest.id, owner)).body);
    const byEmail = new Map(rows.map((row) => [row.email, row.name]));
    for (const { name, email } of dangerous.slice(0, 6)) {
      expect(byEmail.get(email)).toBe(`'${name}`);
    }
    expect(byEmail.get(`'=cmd|"/c calc"!A1@example.com`)).toBe('Safe = Name');
    for (const row of rows) {
      expect(row.name).not.toMatch(/^[=+\-@\t\r]/);
      expect(row.email).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('exports only the header for a contest without entries', async () => {
    const contest = await seedContest(t, owner);
    const response = await exportCsv(contest.id, owner);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFFname,email,entryDate\r\n');
  });

  it('exports 12,000 entries completely, each once, even when they share one date', async () => {
    const contest = await seedContest(t, owner);
    const total = 12_000;
    // One statement, one now(): every row has the same (microsecond) date, as a batch has.
    await t.database.db.execute(sql`
      insert into contest_entries (contest_id, name, email, entry_date)
      select ${contest.id}, 'Fan ' || n, 'fan' || n || '@example.com', now()
      from generate_series(1, ${total}) as n`);
    await t.database.db
      .update(contests)
      .set({ entryCount: total })
      .where(eq(contests.id, contest.id));

    const response = await exportCsv(contest.id, owner);
    expect(response.statusCode).toBe(200);
    const rows = readCsv(response.body);
    expect(rows).toHaveLength(total);
    const emails = new Set(rows.map((row) => row.email));
    expect(emails.size).toBe(total);
    expect(emails.has('fan1@example.com')).toBe(true);
    expect(emails.has(`fan${total}@example.com`)).toBe(true);
    expect(rows.every((row) => row.name === `Fan ${row.email.slice(3, -12)}`)).toBe(true);
  });

  it('refuses anonymous callers (401) and other users (404) without any e-mail', async () => {
    const contest = await seedContest(t, owner);
    await insertEntries(contest, [{ name: 'Hidden', email: 'hidden@example.com' }]);
    const anonymous = await exportCsv(contest.id, undefined);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await exportCsv(contest.id, await seedUser(t));
    expect(stranger.statusCode).toBe(404);
    for (const response of [anonymous, stranger]) {
      expect(response.body).not.toContain('hidden@example.com');
      expect(response.headers['content-disposition']).toBeUndefined();
    }
  });
});
