import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests, type Contest } from '#server/db/schema.ts';
import { uniqueEmail } from '#server/testing/auth-helpers.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm, FORM_BOUNDARY, multipartForm } from '#server/testing/uploads.ts';
import { CSV_IMPORT_MAX_BYTES } from '#shared/constants.ts';
import { expectSafeAnswer } from './hostile-values.ts';

/**
 * Hostile uploads to `POST /api/contests/:contestId/entries/import`: every one is refused with a
 * 4xx `{message}`, and a refused upload leaves the contest exactly as it was (no half import).
 * import.test.ts covers the ordinary refusals; these are the files and forms built to hurt.
 */

type Upload = { headers: Record<string, string>; payload: Buffer };

const MB = 1024 * 1024;
const HEADER = 'name,email\n';
/** Every byte value, NULs and invalid UTF-8 included, many times over. */
const binaryGarbage = Uint8Array.from({ length: 64 * 1024 }, (_, index) => (index * 31 + 7) % 256);

type HostileUpload = { label: string; upload: () => Upload; status?: number };

const hostileUploads: HostileUpload[] = [
  { label: 'binary garbage', upload: () => csvFileForm(binaryGarbage) },
  {
    label: 'binary garbage after a valid header and row',
    upload: () =>
      csvFileForm(Buffer.concat([Buffer.from(`${HEADER}Ok,ok@example.com\n"`), binaryGarbage])),
  },
  {
    label: '1,000,000 columns in one row',
    upload: () => csvFileForm(`${HEADER}${'a,'.repeat(1_000_000)}\n`),
    status: 400,
  },
  {
    label: '1,000,000 columns in the header',
    upload: () => csvFileForm(`name,email,${'c,'.repeat(1_000_000)}\nA,a@example.com\n`),
    status: 400,
  },
  {
    label: 'an unterminated quote after valid rows',
    upload: () => csvFileForm(`${HEADER}Good,good@example.com\n"Open,open@example.com\nMore,x\n`),
    status: 400,
  },
  {
    label: 'an unterminated quote running to the end of a 4 MB file',
    upload: () => csvFileForm(`${HEADER}Good,good@example.com\n"${'q'.repeat(4 * MB)}`),
    status: 400,
  },
  {
    label: 'a 5 MB single line (just under the limit)',
    upload: () => csvFileForm(`name,email,${'x'.repeat(CSV_IMPORT_MAX_BYTES - 64)}`),
    status: 400,
  },
  {
    label: 'a 5 MB single row below a valid header',
    upload: () => csvFileForm(`${HEADER}${'y'.repeat(CSV_IMPORT_MAX_BYTES - 64)}\n`),
    status: 400,
  },
  {
    label: 'a file one byte over 5 MB',
    upload: () => csvFileForm(`${HEADER}${'z'.repeat(CSV_IMPORT_MAX_BYTES - HEADER.length + 1)}`),
    status: 413,
  },
  { label: 'an empty file', upload: () => csvFileForm(''), status: 400 },
  {
    label: 'a file part without a file name',
    upload: () => multipartForm([{ field: 'csvFile', content: `${HEADER}A,a@example.com\n` }]),
    status: 400,
  },
  {
    label: 'no file at all, only fields',
    upload: () => multipartForm([{ field: 'name', content: 'A' }]),
    status: 400,
  },
  {
    label: 'a form with more parts than allowed',
    upload: () =>
      multipartForm(
        Array.from({ length: 50 }, (_, index) => ({ field: `f${index}`, content: 'x' })),
      ),
  },
  {
    label: 'a truncated form (no closing boundary)',
    upload: () => {
      const form = multipartForm([{ field: 'csvFile', content: HEADER, filename: 'a.csv' }], {
        closed: false,
      });
      return { ...form, payload: form.payload.subarray(0, 80) };
    },
    status: 400,
  },
  {
    label: 'a body whose boundary is not the announced one',
    upload: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=another-boundary' },
      payload: csvFileForm(`${HEADER}A,a@example.com\n`).payload,
    }),
    status: 400,
  },
  {
    label: 'multipart/form-data without a boundary',
    upload: () => ({
      headers: { 'content-type': 'multipart/form-data' },
      payload: csvFileForm(`${HEADER}A,a@example.com\n`).payload,
    }),
    status: 400,
  },
  ...['text/csv', 'application/octet-stream', 'application/x-www-form-urlencoded'].map(
    (type): HostileUpload => ({
      label: `the CSV sent raw as ${type}`,
      upload: () => ({
        headers: { 'content-type': type },
        payload: Buffer.from(`${HEADER}A,a@example.com\n`),
      }),
      status: 415,
    }),
  ),
  {
    label: 'multipart/mixed',
    upload: () => ({
      headers: { 'content-type': `multipart/mixed; boundary=${FORM_BOUNDARY}` },
      payload: csvFileForm(`${HEADER}A,a@example.com\n`).payload,
    }),
    status: 415,
  },
];

