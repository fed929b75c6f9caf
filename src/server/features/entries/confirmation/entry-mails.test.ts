import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, mails } from '#server/db/schema.ts';
import { linkIn, mailsTo } from '#server/testing/auth-helpers.ts';
import { expectError, expectOk } from '#server/testing/draw-api.ts';
import { settleMails } from '#server/testing/mail-helpers.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { type EntryReceipt } from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { ENTRY_MAILS_PER_DAY } from './entry-mails.ts';

/**
 * An entry form makes the platform mail an address someone typed (docs/product.md#entry-mails):
 * the attacker's side first. A review proved that a name holding a link was mailed, as the
 * greeting of the confirmation mail, to any address, as often as one liked.
 */
describe('entry mails cannot be turned on others', () => {
  let t: TestApp;
  let owner: SeededUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const enter = (contestId: string, name: string, email: string) =>
    request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: { name, email },
    });

  const confirmingContest = () => seedContest(t.database, owner, { requireConfirmation: true });

  it('refuses a name holding a link, storing and mailing nothing', async () => {
    const contest = await confirmingContest();
    const victim = 'victim-link@example.com';
    for (const name of ['Claim your prize at https://evil.example', 'www.evil.example']) {
      const response = await enter(contest.id, name, victim);
      expectError(response, 400, 'VALIDATION', entryMessages.nameHasLink);
      expect(response.json()).toMatchObject({ errors: { name: entryMessages.nameHasLink } });
    }
    expect(await mailsTo(t, victim)).toEqual([]);
    const stored = await t.database.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(stored).toEqual([]);
  });

  it('mails nothing the entrant typed, from the owner, saying why', async () => {
    const contest = await confirmingContest();
    const email = 'typed-text@example.com';
    expectOk<EntryReceipt>(await enter(contest.id, 'Totally Real Prize Department', email), 201);
    const [mail] = await mailsTo(t, email);
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/Totally|Real Prize|Department/);
    }
    expect(mail!.text).toMatch(/^Hi,$/m);
    expect(mail!.senderName).toBe('Sam Seed via Prizewheel');
    expect(mail!.text).toContain(
      `You are receiving this because this address was entered in Sam Seed's giveaway "${contest.title}" on Prizewheel`,
    );
    expect(mail!.text).toContain('If it was not you, ignore this email');
  });

  it('comes from the owner, answers to the owner, names the prize and the end date, and puts its button first', async () => {
    const endDate = new Date('2031-03-14T18:30:00Z');
    const details = { prizeDetails: 'A month of 1:1 coaching', endDate, referralBonus: 3 };
    const confirming = await seedContest(t.database, owner, {
      ...details,
      requireConfirmation: true,
    });
    const receipting = await seedContest(t.database, owner, {
      ...details,
      requireConfirmation: false,
    });
    const cases = [
      { contest: confirming, email: 'owner-mail-confirm@example.com', button: 'Confirm my entry' },
      { contest: receipting, email: 'owner-mail-receipt@example.com', button: 'See my entries' },
    ];
    for (const { contest, email, button } of cases) {
      expectOk<EntryReceipt>(await enter(contest.id, 'Plain Name', email), 201);
      const [mail] = await mailsTo(t, email);
      expect(mail!.senderName).toBe('Sam Seed via Prizewheel');
      expect(mail!.replyTo).toBe(owner.email);
      for (const part of [mail!.text, mail!.html]) {
        expect(part).toContain('A month of 1:1 coaching');
        expect(part).toContain('Entries close on Friday, 14 March 2031 at 18:30 UTC');
      }
      // The button comes before the body text.
      const buttonAt = mail!.html.indexOf(`>${button}</a>`);
      expect(buttonAt).toBeGreaterThan(-1);
      expect(buttonAt).toBeLessThan(mail!.html.indexOf('Thanks for entering'));
      // No raw web address in the HTML part: every link is an anchor with words.
      expect(mail!.html.replace(/href="[^"]*"/g, '')).not.toMatch(/https?:|www\./);
      expect(mail!.html).toMatch(/<a href="[^"]+\/status[^"]*"[^>]*>[^<]+<\/a>/);
      // The plain-text part keeps the addresses, as a plain-text mail must.
      for (const link of mail!.links) expect(mail!.text).toContain(link);
      expect(mail!.text).toMatch(/\?ref=[A-Za-z0-9_-]+/);
    }
  });

  it(`sends one mailbox at most ${ENTRY_MAILS_PER_DAY} entry mails a day across contests, then refuses with 429`, async () => {
    const victim = 'Flooded.Victim@gmail.com';
    // Aliases of one mailbox count as one: a +tag, dots and letter case.
    const spellings = [
      'flooded.victim@gmail.com',
      'floodedvictim+1@gmail.com',
      'FLOODED.VICTIM+2@googlemail.com',
      'flooded.victim+3@gmail.com',
      'f.l.o.o.d.e.d.victim@gmail.com',
    ];
    for (const spelling of spellings) {
      const contest = await confirmingContest();
      expectOk<EntryReceipt>(await enter(contest.id, 'Victim', spelling), 201);
    }
    const sixth = await confirmingContest();
    const refused = await enter(sixth.id, 'Victim', victim);
    expectError(refused, 429, 'RATE_LIMITED', entryMessages.tooManyMails);
    expect(refused.headers['retry-after']).toBe('3600');
    // Nothing stored for the refused entry, and no sixth mail.
    const stored = await t.database.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.contestId, sixth.id));
    expect(stored).toEqual([]);
    const [sent] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mails)
      .where(sql`fold_email(${mails.recipient}) = 'floodedvictim@gmail.com'`);
    expect(sent!.count).toBe(ENTRY_MAILS_PER_DAY);

    // A day later the mailbox may be mailed again.
    await t.database.db
      .update(mails)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`fold_email(${mails.recipient}) = 'floodedvictim@gmail.com'`);
    expectOk<EntryReceipt>(await enter(sixth.id, 'Victim', victim), 201);
  });

  it('counts the limit inside one batch too: concurrent entries to one mailbox', async () => {
    const victim = 'burst-victim@example.com';
    const contests = await Promise.all(
      Array.from({ length: ENTRY_MAILS_PER_DAY + 3 }, () => confirmingContest()),
    );
    const answers = await Promise.all(
      contests.map((contest) => enter(contest.id, 'Burst', victim)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(ENTRY_MAILS_PER_DAY).fill(201),
      ...Array<number>(3).fill(429),
    ]);
    expect(await mailsTo(t, victim)).toHaveLength(ENTRY_MAILS_PER_DAY);
  });
});

