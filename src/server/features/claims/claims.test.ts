import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import type { contests, Contest } from '#server/db/schema.ts';
import { contestPicks } from '#server/db/schema.ts';
import { linkIn, mailsTo, type OutboxMail } from '#server/testing/auth-helpers.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import {
  addEntries,
  drawApi,
  expectError,
  expectOk,
  fans,
  historyOf,
  picksOf,
} from '#server/testing/draw-api.ts';
import { entryIdsInWheelOrder, recomputeDrawRecord } from '#server/testing/draw-replay.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import {
  CLAIM_WINDOW_DEFAULT,
  DECLINED_REASON,
  expiredReason,
  type ClaimView,
  type OwnerPlaces,
} from '#shared/contracts/claims.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { expireClaim, listOverdueClaims, remindWinner } from './service.ts';

/**
 * After the draw (docs/product.md#claims): winners are mailed a claim link, claim or decline
 * before a deadline, and a place lost through its claim goes to the next pick of the committed
 * sequence. Deadlines are moved into the past in the database rather than waited for.
 */
describe('claims', () => {
  let t: TestApp;
  let owner: SeededUser;
  let stranger: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    stranger = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  type Seeded = { contest: Contest; emails: string[] };

  /** A published contest with entries `Fan 1..n` at `fan-<tag>-<i>@example.com`. */
  async function contestWith(
    entries: number,
    overrides: Partial<typeof contests.$inferInsert> = {},
  ): Promise<Seeded> {
    const contest = await seedContest(t.database, owner, overrides);
    const names = fans(entries);
    const added = await addEntries(t, contest, names);
    return { contest, emails: added.map((entry) => entry.email) };
  }

  async function drawn(entries: number, overrides: Partial<typeof contests.$inferInsert> = {}) {
    const seeded = await contestWith(entries, overrides);
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, seeded.contest.id));
    return { ...seeded, record };
  }

  const noticesTo = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => mail.purpose === 'winner-notice');

  /** The winner's claim token, from the latest notice or reminder they were mailed. */
  async function tokenOf(email: string): Promise<string> {
    const mail = (await mailsTo(t, email))
      .filter((row) => row.purpose === 'winner-notice' || row.purpose === 'claim-reminder')
      .at(-1);
    if (!mail) throw new Error(`no notice to ${email}`);
    return new URL(linkIn(mail.text, '/claim')).searchParams.get('token')!;
  }

  const winnerEmail = async (contestId: string, position: number) => {
    const [row] = await queryRows<{ email: string }>(
      t.database.db,
      sql`select e.email from contest_picks p join contest_entries e on e.id = p.entry_id
        where p.contest_id = ${contestId} and p.position = ${position} and p.status = 'winner'`,
    );
    return row?.email;
  };

  const claim = (token: string) =>
    request(t, undefined, { method: 'GET', url: `/api/claims/${encodeURIComponent(token)}` });
  const accept = (token: string, payload: unknown) =>
    request(t, undefined, {
      method: 'POST',
      url: `/api/claims/${encodeURIComponent(token)}/accept`,
      payload: payload as object,
    });
  const decline = (token: string) =>
    request(t, undefined, { method: 'POST', url: `/api/claims/${token}/decline` });
  const ownerPlaces = (contestId: string, as: SeededUser = owner) =>
    request(t, as, { method: 'GET', url: `/api/contests/${contestId}/claims` });
  const validClaim = { fullName: 'Fan One', eligible: true, publicityConsent: true };

  /** Moves a pick's deadline into the past, as if its window had passed. */
  async function passDeadline(contestId: string, p: number) {
    await t.database.db
      .update(contestPicks)
      .set({ claimDeadline: sql`clock_timestamp() - interval '1 second'` as unknown as Date })
      .where(and(eq(contestPicks.contestId, contestId), eq(contestPicks.p, p)));
  }

  describe('the contest fields', () => {
    it('default to 72 hours, notified, digital, in the owner and the public JSON', async () => {
      const created = expectOk<Record<string, unknown>>(
        await request(t, owner, {
          method: 'POST',
          url: '/api/contests',
          payload: {
            title: 'Claims default',
            description: 'd',
            prizeDetails: 'A kettlebell',
            endDate: new Date(Date.now() + 86_400_000).toISOString(),
          },
        }),
        201,
      );
      expect(created).toMatchObject({
        claimWindowMinutes: CLAIM_WINDOW_DEFAULT,
        notifyWinners: true,
        prizeDelivery: 'digital',
      });
      const publicView = expectOk<Record<string, unknown>>(
        await request(t, undefined, { method: 'GET', url: `/api/contests/${created.id}` }),
      );
      expect(publicView).toMatchObject({
        claimWindowMinutes: CLAIM_WINDOW_DEFAULT,
        notifyWinners: true,
        prizeDelivery: 'digital',
      });
    });

    it.each([
      [{ claimWindowMinutes: 0 }, 'claimWindowMinutes'],
      [{ claimWindowMinutes: 43_201 }, 'claimWindowMinutes'],
      [{ claimWindowMinutes: 10.5 }, 'claimWindowMinutes'],
      [{ claimWindowMinutes: '60' }, 'claimWindowMinutes'],
      [{ notifyWinners: 'yes' }, 'notifyWinners'],
      [{ prizeDelivery: 'courier' }, 'prizeDelivery'],
    ])('refuses %j with a message on its field', async (fields, field) => {
      const body = expectError(
        await request(t, owner, {
          method: 'POST',
          url: '/api/contests',
          payload: {
            title: 'Claims bad',
            description: 'd',
            prizeDetails: 'p',
            endDate: new Date(Date.now() + 86_400_000).toISOString(),
            ...fields,
          },
        }),
        400,
        'VALIDATION',
      );
      expect(Object.keys(body.errors ?? {})).toContain(field);
    });

    it('locks the claim window at the first draw (409 CLAIM_WINDOW_LOCKED)', async () => {
      const { contest } = await contestWith(3);
      const edit = (claimWindowMinutes: number) =>
        request(t, owner, {
          method: 'PUT',
          url: `/api/contests/${contest.id}`,
          payload: {
            title: contest.title,
            description: contest.description,
            prizeDetails: contest.prizeDetails,
            endDate: contest.endDate.toISOString(),
            maxEntries: null,
            claimWindowMinutes,
          },
        });
      expect(expectOk<{ claimWindowMinutes: number }>(await edit(10)).claimWindowMinutes).toBe(10);
      expectOk(await api.drawPlaces(owner, contest.id));
      expectError(await edit(60), 409, 'CLAIM_WINDOW_LOCKED');
      // The same window is no change.
      expectOk(await edit(10));
    });
  });

  describe('the notice', () => {
    it('mails each winner the place, prize, deadline, claim link and record, and opens the claim', async () => {
      const { contest, record } = await drawn(5, { winnersCount: 2, title: 'Kettlebell Week' });
      for (const pick of record.picks) {
        expect(pick.claim?.status).toBe('pending');
        const deadline = new Date(pick.claim!.deadline!);
        expect(deadline.getTime() - new Date(pick.drawnAt).getTime()).toBe(
          CLAIM_WINDOW_DEFAULT * 60_000,
        );
        expect(pick.fulfilment).toBeNull();
      }
      const email = (await winnerEmail(contest.id, 2))!;
      const [notice] = await noticesTo(email);
      expect(notice!.subject).toBe('You won: Kettlebell Week');
      expect(notice!.text).toContain('2nd place');
      expect(notice!.text).toContain('Prize: One month of 1:1 coaching');
      expect(notice!.text).toMatch(/Claim by \w+day, \d+ \w+ \d{4} at \d\d:\d\d UTC\./);
      expect(notice!.text).toContain(`/c/${contest.id}/draw`);
      expect(notice!.text).toContain('never asks you for money, card details');
      const token = await tokenOf(email);
      expect(token).toMatch(/^[\w-]{43}$/);
      // Only the token's hash is kept.
      const stored = await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from claim_links where token_hash = ${token}`,
      );
      expect(stored[0]!.count).toBe(0);
      const view = expectOk<ClaimView>(await claim(token));
      expect(view).toEqual({
        contestId: contest.id,
        contestTitle: 'Kettlebell Week',
        prizeDetails: contest.prizeDetails,
        position: 2,
        deadline: record.picks.find((pick) => pick.position === 2)!.claim!.deadline,
        timeZone: 'UTC',
        status: 'pending',
        prizeDelivery: 'digital',
        recordUrl: `${t.config.appUrl}/c/${contest.id}/draw`,
      });
    });

    it('is not sent when the contest does not notify: claims are not required', async () => {
      const { contest, record, emails } = await drawn(3, { notifyWinners: false });
      expect(record.picks[0]!.claim).toEqual({ status: 'not-required', deadline: null });
      for (const email of emails) expect(await noticesTo(email)).toEqual([]);
      const places = expectOk<OwnerPlaces>(await ownerPlaces(contest.id));
      expect(places.places[0]!.winner!.claim.status).toBe('not-required');
    });

    it('keeps claimant details out of the public record', async () => {
      const { contest } = await drawn(2, { prizeDelivery: 'shipping' });
      const token = await tokenOf((await winnerEmail(contest.id, 1))!);
      expectOk(await accept(token, { ...validClaim, deliveryAddress: '1 Gym Street, Leeds' }));
      const text = (await api.record(undefined, contest.id)).body;
      expect(text).not.toContain('Gym Street');
      expect(text).not.toContain('Fan One');
      expect((JSON.parse(text) as DrawRecord).picks[0]!.claim?.status).toBe('claimed');
    });
  });

  describe('a claim link', () => {
    it('that nobody was sent is a 404, whatever its shape', async () => {
      for (const token of ['x', 'A'.repeat(43), '../../etc', 'é'.repeat(10)]) {
        expectError(await claim(token), 404, 'NOT_FOUND');
        expectError(await accept(token, validClaim), 404, 'NOT_FOUND');
        expectError(await decline(encodeURIComponent(token)), 404, 'NOT_FOUND');
      }
    });

    it('of another contest leads only to its own place', async () => {
      const first = await drawn(2);
      const second = await drawn(2);
      const token = await tokenOf((await winnerEmail(first.contest.id, 1))!);
      expect(expectOk<ClaimView>(await claim(token)).contestId).toBe(first.contest.id);
      expect(expectOk<ClaimView>(await claim(token)).contestId).not.toBe(second.contest.id);
    });
  });

  describe('accepting', () => {
    it('checks its fields, by the way the prize travels', async () => {
      const { contest } = await drawn(2, { prizeDelivery: 'shipping' });
      const token = await tokenOf((await winnerEmail(contest.id, 1))!);
      const cases: [unknown, string][] = [
        [{ ...validClaim, fullName: ' ' }, 'fullName'],
        [{ ...validClaim, fullName: 'x'.repeat(101) }, 'fullName'],
        [validClaim, 'deliveryAddress'],
        [{ ...validClaim, deliveryAddress: 'abc' }, 'deliveryAddress'],
        [{ ...validClaim, deliveryAddress: '1 Gym St', eligible: false }, 'eligible'],
        [
          { ...validClaim, deliveryAddress: '1 Gym St', publicityConsent: 'yes' },
          'publicityConsent',
        ],
        [['not', 'an', 'object'], '_'],
      ];
      for (const [payload, field] of cases) {
        const body = expectError(await accept(token, payload), 400, 'VALIDATION');
        expect(Object.keys(body.errors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      expect((await picksOf(t, contest.id))[0]!.claimStatus).toBe('pending');
      // A digital prize takes no address.
      const digital = await drawn(2);
      const digitalToken = await tokenOf((await winnerEmail(digital.contest.id, 1))!);
      const body = expectError(
        await accept(digitalToken, { ...validClaim, deliveryAddress: '1 Gym St' }),
        400,
        'VALIDATION',
      );
      expect(Object.keys(body.errors ?? {})).toContain('deliveryAddress');
    });

    it('claims the place once, keeps an address with markup as text, and tells the owner', async () => {
      const { contest } = await drawn(3, { prizeDelivery: 'shipping' });
      const email = (await winnerEmail(contest.id, 1))!;
      const token = await tokenOf(email);
      const address = '<img src=x onerror=alert(1)> 1 Gym Street';
      expect(expectOk(await accept(token, { ...validClaim, deliveryAddress: address }))).toEqual({
        status: 'claimed',
      });
      expectError(
        await accept(token, { ...validClaim, deliveryAddress: address }),
        410,
        'DEAD_LINK',
      );
      expect(expectOk<ClaimView>(await claim(token)).status).toBe('claimed');
      const places = expectOk<OwnerPlaces>(await ownerPlaces(contest.id));
      expect(places.places[0]!.winner).toMatchObject({
        email,
        claim: { status: 'claimed' },
        claimant: { fullName: 'Fan One', deliveryAddress: address, publicityConsent: true },
      });
      const ownerMail = (await mailsTo(t, owner.email)).filter(
        (mail) => mail.purpose === 'claim-update',
      );
      expect(ownerMail.at(-1)!.subject).toBe(`Prize claimed: ${contest.title}`);
      // Nobody else sees the places.
      expectError(await ownerPlaces(contest.id, stranger), 404, 'NOT_FOUND');
    });
  });

  describe('losing a place', () => {
    it('declined: the next pick of the sequence takes it and is notified; the link is dead', async () => {
      const { contest, record } = await drawn(4);
      const email = (await winnerEmail(contest.id, 1))!;
      const token = await tokenOf(email);
      expectOk(await decline(token));
      const picks = await picksOf(t, contest.id);
      expect(picks[0]).toMatchObject({
        status: 'disqualified',
        reason: DECLINED_REASON,
        claimStatus: 'declined',
      });
      expect(picks[1]).toMatchObject({
        p: 2,
        position: 1,
        status: 'winner',
        claimStatus: 'pending',
      });
      // The same entry anyone recomputing the sequence finds next.
      expect(picks[1]!.entryId).not.toBe(record.picks[0]!.entryId);
      const next = (await winnerEmail(contest.id, 1))!;
      expect(await noticesTo(next)).toHaveLength(1);
      expectError(await claim(token), 410, 'DEAD_LINK');
      expectError(await accept(token, validClaim), 410, 'DEAD_LINK');
      // Dead whatever the body: the link is checked before the fields.
      expectError(await accept(token, {}), 410, 'DEAD_LINK');
      expectError(await decline(token), 410, 'DEAD_LINK');
      const history = await historyOf(t, contest.id);
      expect(history.some((row) => row.reason === DECLINED_REASON && row.actorId === null)).toBe(
        true,
      );
      const ownerMail = (await mailsTo(t, owner.email)).filter(
        (mail) => mail.purpose === 'claim-update',
      );
      expect(ownerMail.at(-1)!.subject).toBe(`Prize declined: ${contest.title}`);
      expect(ownerMail.at(-1)!.text).toContain('takes the place and has been notified');
    });

    it('expired: exactly once however many times its job runs at once', async () => {
      const { contest } = await drawn(5);
      const email = (await winnerEmail(contest.id, 1))!;
      const token = await tokenOf(email);
      // Before the deadline the job does nothing.
      await expireClaim(t.app.appContext, { contestId: contest.id, p: 1 });
      expect((await picksOf(t, contest.id))[0]!.claimStatus).toBe('pending');
      await passDeadline(contest.id, 1);
      expectError(await claim(token), 410, 'DEAD_LINK', 'The time to claim this prize has passed.');
      const [deadline] = await queryRows<{ at: Date }>(
        t.database.db,
        sql`select claim_deadline as at from contest_picks where contest_id = ${contest.id} and p = 1`,
      );
      await Promise.all(
        Array.from({ length: 5 }, () =>
          expireClaim(t.app.appContext, { contestId: contest.id, p: 1 }),
        ),
      );
      const picks = await picksOf(t, contest.id);
      expect(picks).toHaveLength(2);
      expect(picks[0]).toMatchObject({
        status: 'disqualified',
        claimStatus: 'expired',
        reason: expiredReason(new Date(deadline!.at)),
      });
      expect(picks[0]!.reason).toMatch(/^did not claim by \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(picks[1]).toMatchObject({ position: 1, status: 'winner', claimStatus: 'pending' });
      expectError(await accept(token, validClaim), 410, 'DEAD_LINK');
    });

    it('a claim racing its deadline: exactly one outcome', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { contest } = await drawn(3);
        const token = await tokenOf((await winnerEmail(contest.id, 1))!);
        // The deadline passes while the claim is on its way.
        const racing = [
          accept(token, validClaim),
          passDeadline(contest.id, 1).then(() =>
            expireClaim(t.app.appContext, { contestId: contest.id, p: 1 }),
          ),
        ];
        const [answer] = await Promise.all(racing);
        const picks = await picksOf(t, contest.id);
        const first = picks[0]!;
        if ((answer as { statusCode: number }).statusCode === 200) {
          expect(first).toMatchObject({ status: 'winner', claimStatus: 'claimed' });
          expect(picks).toHaveLength(1);
        } else {
          expect((answer as { statusCode: number }).statusCode).toBe(410);
          expect(first).toMatchObject({ status: 'disqualified', claimStatus: 'expired' });
          expect(picks).toHaveLength(2);
        }
      }
    });

    it('replays for anyone: the replacement takes the first empty place, as every pick does', async () => {
      // A partial draw: place 1 filled, places 2 and 3 still empty; place 1's winner declines.
      const { contest } = await contestWith(6, { winnersCount: 3 });
      expectOk(await api.drawPlaces(owner, contest.id, { count: 1 }));
      expectOk(await decline(await tokenOf((await winnerEmail(contest.id, 1))!)));
      // The place expires for the replacement too; then the rest are drawn.
      await passDeadline(contest.id, 2);
      await expireClaim(t.app.appContext, { contestId: contest.id, p: 2 });
      const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
      expect(record.picks.map(({ p, position, status }) => [p, position, status])).toEqual([
        [1, 1, 'disqualified'],
        [2, 1, 'disqualified'],
        [3, 1, 'winner'],
        [4, 2, 'winner'],
        [5, 3, 'winner'],
      ]);
      expect(
        recomputeDrawRecord(record, await entryIdsInWheelOrder(t.database, contest.id)),
      ).toEqual([]);
    });

    it('with no entry left, stays empty; the owner is told and the record shows it', async () => {
      const { contest } = await drawn(1);
      const token = await tokenOf((await winnerEmail(contest.id, 1))!);
      expectOk(await decline(token));
      const record = expectOk<DrawRecord>(await api.record(undefined, contest.id));
      expect(record.picks).toHaveLength(1);
      expect(record.picks[0]).toMatchObject({
        status: 'disqualified',
        claim: { status: 'declined' },
      });
      const places = expectOk<OwnerPlaces>(await ownerPlaces(contest.id));
      expect(places.places[0]).toEqual({ position: 1, winner: null, isUnfilled: true });
      const update = (await mailsTo(t, owner.email)).filter((m) => m.purpose === 'claim-update');
      expect(update.at(-1)!.text).toContain('No entry is left to take the place');
      const publicView = expectOk<{ winners: unknown[] }>(
        await request(t, undefined, { method: 'GET', url: `/api/contests/${contest.id}` }),
      );
      expect(publicView.winners).toEqual([]);
    });

    it('disqualified or redrawn by the owner: the links answer 410', async () => {
      const { contest } = await drawn(6, { winnersCount: 2 });
      const first = await tokenOf((await winnerEmail(contest.id, 1))!);
      const second = await tokenOf((await winnerEmail(contest.id, 2))!);
      expectOk(await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'Broke the rules' }));
      expectError(await claim(first), 410, 'DEAD_LINK');
      expectOk(await api.reset(owner, contest.id));
      expectError(await claim(second), 410, 'DEAD_LINK');
      expectError(await accept(second, validClaim), 410, 'DEAD_LINK');
      // The deadline's job of a place the owner took back changes nothing.
      await passDeadline(contest.id, 2);
      const before = await picksOf(t, contest.id);
      await expireClaim(t.app.appContext, { contestId: contest.id, p: 2 });
      expect(await picksOf(t, contest.id)).toEqual(before);
    });
  });

  describe('the owner', () => {
    it('sends the notice again with the same deadline, at most 3 times an hour', async () => {
      const { contest, record } = await drawn(3);
      const email = (await winnerEmail(contest.id, 1))!;
      const resend = (as: SeededUser = owner) =>
        request(t, as, { method: 'POST', url: `/api/contests/${contest.id}/draws/1/resend` });
      expectError(await resend(stranger), 404, 'NOT_FOUND');
      for (let time = 0; time < 3; time += 1) expectOk(await resend());
      expectError(await resend(), 429, 'RATE_LIMITED');
      const notices = await noticesTo(email);
      expect(notices).toHaveLength(4);
      const deadlineLine = (mail: OutboxMail) => mail.text.match(/Claim by [^\n]+/)?.[0];
      expect(new Set(notices.map(deadlineLine)).size).toBe(1);
      expect(record.picks[0]!.claim!.deadline).toBeTruthy();
      // Every link leads to the place: the first one still works.
      const links = notices.map((mail) => linkIn(mail.text, '/claim'));
      expect(new Set(links).size).toBe(4);
      const firstToken = new URL(links[0]!).searchParams.get('token')!;
      expect(expectOk<ClaimView>(await claim(firstToken)).status).toBe('pending');
    });

    it('neither reminds nor resends once the deadline has passed', async () => {
      const { contest } = await drawn(2);
      const email = (await winnerEmail(contest.id, 1))!;
      await passDeadline(contest.id, 1);
      await remindWinner(t.app.appContext, { contestId: contest.id, p: 1 });
      expectError(
        await request(t, owner, {
          method: 'POST',
          url: `/api/contests/${contest.id}/draws/1/resend`,
        }),
        400,
        'BAD_REQUEST',
        'The time to claim this prize has passed.',
      );
      expect(await noticesTo(email)).toHaveLength(1);
      expect((await mailsTo(t, email)).some((mail) => mail.purpose === 'claim-reminder')).toBe(
        false,
      );
      // A deadline whose job was lost is found by the sweep.
      await t.database.db
        .update(contestPicks)
        .set({ claimDeadline: sql`clock_timestamp() - interval '10 minutes'` as unknown as Date })
        .where(and(eq(contestPicks.contestId, contest.id), eq(contestPicks.p, 1)));
      expect(await listOverdueClaims(t.app.appContext)).toContainEqual({
        contestId: contest.id,
        p: 1,
      });
    });

    it('marks a claimed prize sent with a private note; the record shows the status only', async () => {
      const { contest } = await drawn(2);
      const fulfil = (payload: unknown) =>
        request(t, owner, {
          method: 'POST',
          url: `/api/contests/${contest.id}/draws/1/fulfilment`,
          payload: payload as object,
        });
      expectError(await fulfil({ status: 'sent' }), 400, 'BAD_REQUEST');
      expectOk(await accept(await tokenOf((await winnerEmail(contest.id, 1))!), validClaim));
      expectError(await fulfil({ status: 'lost' }), 400, 'VALIDATION');
      expectError(await fulfil({ status: 'sent', note: 'x'.repeat(201) }), 400, 'VALIDATION');
      expectOk(await fulfil({ status: 'sent', note: 'Tracking RM123456789GB' }));
      const record = await api.record(undefined, contest.id);
      expect((record.json() as DrawRecord).picks[0]!.fulfilment).toBe('sent');
      expect(record.body).not.toContain('RM123456789GB');
      // Delivered without a note keeps the tracking number; an empty note clears it.
      expectOk(await fulfil({ status: 'delivered' }));
      const places = expectOk<OwnerPlaces>(await ownerPlaces(contest.id));
      expect(places.places[0]!.winner!.fulfilment).toMatchObject({
        status: 'delivered',
        note: 'Tracking RM123456789GB',
      });
      expectOk(await fulfil({ status: 'delivered', note: '' }));
      const cleared = expectOk<OwnerPlaces>(await ownerPlaces(contest.id));
      expect(cleared.places[0]!.winner!.fulfilment).toMatchObject({ note: null });
    });

    it('reminds a winner who has not claimed, with a new link', async () => {
      const { contest } = await drawn(2);
      const email = (await winnerEmail(contest.id, 1))!;
      // Its job run twice (an acknowledgement lost): one reminder.
      await remindWinner(t.app.appContext, { contestId: contest.id, p: 1 });
      await remindWinner(t.app.appContext, { contestId: contest.id, p: 1 });
      expect(
        (await mailsTo(t, email)).filter((mail) => mail.purpose === 'claim-reminder'),
      ).toHaveLength(1);
      const reminder = (await mailsTo(t, email)).find((mail) => mail.purpose === 'claim-reminder');
      expect(reminder!.subject).toBe(`Reminder: claim your prize from ${contest.title}`);
      expectOk(await accept(await tokenOf(email), validClaim));
      // Claimed: no reminder any more.
      await remindWinner(t.app.appContext, { contestId: contest.id, p: 1 });
      expect(
        (await mailsTo(t, email)).filter((mail) => mail.purpose === 'claim-reminder'),
      ).toHaveLength(1);
    });
  });

  describe('the queue', () => {
    it('schedules the deadline and, for windows of 2 hours or more, the reminder', async () => {
      const long = await drawn(2, { claimWindowMinutes: 120 });
      const short = await drawn(2, { claimWindowMinutes: 119 });
      const jobs = async (contestId: string) =>
        queryRows<{ name: string; startAfter: Date }>(
          t.database.db,
          sql`select name, start_after as "startAfter" from pgboss.job
            where data->>'contestId' = ${contestId} order by name`,
        );
      const longJobs = await jobs(long.contest.id);
      expect(longJobs.map((job) => job.name)).toEqual(['claim-deadline', 'claim-reminder']);
      const drawnAt = new Date(long.record.picks[0]!.drawnAt).getTime();
      const reminderAt = new Date(longJobs[1]!.startAfter).getTime();
      expect(reminderAt - drawnAt).toBe(90 * 60_000);
      expect((await jobs(short.contest.id)).map((job) => job.name)).toEqual(['claim-deadline']);
    });

    it('runs a deadline that fell due, through the worker', async () => {
      const { contest } = await drawn(3, { claimWindowMinutes: 1 });
      await passDeadline(contest.id, 1);
      await t.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'claim-deadline'
          and data->>'contestId' = ${contest.id}`,
      );
      await expect
        .poll(async () => (await picksOf(t, contest.id)).length, { timeout: 20_000 })
        .toBe(2);
      expect((await picksOf(t, contest.id))[0]!.claimStatus).toBe('expired');
    });
  });
});
