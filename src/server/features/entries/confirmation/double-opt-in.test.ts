import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { latestMailTo, linkIn, mailsTo } from '#server/testing/auth-helpers.ts';
import { drawApi, expectError, expectOk } from '#server/testing/draw-api.ts';
import { settleMails } from '#server/testing/mail-helpers.ts';
import {
  contestBody,
  DAY_MS,
  pageFormFields,
  request,
  seedContest,
  type SeededUser,
  seedEntries,
  seedUser,
} from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import { csvFileForm } from '#server/testing/uploads.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import {
  type ContestEntryItem,
  type EntryConfirmation,
  type EntryReceipt,
  type EntrySummary,
} from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { insertEntries } from '../write/insert-entries.ts';
import { purgeExpiredPending } from './pending-entries.ts';

/**
 * Double opt-in (docs/product.md#trusted-leads): a contest with requireConfirmation stores
 * entries pending, mails a single-use 48-hour link, and counts, draws and holds against
 * maxEntries only the confirmed ones.
 */

const CONFIRM_PATH = '/entries/confirm';
const LINK_SHAPE = new RegExp(`^${TEST_APP_URL}${CONFIRM_PATH}\\?token=[A-Za-z0-9_-]{43}$`);

const enter = (t: TestApp, contestId: string, name: string, email: string) =>
  request(t, undefined, {
    method: 'POST',
    url: `/api/contests/${contestId}/entries`,
    payload: { name, email, ...pageFormFields(t, contestId) },
  });

/** What the app and scripts send with the link's token (the link's page posts its own form). */
const confirm = (t: TestApp, token: string) =>
  request(t, undefined, { method: 'POST', url: '/api/entries/confirm', payload: { token } });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function publicCount(t: TestApp, contestId: string): Promise<number> {
  const response = await request(t, undefined, {
    method: 'GET',
    url: `/api/contests/${contestId}/entries/count`,
  });
  return expectOk<{ count: number }>(response).count;
}

async function summary(t: TestApp, owner: SeededUser, contestId: string) {
  const response = await request(t, owner, {
    method: 'GET',
    url: `/api/contests/${contestId}/entries/summary`,
  });
  return expectOk<EntrySummary>(response);
}

async function ownerList(t: TestApp, owner: SeededUser, contestId: string, filter = 'all') {
  const response = await request(t, owner, {
    method: 'GET',
    url: `/api/contests/${contestId}/entries?filter=${filter}`,
  });
  return {
    entries: expectOk<ContestEntryItem[]>(response),
    total: Number(response.headers['x-total-count']),
  };
}

function entryRows(t: TestApp, contestId: string) {
  return t.database.db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(asc(contestEntries.entryDate), asc(contestEntries.id));
}

async function entryCounter(t: TestApp, contestId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ entryCount: contests.entryCount })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row!.entryCount;
}

/** Moves an entry's date back, as if it had been made `hours` ago. */
async function ageEntry(t: TestApp, entryId: string, hours: number) {
  await t.database.db
    .update(contestEntries)
    .set({ entryDate: sql`now() - ${hours} * interval '1 hour'` })
    .where(eq(contestEntries.id, entryId));
}

/** The newest confirmation link mailed (through the outbox) to this address. */
async function confirmationLink(t: TestApp, email: string): Promise<string> {
  const mail = await latestMailTo(t, email);
  return linkIn(mail.text, CONFIRM_PATH);
}

const expectDeadLink = (response: LightMyRequestResponse, message: string) =>
  expectError(response, 400, 'DEAD_LINK', message);