/**
 * An entrant's mail is written in the entry batch's transaction, under the contest's lock: as its
 * template, a few hundred bytes, not its ~3 KB of text and HTML, which it gets when it is sent
 * (decision 038).
 */
describe("an entrant's mail, queued as what it will say", () => {
  let t: TestApp;
  let owner: SeededUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  const rowOf = async (email: string) => {
    const [row] = await t.database.db
      .select({
        status: mails.status,
        subject: mails.subject,
        text: mails.text,
        html: mails.html,
        links: mails.links,
        template: mails.template,
        templateBytes: sql<number>`octet_length(${mails.template}::text)`,
      })
      .from(mails)
      .where(eq(mails.recipient, email));
    return row!;
  };

  it('stores a small template, and the outbox keeps it when sent: it renders the text and link as they were at the entry', async () => {
    const contest = await seedContest(t.database, owner, { requireConfirmation: true });
    const email = 'light-row@example.com';
    expectOk<EntryReceipt>(
      await request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contest.id}/entries`,
        payload: { name: 'Light Row', email },
      }),
      201,
    );
    const queued = await rowOf(email);
    // The worker may have sent it already; if not, it waits as its template.
    if (queued.status === 'queued') {
      expect(queued).toMatchObject({ text: '', html: '', links: [] });
      expect(queued.template).toMatchObject({ kind: 'entry-confirmation' });
      expect(queued.templateBytes).toBeLessThan(1000);
    }
    expect(queued.subject).toBe(`Confirm your entry: ${contest.title}`);
    // What it says was decided at the entry: a title changed since does not reach it.
    await t.database.db.execute(
      sql`update contests set title = 'Renamed after the entry' where id = ${contest.id}`,
    );

    await settleMails(t);
    const sent = await rowOf(email);
    expect(sent).toMatchObject({ status: 'sent', text: '', html: '', links: [] });
    expect(sent.template).toMatchObject({ kind: 'entry-confirmation' });
    const [read] = await mailsTo(t, email);
    const link = linkIn(read!.text, '/entries/confirm');
    expect(read!.links).toEqual([link]);
    expect(read!.text).toContain(`"${contest.title}"`);
    expect(read!.text).not.toContain('Renamed after the entry');
    expect(read!.html).toContain(`href="${link}"`);
  });
});
