import { readFile } from 'node:fs/promises';
import { seedEntries } from '#server/testing/seed.ts';
import { statValue } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test } from './support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast } from './support/helpers.ts';
import { seedContest } from './support/seed-contests.ts';

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

test.describe('CSV import and export', () => {
  test('importing a CSV adds its valid rows and reports the rest', async ({
    page,
    server,
    seedUserWithPassword,
    signIn,
    snap,
  }) => {
    const owner = await seedUserWithPassword();
    const contest = await seedContest(server.db, owner.id, { title: 'Import Target' });
    await seedEntries(server, contest.id, [
      { name: 'Existing Person', email: 'existing@example.com' },
    ]);
    await signIn(owner);
    await page.goto(`/dashboard/${contest.id}`);
    await expect(statValue(page, 'Total Registrants')).toHaveText('1');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import entries from CSV' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      'A header row, then one entrant per row, as mailing-list tools and CRMs export it (commas or semicolons). Only .csv files, up to 5 MB. Duplicate e-mails are skipped.',
    );
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    await expect(importButton).toBeDisabled();
    await expectNoHorizontalScroll(page);
    await snap('import-dialog');

    // A mailing-list tool's export as it comes: a BOM, semicolons, quoted headers of its own.
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'gym-signups.csv',
      mimeType: 'text/csv',
      buffer: csv([
        '\uFEFF"Email Address";"First Name";"Last Name";"MEMBER_RATING"',
        'dana@example.com;Dana;Cruz;2',
        'eli@example.com;"Eli";"Park, Jr.";1',
        'DANA@example.com;Dana;Again;1',
        'ana@;Bad;Row;1',
        'existing@example.com;Existing;Again;1',
        ';Nameless;Email;1',
      ]),
    });
    await expect(
      dialog.getByText('Name from "First Name" + "Last Name" · E-mail from "Email Address"'),
    ).toBeVisible();
    await expect(importButton).toBeEnabled();
    await expectNoHorizontalScroll(page);
    await snap('import-columns-found');
    await importButton.click();

    await expectToast(page, 'Import Successful!', 'Imported 2 entries, skipped 4.');
    const summary = dialog.getByRole('status');
    await expect(summary.getByText('2 imported · 4 skipped')).toBeVisible();
    await expect(summary.getByRole('listitem')).toHaveText([
      "Row 4: 'DANA@example.com' appears earlier in the file (row 2).",
      "Row 5: 'ana@' is not an e-mail address.",
      "Row 6: 'existing@example.com': This email has already entered this contest.",
      'Row 7: The e-mail address is empty.',
    ]);
    await expectNoHorizontalScroll(page);
    await snap('import-result');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(statValue(page, 'Total Registrants')).toHaveText('3');
    const entries = page.getByRole('region', { name: 'Contest Entries' });
    await expect(entries.getByRole('listitem')).toHaveCount(3);
    await expect(entries.getByText('Eli Park, Jr.', { exact: true })).toBeVisible();
    await expect(entries.getByText('dana@example.com', { exact: true })).toBeVisible();
    await snap('import-done');
  });

  test(
    'the owner chooses other columns before importing',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Column Chooser' });
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import entries from CSV' });
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });

      // Headers the import does not know: nothing is chosen, and nothing can be sent yet.
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'crm.csv',
        mimeType: 'text/csv',
        buffer: csv(['Contact,Home,Work', 'Ana Silva,ana@home.example,ana@work.example']),
      });
      await expect(
        dialog.getByText('Choose the column with the e-mail address and the one with the name.'),
      ).toBeVisible();
      await expect(importButton).toBeDisabled();
      await expectNoHorizontalScroll(page);
      await snap('import-columns-unknown');

      await dialog.getByLabel('E-mail', { exact: true }).selectOption({ label: 'Work' });
      await dialog.getByLabel('Name (or first name)').selectOption({ label: 'Contact' });
      await expect(dialog.getByText('Name from "Contact" · E-mail from "Work"')).toBeVisible();
      await snap('import-columns-chosen');
      await importButton.click();

      await expect(dialog.getByRole('status').getByText('1 imported · 0 skipped')).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).click();
      const entries = page.getByRole('region', { name: 'Contest Entries' });
      await expect(entries.getByText('ana@work.example', { exact: true })).toBeVisible();
      await expect(entries.getByText('Ana Silva', { exact: true })).toBeVisible();
    },
  );

  test(
    'only .csv files are accepted',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Picky Importer' });
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import entries from CSV' });
      const input = dialog.getByLabel('CSV file');
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });

      await input.setInputFiles({
        name: 'entrants.txt',
        mimeType: 'text/plain',
        buffer: csv(['name,email', 'Tex Tfile,tex@example.com']),
      });
      await expect(dialog.getByRole('alert')).toHaveText('Only .csv files can be imported.');
      await expect(importButton).toBeDisabled();
      await snap('import-wrong-type');

      // Picking a proper file afterwards clears the message.
      await input.setInputFiles({
        name: 'entrants.CSV',
        mimeType: 'text/csv',
        buffer: csv(['name,email', 'Tex Tfile,tex@example.com']),
      });
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(importButton).toBeEnabled();

      // Cancel imports nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(statValue(page, 'Total Registrants')).toHaveText('0');
    },
  );

  test(
    'Export downloads every entry as {title}-entries.csv',
    PHONE_ONLY,
    async ({ page, server, seedUserWithPassword, signIn, snap }) => {
      const owner = await seedUserWithPassword();
      const contest = await seedContest(server.db, owner.id, { title: 'Summer Shred Challenge' });
      await seedEntries(server, contest.id, [
        {
          name: 'Alice Johnson',
          email: 'alice@example.com',
          entryDate: new Date('2026-03-01T10:00:00Z'),
        },
        {
          name: 'Díaz, Carla',
          email: 'carla@example.com',
          entryDate: new Date('2026-03-02T11:30:00Z'),
        },
        {
          name: '=HYPERLINK("x")',
          email: 'formula@example.com',
          entryDate: new Date('2026-03-03T09:15:00Z'),
        },
      ]);
      await signIn(owner);
      await page.goto(`/dashboard/${contest.id}`);

      const exportButton = page.getByRole('button', { name: 'Export' });
      await expect(exportButton).toBeEnabled();
      const downloading = page.waitForEvent('download');
      await exportButton.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Summer Shred Challenge-entries.csv');
      await expectToast(page, 'Export Successful');
      await snap('export-done');

      const content = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      expect(content.split('\r\n')).toEqual([
        '"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
        '"Alice Johnson","alice@example.com","2026-03-01T10:00:00.000Z","confirmed","","0","1","","no",""',
        '"Díaz, Carla","carla@example.com","2026-03-02T11:30:00.000Z","confirmed","","0","1","","no",""',
        // A spreadsheet would run this as a formula: it is exported as plain text.
        `"'=HYPERLINK(""x"")","formula@example.com","2026-03-03T09:15:00.000Z","confirmed","","0","1","","no",""`,
        '',
      ]);
    },
  );
});