describe('double opt-in', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  /** The owner unticks "Entrants confirm their e-mail" on the edit screen. */
  async function turnConfirmationOff(contestId: string) {
    const edited = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${contestId}`,
      payload: contestBody({ requireConfirmation: false, maxEntries: null }),
    });
    expect(expectOk<{ requireConfirmation: boolean }>(edited).requireConfirmation).toBe(false);
  }

  const pendingContest = (overrides: Partial<typeof contests.$inferInsert> = {}) =>
    seedContest(t.database, owner, { requireConfirmation: true, ...overrides });

  it('holds an entry pending until the mailed link confirms it, once', async () => {
    const created = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody({ title: 'Opt-in Shred', requireConfirmation: true }),
    });
    const contest = expectOk<{ id: string; requireConfirmation: boolean; excludedFlags: string[] }>(
      created,
      201,
    );
    expect(contest.requireConfirmation).toBe(true);
    expect(contest.excludedFlags).toEqual(['alias']);

    const email = 'Maya.Chen@Example.com';
    const entered = await enter(t, contest.id, 'Maya Chen', email);
    const receipt = expectOk<EntryReceipt>(entered, 201);
    expect(receipt).toMatchObject({ contestId: contest.id, name: 'Maya Chen', status: 'pending' });

    // Not counted publicly, nor as a confirmed entry; listed to the owner as pending.
    expect(await publicCount(t, contest.id)).toBe(0);
    expect(await entryCounter(t, contest.id)).toBe(0);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 0,
      pending: 1,
      flagged: 0,
    });
    // The owner sees that its confirmation mail left (the outbox took it).
    await settleMails(t);
    const listed = await ownerList(t, owner, contest.id);
    expect(listed.total).toBe(1);
    expect(listed.entries).toEqual([
      {
        id: receipt.id,
        name: 'Maya Chen',
        email,
        entryDate: receipt.entryDate,
        status: 'pending',
        flags: [],
        drawDecision: null,
        leftOut: false,
        referrals: 0,
        weight: 1,
        referred: false,
        referralReason: null,
        confirmationMail: 'sent',
        country: null,
        consent: 'no',
        consentAt: null,
      },
    ]);
    expect((await ownerList(t, owner, contest.id, 'pending')).total).toBe(1);
    expect((await ownerList(t, owner, contest.id, 'confirmed')).total).toBe(0);

    // The mail, held in the outbox (no SMTP_URL): one link to APP_URL/entries/confirm.
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your entry: Opt-in Shred');
    const link = linkIn(mails[0]!.text, CONFIRM_PATH);
    expect(link).toMatch(LINK_SHAPE);
    expect(mails[0]!.html).toContain(`href="${link}"`);
    // Stored only as its SHA-256.
    const [row] = await entryRows(t, contest.id);
    const token = tokenOf(link);
    expect(row!.confirmTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const confirmed = await confirm(t, token);
    expect(expectOk<EntryConfirmation>(confirmed)).toEqual({
      contestId: contest.id,
      contestTitle: 'Opt-in Shred',
      confirmationMessage: 'See you at the gym!',
      entry: {
        id: receipt.id,
        contestId: contest.id,
        name: 'Maya Chen',
        entryDate: receipt.entryDate,
        status: 'confirmed',
      },
    });
    expect(await publicCount(t, contest.id)).toBe(1);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 1,
      pending: 0,
      flagged: 0,
    });
    expect((await ownerList(t, owner, contest.id, 'confirmed')).entries[0]?.status).toBe(
      'confirmed',
    );

    // The link works once.
    expectDeadLink(await confirm(t, token), entryMessages.confirmationUsed);
    expect(await publicCount(t, contest.id)).toBe(1);
  });

  it('mails nothing and confirms at once when the contest does not ask for it', async () => {
    const contest = await seedContest(t.database, owner);
    const email = 'no-opt-in@example.com';
    const receipt = expectOk<EntryReceipt>(await enter(t, contest.id, 'Al', email), 201);
    expect(receipt.status).toBe('confirmed');
    expect(await publicCount(t, contest.id)).toBe(1);
    expect(await mailsTo(t, email)).toEqual([]);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a token one character short', 'A'.repeat(42)],
    ['a token with a character base64url has not', `${'A'.repeat(42)}=`],
    ['an empty token', ''],
    ['a token of 200 characters', 'x'.repeat(200)],
  ])('answers %s 400 DEAD_LINK "not valid"', async (_what, token) => {
    expectDeadLink(await confirm(t, token), entryMessages.confirmationInvalid);
  });

  it('answers a body without a token 400 DEAD_LINK "not valid"', async () => {
    const response = await request(t, undefined, {
      method: 'POST',
      url: '/api/entries/confirm',
      payload: {},
    });
    expectDeadLink(response, entryMessages.confirmationInvalid);
  });

  it('has no GET that confirms: opening the API with the link’s token is a 404', async () => {
    const contest = await pendingContest();
    const email = 'api-get@example.com';
    await enter(t, contest.id, 'Gus', email);
    const token = tokenOf(await confirmationLink(t, email));
    const opened = await request(t, undefined, {
      method: 'GET',
      url: `/api/entries/confirm?token=${encodeURIComponent(token)}`,
    });
    expect(opened.statusCode).toBe(404);
    const [row] = await entryRows(t, contest.id);
    expect(row!.status).toBe('pending');
    expect(await entryCounter(t, contest.id)).toBe(0);
  });

  it('refuses an expired link; the purge deletes the entry and frees its address', async () => {
    const contest = await pendingContest();
    const email = 'late-opener@example.com';
    const receipt = expectOk<EntryReceipt>(await enter(t, contest.id, 'Lou', email), 201);
    const link = await confirmationLink(t, email);

    // Within 48 hours the entry is kept; past them its link is dead.
    await ageEntry(t, receipt.id, 47);
    expect(await purgeExpiredPending(t.database.db, contest.id)).toBe(0);
    await ageEntry(t, receipt.id, 49);
    expectDeadLink(await confirm(t, tokenOf(link)), entryMessages.confirmationExpired);
    expect(await entryCounter(t, contest.id)).toBe(0);

    // An old confirmed entry (another contest's, or this one's) is never purged.
    await seedEntries(t.database, contest.id, [
      { name: 'Old Timer', email: 'old@example.com', entryDate: new Date(Date.now() - 9 * DAY_MS) },
    ]);
    expect(await purgeExpiredPending(t.database.db, contest.id)).toBe(1);
    expect((await entryRows(t, contest.id)).map((row) => row.email)).toEqual(['old@example.com']);
    expectDeadLink(await confirm(t, tokenOf(link)), entryMessages.confirmationInvalid);

    const again = expectOk<EntryReceipt>(await enter(t, contest.id, 'Lou', email), 201);
    expect(again.status).toBe('pending');
    const newLink = await confirmationLink(t, email);
    expect(newLink).not.toBe(link);
    expectOk(await confirm(t, tokenOf(newLink)));
    expect(await entryCounter(t, contest.id)).toBe(2);
  });

  it("purges the contest's expired pending entries itself, at the next batch", async () => {
    const contest = await pendingContest();
    const other = await pendingContest();
    const email = 'comes-back@example.com';
    const first = expectOk<EntryReceipt>(await enter(t, contest.id, 'Cam', email), 201);
    const firstLink = await confirmationLink(t, email);
    const stale = expectOk<EntryReceipt>(await enter(t, other.id, 'Cam', email), 201);
    await ageEntry(t, first.id, 49);
    await ageEntry(t, stale.id, 49);

    // The same mailbox again, spelled differently: the expired entry no longer holds it.
    const again = await enter(t, contest.id, 'Cam Again', ' COMES-BACK@example.com ');
    const receipt = expectOk<EntryReceipt>(again, 201);
    expect(receipt.status).toBe('pending');
    const rows = await entryRows(t, contest.id);
    expect(rows.map((row) => [row.id, row.name, row.status])).toEqual([
      [receipt.id, 'Cam Again', 'pending'],
    ]);
    expectDeadLink(await confirm(t, tokenOf(firstLink)), entryMessages.confirmationInvalid);
    // Only that contest's: the other one's waits for its own batch or the housekeeping.
    expect((await entryRows(t, other.id)).map((row) => row.id)).toEqual([stale.id]);
  });

  it('mails a pending mailbox entering again a new link and retires the old one, aliases included', async () => {
    const contest = await pendingContest();
    expect((await enter(t, contest.id, 'Ann', 'ann.lee@gmail.com')).statusCode).toBe(201);
    const firstLink = await confirmationLink(t, 'ann.lee@gmail.com');
    const again = await enter(t, contest.id, 'Ann', 'AnnLee+win@googlemail.com');
    // Not "already entered": the answer says a new link is on its way.
    const receipt = expectOk<EntryReceipt>(again, 200);
    expect(receipt).toMatchObject({ status: 'pending', confirmationResent: true });
    const newLink = await confirmationLink(t, 'AnnLee+win@googlemail.com');
    expect(newLink).not.toBe(firstLink);
    expectDeadLink(await confirm(t, tokenOf(firstLink)), entryMessages.confirmationInvalid);
    expect(expectOk<EntryConfirmation>(await confirm(t, tokenOf(newLink))).entry.status).toBe(
      'confirmed',
    );
    // Once confirmed, entering again is a duplicate.
    expectError(
      await enter(t, contest.id, 'Ann', 'ann.lee@gmail.com'),
      409,
      'ALREADY_ENTERED',
      entryMessages.duplicate,
    );
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 1,
      pending: 0,
      flagged: 0,
    });
  });

  it('counts a confirmation after the end date, refuses one after the draw froze the entries', async () => {
    const contest = await pendingContest();
    const emails = ['early@example.com', 'later@example.com', 'latest@example.com'];
    for (const email of emails) {
      expect((await enter(t, contest.id, 'Fan Example', email)).statusCode).toBe(201);
    }
    const [early, later, latest] = await Promise.all(
      emails.map((email) => confirmationLink(t, email)),
    );
    expectOk(await confirm(t, tokenOf(early!)));
    // The end date passes: the entries were made in time, their confirmations still count.
    await t.database.db
      .update(contests)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(contests.id, contest.id));
    expectOk(await confirm(t, tokenOf(later!)));

    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.entries?.count).toBe(2);
    expectError(await confirm(t, tokenOf(latest!)), 409, 'CONTEST_ENDED', entryMessages.ended);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 2,
      pending: 1,
      flagged: 0,
    });
    expect(await publicCount(t, contest.id)).toBe(2);
  });

  it('refuses a confirmation once the contest is full, and new entries too', async () => {
    const contest = await pendingContest({ maxEntries: 1 });
    for (const email of ['one@example.com', 'two@example.com']) {
      expect((await enter(t, contest.id, 'Fan Example', email)).statusCode).toBe(201);
    }
    expectOk(await confirm(t, tokenOf(await confirmationLink(t, 'two@example.com'))));
    expectError(
      await confirm(t, tokenOf(await confirmationLink(t, 'one@example.com'))),
      409,
      'CONTEST_FULL',
      entryMessages.full,
    );
    expectError(
      await enter(t, contest.id, 'Three', 'three@example.com'),
      409,
      'CONTEST_FULL',
      entryMessages.full,
    );
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 1,
      pending: 1,
      flagged: 0,
    });
  });

  it('stores imported rows confirmed (the owner brought the list) and mails nobody', async () => {
    const contest = await pendingContest();
    expect((await enter(t, contest.id, 'Web Fan', 'web@example.com')).statusCode).toBe(201);
    const imported = await request(t, owner, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/import`,
      ...csvFileForm(
        'name,email\nMaya Chen,maya.import@example.com\nJordan Lee,jordan.import@example.com\nWeb Fan,web@example.com\n',
      ),
    });
    expect(expectOk(imported)).toEqual({
      imported: 2,
      skipped: 1,
      errors: [{ row: 4, message: `'web@example.com': ${entryMessages.duplicate}` }],
    });
    const rows = await entryRows(t, contest.id);
    expect(
      rows
        .map((row) => [row.email, row.status, row.confirmTokenHash === null])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ['jordan.import@example.com', 'confirmed', true],
      ['maya.import@example.com', 'confirmed', true],
      ['web@example.com', 'pending', false],
    ]);
    expect(await publicCount(t, contest.id)).toBe(2);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 2,
      pending: 1,
      flagged: 0,
    });
    expect(await mailsTo(t, 'maya.import@example.com')).toEqual([]);
  });

  it('exports every entry with its status, and draws from the confirmed ones only', async () => {
    const contest = await pendingContest({ winnersCount: 3 });
    const fans = Array.from({ length: 5 }, (_, i) => `fan${i}@example.com`);
    const receipts: EntryReceipt[] = [];
    for (const email of fans) {
      receipts.push(expectOk<EntryReceipt>(await enter(t, contest.id, 'Fan Example', email), 201));
    }
    // Three of the five confirm.
    for (const email of fans.slice(0, 3)) {
      expectOk(await confirm(t, tokenOf(await confirmationLink(t, email))));
    }

    const exported = await request(t, owner, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/export`,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.split('\r\n')[0]).toBe(
      '\uFEFF"name","email","entryDate","status","flags","referrals","weight","country","consent","consentAt"',
    );
    const rows = parse(exported.body, { bom: true, columns: true }) as Record<string, string>[];
    // Oldest first; entries made within one millisecond may come in either order.
    expect(rows.map((row) => [row.email, row.status, row.flags]).sort()).toEqual(
      fans.map((email, i) => [email, i < 3 ? 'confirmed' : 'pending', '']),
    );

    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    expect(record.entries?.count).toBe(3);
    expect(record.entriesLeftOut).toBe(0);
    const confirmedIds = new Set(receipts.slice(0, 3).map((receipt) => receipt.id));
    expect(record.picks).toHaveLength(3);
    for (const pick of record.picks) expect(confirmedIds.has(pick.entryId)).toBe(true);
    expect(expectOk<DrawRecord>(await api.record(undefined, contest.id)).entries?.count).toBe(3);
    const wheel = expectOk<{ count: number }>(await api.wheel(owner, contest.id));
    expect(wheel.count).toBe(3);
  });

  it('removes a pending entry without touching the count', async () => {
    const contest = await pendingContest();
    const kept = expectOk<EntryReceipt>(
      await enter(t, contest.id, 'Kept', 'kept@example.com'),
      201,
    );
    expectOk(await confirm(t, tokenOf(await confirmationLink(t, 'kept@example.com'))));
    const gone = expectOk<EntryReceipt>(
      await enter(t, contest.id, 'Gone', 'gone@example.com'),
      201,
    );
    const link = await confirmationLink(t, 'gone@example.com');
    const removed = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}/entries/${gone.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await entryCounter(t, contest.id)).toBe(1);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 1,
      pending: 0,
      flagged: 0,
    });
    expect((await entryRows(t, contest.id)).map((row) => row.id)).toEqual([kept.id]);
    expectDeadLink(await confirm(t, tokenOf(link)), entryMessages.confirmationInvalid);
  });

  it('refuses a pick by hand of a pending entry before anything is frozen', async () => {
    const contest = await pendingContest();
    expect((await enter(t, contest.id, 'Sure', 'sure@example.com')).statusCode).toBe(201);
    expectOk(await confirm(t, tokenOf(await confirmationLink(t, 'sure@example.com'))));
    const pending = expectOk<EntryReceipt>(
      await enter(t, contest.id, 'Maybe', 'maybe@example.com'),
      201,
    );
    expectError(
      await api.drawWinner(owner, contest.id, { winnerId: pending.id }),
      400,
      'NOT_AN_ENTRY',
    );
    const [row] = await t.database.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row!.frozenAt).toBeNull();
    // Entries are still taken.
    expect((await enter(t, contest.id, 'After', 'after@example.com')).statusCode).toBe(201);
  });

  it('counts the pending entries in the list total after confirmation is turned off', async () => {
    const contest = await pendingContest();
    expect((await enter(t, contest.id, 'Left', 'left@example.com')).statusCode).toBe(201);
    await turnConfirmationOff(contest.id);
    const listed = await ownerList(t, owner, contest.id);
    expect(listed.entries).toHaveLength(1);
    expect(listed.total).toBe(1);
  });

  it('frees an expired pending address at the next batch after confirmation is turned off', async () => {
    const contest = await pendingContest();
    const first = expectOk<EntryReceipt>(
      await enter(t, contest.id, 'Old', 'old-pending@example.com'),
      201,
    );
    await ageEntry(t, first.id, 49);
    await turnConfirmationOff(contest.id);
    expect((await enter(t, contest.id, 'Old', 'old-pending@example.com')).statusCode).toBe(201);
  });

  it('confirms once when one link is opened many times at once', async () => {
    const contest = await pendingContest();
    expect((await enter(t, contest.id, 'Clicky', 'clicky@example.com')).statusCode).toBe(201);
    const token = tokenOf(await confirmationLink(t, 'clicky@example.com'));
    const responses = await Promise.all(Array.from({ length: 20 }, () => confirm(t, token)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expectDeadLink(response, entryMessages.confirmationUsed);
    }
    expect(await entryCounter(t, contest.id)).toBe(1);
  });

  it('takes exactly maxEntries of 300 concurrent confirmations', async () => {
    const contest = await pendingContest({ maxEntries: 50 });
    // 300 pending entries in one batch, as the entry writer makes them (tokens in hand).
    const outcomes = await insertEntries(
      t.database.db,
      contest.id,
      Array.from({ length: 300 }, (_, i) => ({ name: `Fan ${i}`, email: `race${i}@example.com` })),
      { byOwner: false },
    );
    const tokens = outcomes.map((outcome) => {
      if (outcome.status !== 'accepted' || !outcome.confirmToken) {
        throw new Error(`not pending: ${JSON.stringify(outcome)}`);
      }
      return outcome.confirmToken;
    });
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 0,
      pending: 300,
      flagged: 0,
    });

    const responses = await Promise.all(tokens.map((token) => confirm(t, token)));
    const byStatus: Record<number, number> = {};
    for (const response of responses) {
      byStatus[response.statusCode] = (byStatus[response.statusCode] ?? 0) + 1;
    }
    expect(byStatus).toEqual({ 200: 50, 409: 250 });
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ message: entryMessages.full, code: 'CONTEST_FULL' });
    }
    const [stored] = await t.database.db
      .select({ confirmed: sql<number>`count(*)::int` })
      .from(contestEntries)
      .where(and(eq(contestEntries.contestId, contest.id), eq(contestEntries.status, 'confirmed')));
    expect(stored!.confirmed).toBe(50);
    expect(await entryCounter(t, contest.id)).toBe(50);
    expect(await summary(t, owner, contest.id)).toMatchObject({
      confirmed: 50,
      pending: 250,
      flagged: 0,
    });
  });
  describe('over SMTP (SMTP_URL set)', () => {
    let smtpApp: TestApp;
    let smtp: SMTPServer;
    const received: { to: string[]; raw: string }[] = [];

    beforeAll(async () => {
      smtp = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        authOptional: true,
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
      const { port } = smtp.server.address() as AddressInfo;
      // An instance of its own, its mails sent over SMTP: every instance of one database shares
      // one queue, so they must share one transport too.
      smtpApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    });

    afterAll(async () => {
      await smtpApp?.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it('delivers the link from the owner, and opening it confirms the entry', async () => {
      const smtpOwner = await seedUser(smtpApp);
      const contest = await seedContest(smtpApp.database, smtpOwner, {
        title: 'Mailed Shred',
        requireConfirmation: true,
      });
      const email = 'smtp-fan@example.com';
      expect((await enter(smtpApp, contest.id, 'Zoë Fan', email)).statusCode).toBe(201);
      await settleMails(smtpApp);

      const mail = received.find((candidate) => candidate.to.includes(email));
      expect(mail, 'the SMTP server received the mail').toBeDefined();
      // Quoted-printable may fold long lines (soft breaks `=\r\n`) and escape `=` as `=3D`.
      const text = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      expect(text).toMatch(/^Subject: Confirm your entry: Mailed Shred$/m);
      // From the contest's owner, through the platform; nothing the entrant typed.
      expect(text).toMatch(/^From: Sam Seed via Prizewheel <no-reply@prizewheel\.local>$/m);
      expect(text).not.toContain('Zoë');
      const link = text.match(
        /https?:\/\/[^\s"'<>]+\/entries\/confirm\?token=[A-Za-z0-9_-]{43}/,
      )?.[0];
      expect(link).toMatch(LINK_SHAPE);

      const confirmed = await confirm(smtpApp, tokenOf(link!));
      expect(expectOk<EntryConfirmation>(confirmed).entry.status).toBe('confirmed');
      expect(await publicCount(smtpApp, contest.id)).toBe(1);
    });
  });
});
