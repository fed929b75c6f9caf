import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, type Contest } from '#server/db/schema.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm, multipartForm } from '#server/testing/uploads.ts';
import type { ImportResult } from '#shared/contracts/entries.ts';

/**
 * Files people have: exported from a mailing-list tool or a CRM, imported without editing
 * (docs/product.md#csv-import-and-export).
 */
describe('importing the CSV files mailing-list tools and CRMs export', () => {
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

  const storedEntries = (contest: Contest) =>
    t.database.db
      .select({ name: contestEntries.name, email: contestEntries.email })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id))
      .orderBy(asc(contestEntries.email));

  async function importedFrom(csv: string, parts: Parameters<typeof multipartForm>[0] = []) {
    const contest = await seedContest(t.database, owner);
    const response = await importInto(
      contest,
      multipartForm([...parts, { field: 'csvFile', content: csv, filename: 'export.csv' }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    return { result: response.json<ImportResult>(), entries: await storedEntries(contest) };
  }

  it.each([
    [
      'a mailing-list export: semicolons, a BOM, quoted "Email Address", "First Name", "Last Name"',
      '\uFEFF"Email Address";"First Name";"Last Name";"MEMBER_RATING"\r\n"ana@example.com";"Ana";"Silva";"2"\r\n"bo@example.com";"Bo";"";"1"\r\n',
    ],
    [
      'a CRM export: commas, "E-mail" and "Full Name" among other columns',
      'Company,Full Name,E-mail,Phone\nAcme,Ana Silva,ana@example.com,555\nInitech,Bo,bo@example.com,\n',
    ],
    [
      'headers in any letter case and spacing: " EMAIL ", "first name", "LAST NAME"',
      ' EMAIL ;first name;LAST NAME\nana@example.com;Ana;Silva\nbo@example.com;Bo;\n',
    ],
    [
      'plain "Name" and "Email", semicolons',
      'Name;Email\nAna Silva;ana@example.com\nBo;bo@example.com\n',
    ],
  ])('reads %s', async (_label, csv) => {
    const { result, entries } = await importedFrom(csv);
    expect(result).toEqual({ imported: 2, skipped: 0, errors: [] });
    expect(entries).toEqual([
      { name: 'Ana Silva', email: 'ana@example.com' },
      { name: 'Bo', email: 'bo@example.com' },
    ]);
  });

  it('keeps a quoted semicolon or comma inside a field', async () => {
    const { entries } = await importedFrom(
      'Name;Email;Note\n"Silva; Ana";ana@example.com;"a, b"\n"Lee, Bo";bo@example.com;x\n',
    );
    expect(entries).toEqual([
      { name: 'Silva; Ana', email: 'ana@example.com' },
      { name: 'Lee, Bo', email: 'bo@example.com' },
    ]);
  });

  it('reads the columns the owner chose instead of the ones it would have found', async () => {
    const csv = 'Name,Email,Work Email,Nickname\nAna Silva,ana@home.example,ana@work.example,Nan\n';
    const { entries } = await importedFrom(csv, [
      { field: 'columns', content: JSON.stringify({ email: 2, name: [3] }) },
    ]);
    expect(entries).toEqual([{ name: 'Nan', email: 'ana@work.example' }]);
  });

  it.each([
    ['a column past the header', { email: 9, name: [0] }],
    ['the same column for both', { email: 0, name: [0] }],
    ['no name column', { email: 1, name: [] }],
    ['not a mapping', 'email=1'],
  ])('refuses %s with 400, importing nothing', async (_label, columns) => {
    const contest = await seedContest(t.database, owner);
    const response = await importInto(
      contest,
      multipartForm([
        {
          field: 'columns',
          content: typeof columns === 'string' ? columns : JSON.stringify(columns),
        },
        { field: 'csvFile', content: 'Name,Email\nAna,ana@example.com\n', filename: 'a.csv' },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await storedEntries(contest)).toEqual([]);
  });

  it('quotes the value a row was refused for', async () => {
    const csv = [
      'Email Address;First Name;Last Name', // 1
      'ana@example.com;Ana;Silva', // 2
      'ana@;Bad;Address', // 3
      'ANA@example.com;Ana;Again', // 4
      'link@example.com;Visit www.evil.example;', // 5
      ';No;Address', // 6
    ].join('\n');
    const { result } = await importedFrom(csv);
    expect(result.imported).toBe(1);
    expect([...result.errors].sort((a, b) => a.row - b.row)).toEqual([
      { row: 3, message: "'ana@' is not an e-mail address." },
      { row: 4, message: "'ANA@example.com' appears earlier in the file (row 2)." },
      { row: 5, message: "'Visit www.evil.example': Name cannot contain a web address." },
      { row: 6, message: 'The e-mail address is empty.' },
    ]);
  });

  it('still refuses a file where no e-mail column can be found, saying what it looked for', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await importInto(contest, csvFileForm('Phone;Name\n555;Ana\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The CSV file needs a header row with an e-mail column (such as "Email" or "Email Address") and a name column (such as "Name", "Full Name", or "First Name" and "Last Name").',
    );
  });
});
