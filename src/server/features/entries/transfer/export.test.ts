import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';

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
  async function insertEntries(
    contest: Contest,
    rows: { name: string; email: string; entryDate?: Date }[],
  ) {
    await t.database.db
      .insert(contestEntries)
      .values(rows.map((row) => ({ ...row, contestId: contest.id })));
    await t.database.db
      .update(contests)
      .set({ entryCount: sql`${contests.entryCount} + ${rows.length}` })
      .where(eq(contests.id, contest.id));
  }

  it('answers text/csv with a BOM, CRLF lines and the quoted columns name,email,entryDate', async () => {
    const contest = await seedContest(t.database, owner);
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
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
    );
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
    const contest = await seedContest(t.database, owner, { title: 'Spring Shred (2025)' });
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
    const contest = await seedContest(t.database, owner, { title });
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
    const contest = await seedContest(t.database, owner);
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
    const contest = await seedContest(t.database, owner);
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

  /** Names a spreadsheet would split at a `;` (Excel in `;` locales) or run as a formula. */
  const SPREADSHEET_BAIT = [
    { name: 'x;=1+1', email: 'semicolon@example.com' },
    { name: '=cmd', email: 'equals@example.com' },
    { name: '@SUM(A1)', email: 'at@example.com' },
    { name: '\t=1', email: 'tab@example.com' },
    { name: '"quoted"', email: 'quoted@example.com' },
  ];

  /** One entry a second from 2026-03-01T10:00:00Z on, so that the lines come in this order. */
  const oneASecond = (rows: { name: string; email: string }[]) =>
    rows.map((row, index) => ({ ...row, entryDate: new Date(Date.UTC(2026, 2, 1, 10, 0, index)) }));

  it('quotes every field and neutralises formulas: one text cell per value', async () => {
    const contest = await seedContest(t.database, owner);
    await insertEntries(contest, oneASecond(SPREADSHEET_BAIT));
    const response = await exportCsv(contest.id, owner);
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFF"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
      '"x;=1+1","semicolon@example.com","2026-03-01T10:00:00.000Z","confirmed","","0","1","","no",""',
      `"'=cmd","equals@example.com","2026-03-01T10:00:01.000Z","confirmed","","0","1","","no",""`,
      `"'@SUM(A1)","at@example.com","2026-03-01T10:00:02.000Z","confirmed","","0","1","","no",""`,
      `"'\t=1","tab@example.com","2026-03-01T10:00:03.000Z","confirmed","","0","1","","no",""`,
      '"""quoted""","quoted@example.com","2026-03-01T10:00:04.000Z","confirmed","","0","1","","no",""',
      '',
    ]);
  });

  it('writes what the import reads: an exported file imports into another contest', async () => {
    const source = await seedContest(t.database, owner);
    const exported = [
      ...SPREADSHEET_BAIT.filter((entry) => !entry.name.includes('\t')),
      { name: 'Chen, Maya', email: 'maya.chen@example.com' },
      { name: 'Zoë Ñúñez 李', email: 'zoe@example.com' },
    ];
    await insertEntries(source, oneASecond(exported));
    const file = (await exportCsv(source.id, owner)).rawPayload;

    const target = await seedContest(t.database, owner);
    const imported = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${target.id}/entries/import`,
      ...csvFileForm(file),
    });
    expect(imported.json()).toEqual({ imported: exported.length, skipped: 0, errors: [] });
    const stored = await t.database.db
      .select({ name: contestEntries.name, email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, target.id))
      .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
    // The names as the spreadsheet shows them: neutralised ones keep their apostrophe.
    expect(stored.map((entry) => entry.email).sort()).toEqual(
      exported.map((entry) => entry.email).sort(),
    );
    expect(new Map(stored.map((entry) => [entry.email, entry.name]))).toEqual(
      new Map(exported.map(({ name, email }) => [email, /^[=@]/.test(name) ? `'${name}` : name])),
    );
  });

  it('exports only the header for a contest without entries', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await exportCsv(contest.id, owner);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      '\uFEFF"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"\r\n',
    );
  });

  it('exports 12,000 entries completely, each once, even when they share one date', async () => {
    const contest = await seedContest(t.database, owner);
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
    const contest = await seedContest(t.database, owner);
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
