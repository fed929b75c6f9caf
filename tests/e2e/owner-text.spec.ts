import { enterContest } from './support/contest-helpers.ts';
import { expect, PHONE_ONLY, test, uniqueEmail } from './support/fixtures.ts';
import { seedContest } from './support/seed-contests.ts';

/**
 * The owner's words reach the server-rendered entry page as text: String#replace would read `$'`
 * or `$&` in them as patterns, and `</script>` or `<!--` could end the embedded data early. The
 * fixtures fail the test on any console error, so a page that does not hydrate fails it too.
 * A rule of the server and the script, not of the window: the phone runs it (the entry page and
 * "You're In" are seen at desktop size in public-entry.spec.ts).
 */
const OWNER_TEXTS = ["$'", '$`', '$&', '$$$', '</script>', '<!--'];

test.describe('owner text on the public entry page', () => {
  for (const text of OWNER_TEXTS) {
    test(
      `shows ${JSON.stringify(text)} verbatim and hydrates`,
      PHONE_ONLY,
      async ({ page, server, seedUserWithPassword }) => {
        const owner = await seedUserWithPassword();
        const contest = await seedContest(server.db, owner.id, {
          title: text,
          description: `About ${text}`,
          prizeDetails: text,
          prizeValue: text,
          confirmationMessage: `Thanks ${text}`,
        });
        const served = await (await page.goto(`/c/${contest.id}`))!.text();

        await expect(page).toHaveTitle(`${text} – Prizewheel`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
        await expect(page.getByText(`${text} (${text})`, { exact: true })).toBeVisible();
        await expect(page.getByText(`About ${text}`, { exact: true })).toBeVisible();
        const data = /<script type="application\/json" id="contest-data">(.*?)<\/script>/s.exec(
          served,
        );
        expect(JSON.parse(data?.[1] ?? 'null')).toMatchObject({
          title: text,
          description: `About ${text}`,
          prizeDetails: text,
          prizeValue: text,
          confirmationMessage: `Thanks ${text}`,
        });
        // The page took its data from that block (and removed it) instead of asking the API.
        await expect(page.locator('#contest-data')).toHaveCount(0);

        // Entering goes through the hydrated form and shows the owner's confirmation as text.
        await enterContest(page, 'Maya Chen', uniqueEmail('owner-text'));
        await expect(page.getByRole('heading', { name: "You're In!" })).toBeVisible();
        await expect(page.getByText(`Thanks ${text}`, { exact: true })).toBeVisible();
      },
    );
  }
});