describe('hostile CSV uploads', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /** A contest already holding two entries: a refused upload must leave exactly these. */
  async function contestWithEntries(): Promise<Contest> {
    const contest = await seedContest(t.database, owner, { entryCount: 2 });
    await t.database.db.insert(contestEntries).values(
      ['First', 'Second'].map((name) => ({
        contestId: contest.id,
        name,
        email: uniqueEmail(name.toLowerCase()),
      })),
    );
    return contest;
  }

  async function snapshot(contest: Contest) {
    const entries = await t.database.db
      .select({ id: contestEntries.id })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    const [row] = await t.database.db
      .select({ entryCount: contests.entryCount })
      .from(contests)
      .where(eq(contests.id, contest.id));
    return { entries: entries.map((entry) => entry.id).sort(), entryCount: row!.entryCount };
  }

  it.each(hostileUploads)('refuses $label with a 4xx and imports nothing', async (hostile) => {
    const contest = await contestWithEntries();
    const before = await snapshot(contest);
    const response = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...hostile.upload(),
    });
    expectSafeAnswer(response, hostile.label, { refused: true });
    if (hostile.status) expect(response.statusCode, response.body).toBe(hostile.status);
    expect(await snapshot(contest)).toEqual(before);
  });

  it('treats a file name with path traversal as a name only', async () => {
    const contest = await contestWithEntries();
    const response = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...csvFileForm(`${HEADER}Third,${uniqueEmail('third')}\n`, '../../../etc/passwd.csv'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
    expect((await snapshot(contest)).entryCount).toBe(3);
  });

  it('keeps hostile names as data and reports bad rows, importing the good ones', async () => {
    const contest = await contestWithEntries();
    const csv = [
      'name,email',
      `"<img src=x onerror=alert(1)>",${uniqueEmail('img')}`,
      `"'; drop table users; --",${uniqueEmail('sql')}`,
      // A formula whose target is no web address: names holding one are refused (decision 028).
      `"=HYPERLINK(""#evil"",""x"")",${uniqueEmail('formula')}`,
      `"Nul\u0000Name",${uniqueEmail('nul')}`,
      `"${'n'.repeat(101)}",${uniqueEmail('long')}`,
    ].join('\n');
    const response = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...csvFileForm(csv),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 3, skipped: 2 });
    expect((await snapshot(contest)).entryCount).toBe(5);
  });

  it('exports formula bait it imported as quoted text cells, one per value', async () => {
    const contest = await seedContest(t.database, owner);
    const bait = [
      ['x;=HYPERLINK("evil.example";"x")', 'semicolon@example.com'],
      [`=cmd|' /C calc'!A0`, 'dde@example.com'],
      ['@SUM(A1:A9)', 'at@example.com'],
      ['+1+1', 'plus@example.com'],
      ['-1+1', 'minus@example.com'],
    ];
    const csv = [
      'name,email',
      ...bait.map(([name, email]) => `"${name!.replaceAll('"', '""')}",${email}`),
    ].join('\r\n');
    const imported = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...csvFileForm(csv),
    });
    expect(imported.json()).toEqual({ imported: bait.length, skipped: 0, errors: [] });

    const exported = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/export`,
    });
    const [header, ...lines] = exported.body.split('\r\n');
    expect(header).toBe(
      '\uFEFF"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
    );
    // Each line: name and e-mail as quoted text, then the quoted date, status, flags, referrals
    // and weight.
    const withoutDates = lines.map((line) =>
      line.replace(/,"\d{4}-[\d:.TZ-]+","confirmed","","0","1","","no",""$/, ''),
    );
    expect(withoutDates.sort()).toEqual(
      [
        '',
        `"x;=HYPERLINK(""evil.example"";""x"")","semicolon@example.com"`,
        `"'=cmd|' /C calc'!A0","dde@example.com"`,
        `"'@SUM(A1:A9)","at@example.com"`,
        `"'+1+1","plus@example.com"`,
        `"'-1+1","minus@example.com"`,
      ].sort(),
    );
  });
});
