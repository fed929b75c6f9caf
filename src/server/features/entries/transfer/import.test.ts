import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm, multipartForm } from '#server/testing/uploads.ts';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import type { ImportResult } from '#shared/contracts/entries.ts';
import { importMessages } from '#shared/contracts/entry-import.ts';

/** The answer with its errors in row order (the order of the list is not part of the contract). */
const byRow = (result: ImportResult): ImportResult => ({
  ...result,
  errors: [...result.errors].sort((a, b) => a.row - b.row),
});

describe('importing entries from CSV', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const importInto = (contest: Contest, body: ReturnType<typeof multipartForm>) =>
    request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...body,
    });

  async function storedEntries(contest: Contest) {
    return t.database.db
      .select({ name: contestEntries.name, email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id))
      .orderBy(asc(contestEntries.email));
  }

  async function entryCounter(contest: Contest) {
    const [row] = await t.database.db
      .select({ entryCount: contests.entryCount })
      .from(contests)
      .where(eq(contests.id, contest.id));
    return row!.entryCount;
  }

  async function expectNothingImported(contest: Contest) {
    expect(await storedEntries(contest)).toEqual([]);
    expect(await entryCounter(contest)).toBe(0);
  }

  describe('reading the file', () => {
    it('imports name,email rows and answers {imported, skipped, errors}', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        csvFileForm('name,email\nMaya Chen,maya@example.com\nJordan Lee,jordan@example.com\n'),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<ImportResult>()).toEqual({ imported: 2, skipped: 0, errors: [] });
      expect(await storedEntries(contest)).toEqual([
        { name: 'Jordan Lee', email: 'jordan@example.com' },
        { name: 'Maya Chen', email: 'maya@example.com' },
      ]);
      expect(await entryCounter(contest)).toBe(2);
      const count = await request(t, undefined, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/count`,
      });
      expect(count.json()).toEqual({ count: 2 });
    });

    it.each([
      ['Email,NAME', 'maya@example.com,Maya Chen'],
      ['EMAIL,Name', 'maya@example.com,Maya Chen'],
      [' Name , Email ', 'Maya Chen,maya@example.com'],
      ['id,email,phone,name', '7,maya@example.com,555-0100,Maya Chen'],
    ])('finds the columns in header %j', async (header, row) => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(contest, csvFileForm(`${header}\n${row}\n`));
      expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
      expect(await storedEntries(contest)).toEqual([
        { name: 'Maya Chen', email: 'maya@example.com' },
      ]);
    });

    it('reads a UTF-8 file with BOM, CRLF line ends and quoted fields', async () => {
      const contest = await seedContest(t.database, owner);
      const csv =
        '\uFEFF"name","email"\r\n' +
        '"Chen, Maya",maya@example.com\r\n' +
        '"Jo ""JJ"" Smith","jj@example.com"\r\n' +
        'Zoë Ñúñez,zoe@example.com\r\n' +
        '"Ada","ada@example.com"\r\n';
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.json()).toEqual({ imported: 4, skipped: 0, errors: [] });
      expect(await storedEntries(contest)).toEqual([
        { name: 'Ada', email: 'ada@example.com' },
        { name: 'Jo "JJ" Smith', email: 'jj@example.com' },
        { name: 'Chen, Maya', email: 'maya@example.com' },
        { name: 'Zoë Ñúñez', email: 'zoe@example.com' },
      ]);
    });

    it('reads a file without a trailing newline and ignores blank lines', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        csvFileForm('name,email\n\nAda,ada@example.com\n\n , \n,,\nBo,bo@example.com'),
      );
      expect(response.json()).toEqual({ imported: 2, skipped: 0, errors: [] });
    });

    it('finds the header below leading blank lines and still numbers rows as a spreadsheet', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        csvFileForm('\r\n\r\nname,email\r\nAda,ada@example.com\r\nNo Email,\r\n'),
      );
      expect(response.json()).toEqual({
        imported: 1,
        skipped: 1,
        errors: [{ row: 5, message: 'The e-mail address is empty.' }],
      });
    });

    it('trims names and e-mails and keeps the e-mail as written', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        csvFileForm('name,email\n  Ada  ,  Ada@Example.COM \n'),
      );
      expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
      expect(await storedEntries(contest)).toEqual([{ name: 'Ada', email: 'Ada@Example.COM' }]);
    });
  });

  describe('skipping rows', () => {
    it('skips duplicates within the file and e-mails already entered, case-insensitively', async () => {
      const contest = await seedContest(t.database, owner);
      const entered = await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name: 'Early Bird', email: 'early@example.com' },
      });
      expect(entered.statusCode).toBe(201);

      const csv = [
        'name,email',
        'Maya,maya@example.com', // row 2
        'Maya Again,MAYA@example.com', // row 3: earlier in the file
        'Early Again,Early@Example.com', // row 4: already entered
        'Jordan,jordan@example.com', // row 5
        'Jordan Twin, jordan@example.com ', // row 6: earlier in the file
      ].join('\n');
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.statusCode).toBe(200);
      expect(byRow(response.json())).toEqual({
        imported: 2,
        skipped: 3,
        errors: [
          { row: 3, message: "'MAYA@example.com' appears earlier in the file (row 2)." },
          {
            row: 4,
            message: "'Early@Example.com': This email has already entered this contest.",
          },
          { row: 6, message: "'jordan@example.com' appears earlier in the file (row 5)." },
        ],
      });
      expect((await storedEntries(contest)).map((entry) => entry.name)).toEqual([
        'Early Bird',
        'Jordan',
        'Maya',
      ]);
      expect(await entryCounter(contest)).toBe(3);
    });

    it('reports bad rows by spreadsheet row (header is row 1) and imports the rest', async () => {
      const contest = await seedContest(t.database, owner);
      const csv = [
        'name,email', // 1
        'Good One,good1@example.com', // 2
        ',noname@example.com', // 3
        'No Email,', // 4
        'Bad Email,not-an-email', // 5
        '', // 6: blank line
        'Good Two,good2@example.com', // 7
        'Short Row', // 8
        `${'N'.repeat(101)},long@example.com`, // 9
      ].join('\r\n');
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.statusCode).toBe(200);
      expect(byRow(response.json())).toEqual({
        imported: 2,
        skipped: 5,
        errors: [
          { row: 3, message: 'Full name is required' },
          { row: 4, message: 'The e-mail address is empty.' },
          { row: 5, message: "'not-an-email' is not an e-mail address." },
          { row: 8, message: 'The e-mail address is empty.' },
          { row: 9, message: `'${'N'.repeat(60)}…': Name must be at most 100 characters` },
        ],
      });
      expect((await storedEntries(contest)).map((entry) => entry.email)).toEqual([
        'good1@example.com',
        'good2@example.com',
      ]);
    });

    it('reports names with control or text-direction characters by row', async () => {
      const contest = await seedContest(t.database, owner);
      const csv = [
        'name,email', // 1
        '"Multi\r\nLine",multi@example.com', // 2: one record over two lines
        '"Tab\tName",tab@example.com', // 3
        'Bell\u0007,bell@example.com', // 4
        'C1\u009B,c1@example.com', // 5
        'Maya \u202Egnp.exe,rlo@example.com', // 6
        'Iso\u2067late,isolate@example.com', // 7
        'Plain Name,plain@example.com', // 8
      ].join('\r\n');
      const response = await importInto(contest, csvFileForm(csv));
      const message = 'Name cannot contain control or text-direction characters.';
      // The value is quoted with those characters shown as U+FFFD: they would reorder the list.
      const values = ['Multi\uFFFD\uFFFDLine', 'Tab\uFFFDName', 'Bell\uFFFD', 'C1\uFFFD'];
      values.push('Maya \uFFFDgnp.exe', 'Iso\uFFFDlate');
      expect(byRow(response.json())).toEqual({
        imported: 1,
        skipped: 6,
        errors: values.map((value, index) => ({
          row: index + 2,
          message: `'${value}': ${message}`,
        })),
      });
      expect(await storedEntries(contest)).toEqual([
        { name: 'Plain Name', email: 'plain@example.com' },
      ]);
    });

    it('counts every skipped row but lists at most 100 errors', async () => {
      const contest = await seedContest(t.database, owner);
      const rows = Array.from({ length: 150 }, (_, index) => `Bad ${index},not-an-email`);
      const response = await importInto(contest, csvFileForm(['name,email', ...rows].join('\n')));
      const result = response.json<ImportResult>();
      expect(result.imported).toBe(0);
      expect(result.skipped).toBe(150);
      expect(result.errors).toHaveLength(100);
      expect(result.errors[0]).toEqual({
        row: 2,
        message: "'not-an-email' is not an e-mail address.",
      });
    });

    it('respects maxEntries: rows past capacity are skipped as full', async () => {
      const contest = await seedContest(t.database, owner, { maxEntries: 3 });
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name: 'First', email: 'first@example.com' },
      });
      const csv = [
        'name,email',
        'A,a@example.com',
        'First Again,first@example.com',
        'B,b@example.com',
        'C,c@example.com',
        'D,d@example.com',
      ].join('\n');
      const response = await importInto(contest, csvFileForm(csv));
      expect(byRow(response.json())).toEqual({
        imported: 2,
        skipped: 3,
        errors: [
          { row: 3, message: "'first@example.com': This email has already entered this contest." },
          { row: 5, message: 'This contest is full.' },
          { row: 6, message: 'This contest is full.' },
        ],
      });
      expect(await entryCounter(contest)).toBe(3);
      const again = await importInto(contest, csvFileForm('name,email\nE,e@example.com\n'));
      expect(again.json()).toEqual({
        imported: 0,
        skipped: 1,
        errors: [{ row: 2, message: 'This contest is full.' }],
      });
    });

    it('imports into an ended or paused contest (the owner’s own list)', async () => {
      const ended = await seedContest(t.database, owner, { endDate: new Date(Date.now() - 1000) });
      const paused = await seedContest(t.database, owner, { isActive: false });
      for (const contest of [ended, paused]) {
        const response = await importInto(
          contest,
          csvFileForm('name,email\nLate,late@example.com\n'),
        );
        expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
      }
    });
  });

  describe('refusing the upload', () => {
    it('refuses a file that is not .csv with 415', async () => {
      const contest = await seedContest(t.database, owner);
      for (const filename of ['entries.txt', 'entries.csv.exe', 'entries', 'csv']) {
        const response = await importInto(
          contest,
          csvFileForm('name,email\nA,a@example.com\n', filename),
        );
        expect(response.statusCode, filename).toBe(415);
        expect(response.json()).toEqual({
          message: 'Only .csv files can be imported.',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      const upperCase = await importInto(
        contest,
        csvFileForm('name,email\nA,a@example.com\n', 'ENTRIES.CSV'),
      );
      expect(upperCase.json()).toMatchObject({ imported: 1 });
    });

    it('refuses a multipart body without the csvFile file with 400', async () => {
      const contest = await seedContest(t.database, owner);
      const onlyField = multipartForm([{ field: 'note', content: 'no file here' }]);
      const wrongField = multipartForm([
        { field: 'upload', content: 'name,email\nA,a@example.com\n', filename: 'entries.csv' },
      ]);
      const empty = multipartForm([]);
      for (const body of [onlyField, wrongField, empty]) {
        const response = await importInto(contest, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/csv/i);
        expect(response.json().code).toBe('BAD_REQUEST');
      }
      await expectNothingImported(contest);
    });

    it('refuses a JSON or plain-text body with 415', async () => {
      const contest = await seedContest(t.database, owner);
      const json = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries/import`,
        payload: { csvFile: 'name,email\nA,a@example.com' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({
        message: 'Upload the CSV file as multipart/form-data.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      const text = await request(t, owner, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries/import`,
        headers: { 'content-type': 'text/csv' },
        payload: 'name,email\nA,a@example.com\n',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      await expectNothingImported(contest);
    });

    it('accepts a file of several hundred KB (above the JSON body limit)', async () => {
      const contest = await seedContest(t.database, owner);
      const padding = 'x'.repeat(60_000);
      const rows = Array.from(
        { length: 20 },
        (_, index) => `Big ${index},big${index}@example.com,${padding}`,
      );
      const csv = ['name,email,notes', ...rows].join('\n');
      expect(csv.length).toBeGreaterThan(1024 * 1024);
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ imported: 20, skipped: 0, errors: [] });
    });

    it('refuses a file over 5 MB with 413 and imports nothing', async () => {
      const contest = await seedContest(t.database, owner);
      const header = 'name,email\n';
      const row = 'Same Row,row@example.com\n';
      const csv =
        header + row.repeat(Math.ceil((CSV_IMPORT_MAX_BYTES - header.length) / row.length) + 1);
      expect(Buffer.byteLength(csv)).toBeGreaterThan(CSV_IMPORT_MAX_BYTES);
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        message: 'The file is too large: the limit is 5 MB.',
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingImported(contest);
    });

    it('refuses two files in one upload', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        multipartForm([
          { field: 'csvFile', content: 'name,email\nA,a@example.com\n', filename: 'a.csv' },
          { field: 'csvFile', content: 'name,email\nB,b@example.com\n', filename: 'b.csv' },
        ]),
      );
      // Either the first file is imported alone, or the upload is refused: never both, never 5xx.
      expect(response.statusCode).toBeLessThan(500);
      expect((await storedEntries(contest)).length).toBeLessThanOrEqual(1);
    });

    it.each([
      ['an empty file', ''],
      ['a file with only a BOM', '\uFEFF'],
      ['rows without a header', 'Maya Chen,maya@example.com\nJo,jo@example.com\n'],
      ['a header without email', 'name,phone\nMaya,555\n'],
      ['a header without name', 'phone,email\n555,maya@example.com\n'],
    ])('refuses %s with 400', async (_label, csv) => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(contest, csvFileForm(csv));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: importMessages.missingColumns,
        code: 'BAD_REQUEST',
      });
      await expectNothingImported(contest);
    });

    it('refuses a file with an unterminated quote with 400, importing nothing', async () => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(
        contest,
        csvFileForm('name,email\nGood,good@example.com\n"Maya,maya@example.com\n'),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^The file is not a valid CSV file/);
      expect(response.json().code).toBe('BAD_REQUEST');
      await expectNothingImported(contest);
    });

    it.each([
      ['random bytes', Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256)],
      [
        'a PNG image renamed .csv',
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49]),
      ],
      ['NUL bytes', Buffer.from('name,email\nNul\u0000Name,nul@example.com\n', 'utf8')],
      ['invalid UTF-8', Buffer.from([...Buffer.from('name,email\n'), 0xff, 0xfe, 0x2c, 0x41])],
      ['UTF-16 text', Buffer.from('\uFEFFname,email\nA,a@example.com\n', 'utf16le')],
      ['a huge single line', Buffer.from(`name,email\n${'y'.repeat(200_000)}\n`)],
    ])('answers %s with 4xx (never 5xx)', async (_label, bytes) => {
      const contest = await seedContest(t.database, owner);
      const response = await importInto(contest, csvFileForm(bytes));
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message ?? response.json().imported).toBeDefined();
      if (response.statusCode === 200) {
        // Whatever was readable went through validation: stored rows are well-formed entries.
        for (const entry of await storedEntries(contest)) {
          expect(entry.email).toMatch(/^[^@\s]+@[^@\s]+$/);
        }
      } else {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        await expectNothingImported(contest);
      }
    });

    it('answers 404 for an unknown contest and for a malformed id', async () => {
      for (const id of ['8d1f0a3e-8b8c-4a55-9a52-0c7f6b3d2e10', 'not-a-contest']) {
        const response = await request(t, owner, {
          method: 'POST',
          url: `/api/contests/${id}/entries/import`,
          ...csvFileForm('name,email\nA,a@example.com\n'),
        });
        expect(response.statusCode).toBe(404);
      }
    });
  });
});
