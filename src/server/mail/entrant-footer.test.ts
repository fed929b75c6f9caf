import { describe, expect, it } from 'vitest';
import { claimUpdateMail, winnerNoticeMail } from './claim-templates.ts';
import { entrantLinkMail } from './entrant-templates.ts';
import { ENTRANT_PAGE_LINE } from './layout.ts';
import { renderEntryMail, verificationMail, type EntryMailTemplate } from './templates.ts';
import type { Mail } from './transport.ts';

/**
 * Every mail to an entrant links to their own page, where they see, download or erase their
 * entries (docs/product.md#your-entries-me); mails to owners and accounts do not.
 */
const APP_URL = 'https://giveaways.example';
const PAGE_URL = `${APP_URL}/me`;
const to = 'fan@example.com';
const sender = {
  displayName: 'Coach Ana via Prizewheel',
  ownerName: 'Coach Ana',
  contestTitle: 'Spring',
};
const referral = {
  code: 'CODE',
  url: `${APP_URL}/c/1?ref=CODE`,
  statusUrl: `${APP_URL}/c/1/status/2?token=t`,
  bonus: 1,
};

const templates: EntryMailTemplate[] = [
  { kind: 'entry-confirmation', sender, url: `${APP_URL}/entries/confirm?token=x`, referral: null },
  { kind: 'friend-confirmation', sender, url: `${APP_URL}/entries/confirm?token=y`, referral },
  { kind: 'entry-receipt', sender, url: null, referral },
];

const notice = {
  to,
  contestTitle: 'Spring',
  ownerName: 'Coach Ana',
  replyTo: 'ana@example.com',
  position: 1,
  winnersCount: 1,
  prize: 'A bike',
  deadline: new Date('2031-01-01T00:00:00Z'),
  timeZone: 'UTC',
  claimUrl: `${APP_URL}/claim?token=z`,
  recordUrl: `${APP_URL}/c/1/draw`,
  pageUrl: PAGE_URL,
};

function expectFooter(mail: Mail) {
  expect(mail.text).toContain(`${ENTRANT_PAGE_LINE}: ${PAGE_URL}\n`);
  expect(mail.html).toContain(`<a href="${PAGE_URL}"`);
  expect(mail.html).toContain(`>${ENTRANT_PAGE_LINE}</a>`);
}

describe("the entrant's page in every entrant mail", () => {
  it.each(templates)('the $kind mail ends with the line to /me', (template) => {
    expectFooter(renderEntryMail(to, template, APP_URL));
  });

  it("the winner's notice and its reminder, and the link to the page itself", () => {
    expectFooter(winnerNoticeMail(notice));
    expectFooter(winnerNoticeMail(notice, { isReminder: true }));
    expectFooter(entrantLinkMail(to, `${PAGE_URL}?token=abc`, PAGE_URL));
  });

  it("not a mail to an account or to a contest's owner", () => {
    const verification = verificationMail({ email: to, firstName: null }, `${APP_URL}/verify`);
    const update = claimUpdateMail({
      to,
      ownerFirstName: 'Ana',
      contestTitle: 'Spring',
      position: 1,
      winnersCount: 1,
      winnerName: 'Maya C.',
      outcome: 'claimed',
      replacementName: null,
      dashboardUrl: `${APP_URL}/dashboard/1`,
    });
    for (const mail of [verification, update]) expect(mail.text).not.toContain(ENTRANT_PAGE_LINE);
  });
});
