import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import {
  contestBody,
  DAY_MS,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { CreateContestBody, OwnerContest } from '#shared/contracts/contests.ts';

const inAWeek = () => new Date(Date.now() + 7 * DAY_MS).toISOString();

/** The edit form sends every field again (PUT). */
const editBody = (contest: OwnerContest, overrides: Record<string, unknown> = {}) => ({
  title: contest.title,
  description: contest.description,
  prizeDetails: contest.prizeDetails,
  prizeValue: contest.prizeValue,
  endDate: contest.endDate,
  maxEntries: contest.maxEntries,
  confirmationMessage: contest.confirmationMessage,
  ...overrides,
});

const PRIVATE_FIELDS = ['trainerId', 'createdAt', 'updatedAt', 'winnerSelectedAt'];

describe('contests: create, read, update, delete', () => {
  let t: TestApp;
  let owner: SeededUser;
  let otherUser: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
    otherUser = await seedUser(t);
  });
  afterAll(() => t.close());

  const create = (as: SeededUser, payload: object) =>
    request(t, as, { method: 'POST', url: '/api/contests', payload });
  const view = (as: SeededUser | undefined, id: string) =>
    request(t, as, { method: 'GET', url: `/api/contests/${id}` });
  const update = (as: SeededUser, id: string, payload: object) =>
    request(t, as, { method: 'PUT', url: `/api/contests/${id}`, payload });
  const setActive = (as: SeededUser, id: string, isActive: unknown) =>
    request(t, as, { method: 'PATCH', url: `/api/contests/${id}/status`, payload: { isActive } });
  const enter = (contestId: string, email: string) =>
    request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: { name: 'Pat Entrant', email },
    });

  async function createdContest(overrides: Partial<CreateContestBody> = {}) {
    const response = await create(owner, contestBody(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<OwnerContest>();
  }

  describe('creating', () => {
    it('answers 201 with the stored contest, owned by the caller and published', async () => {
      const body = contestBody();
      const response = await create(owner, body);
      expect(response.statusCode).toBe(201);
      const created = response.json<OwnerContest>();
      expect(created).toMatchObject({
        title: body.title,
        description: body.description,
        prizeDetails: body.prizeDetails,
        prizeValue: '$450',
        maxEntries: 200,
        confirmationMessage: 'See you at the gym!',
        isActive: true,
        isPublished: true,
        winnerId: null,
        winnerSelectedAt: null,
        entryCount: 0,
        trainerId: owner.id,
      });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(created.endDate).toISOString()).toBe(body.endDate);
      expect(Date.parse(created.createdAt)).not.toBeNaN();

      const [row] = await t.database.db.select().from(contests).where(eq(contests.id, created.id));
      expect(row).toMatchObject({ ownerId: owner.id, title: body.title, isActive: true });
      expect(row!.publishedAt).toBeInstanceOf(Date);
    });

    it('trims text and stores blank optional fields as null (unlimited entries)', async () => {
      const created = await createdContest({
        title: '  Padded Title  ',
        prizeValue: '   ',
        confirmationMessage: '',
        maxEntries: null,
      });
      expect(created).toMatchObject({
        title: 'Padded Title',
        prizeValue: null,
        confirmationMessage: null,
        maxEntries: null,
      });
      const omitted = contestBody();
      delete omitted.prizeValue;
      delete omitted.confirmationMessage;
      delete omitted.maxEntries;
      const response = await create(owner, omitted);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        prizeValue: null,
        confirmationMessage: null,
        maxEntries: null,
      });
    });

    it.each([
      ['title', { title: '' }, 'Contest title is required'],
      ['title', { title: '   ' }, 'Contest title is required'],
      ['title', { title: undefined }, 'Contest title is required'],
      ['description', { description: '' }, 'Contest description is required'],
      ['description', { description: undefined }, 'Contest description is required'],
      ['prizeDetails', { prizeDetails: ' ' }, 'Prize details are required'],
      ['prizeDetails', { prizeDetails: undefined }, 'Prize details are required'],
      ['endDate', { endDate: '' }, 'End date is required'],
      ['endDate', { endDate: undefined }, 'End date is required'],
      [
        'endDate',
        { endDate: new Date(Date.now() - 60_000).toISOString() },
        'End date must be in the future',
      ],
      ['maxEntries', { maxEntries: 0 }, 'Maximum entries must be at least 1'],
      ['maxEntries', { maxEntries: -5 }, 'Maximum entries must be at least 1'],
    ])(
      "refuses a missing or bad %s with the product's message (%j)",
      async (field, overrides, message) => {
        const before = await t.database.db.$count(contests);
        const response = await create(owner, { ...contestBody(), ...overrides });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.code).toBe('VALIDATION');
        expect(body.errors[field]).toBe(message);
        expect(body.message).toBe(message);
        expect(await t.database.db.$count(contests)).toBe(before);
      },
    );

    it('reports every missing field at once', async () => {
      const response = await create(owner, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toMatchObject({
        title: 'Contest title is required',
        description: 'Contest description is required',
        prizeDetails: 'Prize details are required',
        endDate: 'End date is required',
      });
    });

    it('refuses an unreadable end date and a fractional maxEntries', async () => {
      const badDate = await create(owner, contestBody({ endDate: 'next friday-ish' }));
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().errors.endDate).toBeTruthy();
      const fractional = await create(owner, contestBody({ maxEntries: 2.5 }));
      expect(fractional.statusCode).toBe(400);
      expect(fractional.json().errors.maxEntries).toBeTruthy();
    });

    it('refuses a body that is not a JSON object with 400 or 415, never 5xx', async () => {
      const array = await create(owner, [1, 2]);
      expect(array.statusCode).toBe(400);
      const text = await request(t, owner, {
        method: 'POST',
        url: '/api/contests',
        headers: { 'content-type': 'text/plain' },
        payload: 'title=Hello',
      });
      expect(text.statusCode).toBe(415);
      const broken = await request(t, owner, {
        method: 'POST',
        url: '/api/contests',
        headers: { 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(broken.statusCode).toBe(400);
    });
  });

  describe('drafts, publishing, pausing', () => {
    it('saves isActive:false as a draft that only its owner can see', async () => {
      const draft = await createdContest({ isActive: false });
      expect(draft).toMatchObject({ isActive: false, isPublished: false });

      expect((await view(owner, draft.id)).json()).toMatchObject({
        id: draft.id,
        isPublished: false,
      });
      for (const stranger of [undefined, otherUser]) {
        const response = await view(stranger, draft.id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Contest not found', code: 'NOT_FOUND' });
        const count = await request(t, stranger, {
          method: 'GET',
          url: `/api/contests/${draft.id}/entries/count`,
        });
        expect(count.statusCode).toBe(404);
        expect(count.json().code).toBe('NOT_FOUND');
      }
      const early = await enter(draft.id, 'early@example.com');
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('CONTEST_ENDED');
    });

    it('publishes a draft with PATCH /status {isActive:true}: public and open', async () => {
      const draft = await createdContest({ isActive: false });
      const published = await setActive(owner, draft.id, true);
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({ isActive: true, isPublished: true });

      const publicView = await view(undefined, draft.id);
      expect(publicView.statusCode).toBe(200);
      expect(publicView.json()).toMatchObject({ isActive: true, isPublished: true });
      expect((await enter(draft.id, 'first@example.com')).statusCode).toBe(201);
    });

    it('pauses and resumes entries; a paused contest stays public', async () => {
      const contest = await createdContest();
      const paused = await setActive(owner, contest.id, false);
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toMatchObject({ isActive: false, isPublished: true });

      const publicView = await view(undefined, contest.id);
      expect(publicView.statusCode).toBe(200);
      expect(publicView.json()).toMatchObject({ isActive: false, isPublished: true });
      const refused = await enter(contest.id, 'paused@example.com');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This contest has ended.', code: 'CONTEST_ENDED' });

      const resumed = await setActive(owner, contest.id, true);
      expect(resumed.json()).toMatchObject({ isActive: true, isPublished: true });
      expect((await enter(contest.id, 'paused@example.com')).statusCode).toBe(201);
    });

    it('refuses a status body without a boolean isActive', async () => {
      const contest = await createdContest();
      for (const isActive of ['yes', undefined, 1]) {
        expect((await setActive(owner, contest.id, isActive)).statusCode).toBe(400);
      }
    });
  });

  describe('updating', () => {
    it('saves every field of the edit form and answers the updated contest', async () => {
      const contest = await createdContest();
      const newEnd = new Date(Date.now() + 14 * DAY_MS).toISOString();
      const response = await update(
        owner,
        contest.id,
        editBody(contest, {
          title: 'Renamed Challenge',
          description: 'Now with a bonus prize.',
          prizeDetails: 'Four months of personal training',
          prizeValue: ' ',
          endDate: newEnd,
          maxEntries: null,
          confirmationMessage: 'Thanks!',
        }),
      );
      expect(response.statusCode).toBe(200);
      const updated = response.json<OwnerContest>();
      expect(updated).toMatchObject({
        id: contest.id,
        title: 'Renamed Challenge',
        description: 'Now with a bonus prize.',
        prizeDetails: 'Four months of personal training',
        prizeValue: null,
        maxEntries: null,
        confirmationMessage: 'Thanks!',
        trainerId: owner.id,
      });
      expect(new Date(updated.endDate).toISOString()).toBe(newEnd);
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(contest.updatedAt));
      expect((await view(owner, contest.id)).json()).toMatchObject({ title: 'Renamed Challenge' });
    });

    it.each([
      ['title', { title: '' }, 'Title is required'],
      ['description', { description: '  ' }, 'Description is required'],
      ['prizeDetails', { prizeDetails: '' }, 'Prize details are required'],
      ['endDate', { endDate: '' }, 'End date is required'],
      ['endDate', { endDate: undefined }, 'End date is required'],
      ['maxEntries', { maxEntries: 0 }, 'Maximum entries must be at least 1'],
    ])('refuses a bad %s with the edit message (%j)', async (field, overrides, message) => {
      const contest = await createdContest();
      const response = await update(owner, contest.id, editBody(contest, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().errors[field]).toBe(message);
      expect((await view(owner, contest.id)).json().title).toBe(contest.title);
    });

    it('edits an ended contest, and extending its end date reopens it', async () => {
      const ended = await seedContest(t.database, owner, {
        endDate: new Date(Date.now() - DAY_MS),
      });
      const endedView = (await view(owner, ended.id)).json<OwnerContest>();
      const renamed = await update(owner, ended.id, editBody(endedView, { title: 'Past Edition' }));
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().title).toBe('Past Edition');
      expect((await enter(ended.id, 'late@example.com')).statusCode).toBe(409);

      const extended = await update(
        owner,
        ended.id,
        editBody(endedView, { title: 'Past Edition', endDate: inAWeek() }),
      );
      expect(extended.statusCode).toBe(200);
      expect((await enter(ended.id, 'late@example.com')).statusCode).toBe(201);
    });

    it('keeps maxEntries at or above the current entry count (409 below it)', async () => {
      const contest = await createdContest({ maxEntries: 10 });
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await enter(contest.id, email)).statusCode).toBe(201);
      }
      const tooLow = await update(owner, contest.id, editBody(contest, { maxEntries: 2 }));
      expect(tooLow.statusCode).toBe(409);
      expect(tooLow.json()).toEqual({
        message: 'Max entries cannot be lower than the 3 entries already received.',
        code: 'MAX_ENTRIES_TOO_LOW',
        errors: { maxEntries: 'Must be at least 3' },
      });
      expect((await view(owner, contest.id)).json().maxEntries).toBe(10);

      const exact = await update(owner, contest.id, editBody(contest, { maxEntries: 3 }));
      expect(exact.statusCode).toBe(200);
      expect(exact.json()).toMatchObject({ maxEntries: 3, entryCount: 3 });
      const full = await enter(contest.id, 'd@example.com');
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ message: 'This contest is full.', code: 'CONTEST_FULL' });

      const unlimited = await update(owner, contest.id, editBody(contest, { maxEntries: null }));
      expect(unlimited.statusCode).toBe(200);
      expect((await enter(contest.id, 'd@example.com')).statusCode).toBe(201);
    });

    it('does not change the winner, owner or entry count through the edit body', async () => {
      const contest = await createdContest();
      const response = await update(
        owner,
        contest.id,
        editBody(contest, { trainerId: otherUser.id, entryCount: 999, winnerId: contest.id }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ trainerId: owner.id, entryCount: 0, winnerId: null });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const contest = await createdContest();
      for (const id of ['8d1f0a3e-8b8c-4a55-9a52-0c7f6b3d2e10', 'not-a-uuid']) {
        expect((await update(owner, id, editBody(contest))).statusCode).toBe(404);
        expect((await view(owner, id)).statusCode).toBe(404);
      }
    });
  });

  describe('listing', () => {
    it('lists only the caller’s contests, newest first, drafts included', async () => {
      const lister = await seedUser(t);
      const someoneElse = await seedUser(t);
      const base = Date.now() - 10 * DAY_MS;
      const middle = await seedContest(t.database, lister, {
        title: 'B',
        createdAt: new Date(base + 2000),
      });
      const oldest = await seedContest(t.database, lister, {
        title: 'A',
        createdAt: new Date(base + 1000),
      });
      const draft = await seedContest(t.database, lister, {
        title: 'C',
        createdAt: new Date(base + 3000),
        isActive: false,
        publishedAt: null,
      });
      await seedContest(t.database, someoneElse, { title: 'Not mine' });

      const response = await request(t, lister, { method: 'GET', url: '/api/contests' });
      expect(response.statusCode).toBe(200);
      const list = response.json<OwnerContest[]>();
      expect(list.map((contest) => contest.id)).toEqual([draft.id, middle.id, oldest.id]);
      expect(list.every((contest) => contest.trainerId === lister.id)).toBe(true);
      expect(list[0]).toMatchObject({ isPublished: false, isActive: false });

      const fresh = await seedUser(t);
      const empty = await request(t, fresh, { method: 'GET', url: '/api/contests' });
      expect(empty.json()).toEqual([]);
    });

    it('maps each own contest id to its entry count', async () => {
      const counter = await seedUser(t);
      const busy = await seedContest(t.database, counter);
      const quiet = await seedContest(t.database, counter);
      const foreign = await seedContest(t.database, otherUser);
      for (const email of ['one@example.com', 'two@example.com']) {
        expect((await enter(busy.id, email)).statusCode).toBe(201);
      }
      expect((await enter(foreign.id, 'one@example.com')).statusCode).toBe(201);

      const response = await request(t, counter, {
        method: 'GET',
        url: '/api/contests/entry-counts',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ [busy.id]: 2, [quiet.id]: 0 });
    });
  });

  describe('deleting', () => {
    it('answers 204 and removes the contest with all its entries', async () => {
      const contest = await createdContest();
      const survivor = await createdContest();
      for (const email of ['x@example.com', 'y@example.com', 'z@example.com']) {
        expect((await enter(contest.id, email)).statusCode).toBe(201);
      }
      expect((await enter(survivor.id, 'x@example.com')).statusCode).toBe(201);

      const response = await request(t, owner, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const entriesLeft = await t.database.db.$count(
        contestEntries,
        eq(contestEntries.contestId, contest.id),
      );
      expect(entriesLeft).toBe(0);
      expect(await t.database.db.$count(contests, eq(contests.id, contest.id))).toBe(0);
      expect(
        await t.database.db.$count(contestEntries, eq(contestEntries.contestId, survivor.id)),
      ).toBe(1);
      expect((await view(owner, contest.id)).statusCode).toBe(404);
      const again = await request(t, owner, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}`,
      });
      expect(again.statusCode).toBe(404);
    });

    it('deletes a contest whose winner has been drawn', async () => {
      const contest = await seedContest(t.database, owner);
      expect((await enter(contest.id, 'champ@example.com')).statusCode).toBe(201);
      await t.database.db.execute(
        sql`update contests set winner_id = (select id from contest_entries where contest_id = ${contest.id}), winner_selected_at = now() where id = ${contest.id}`,
      );
      const response = await request(t, owner, {
        method: 'DELETE',
        url: `/api/contests/${contest.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(
        await t.database.db.$count(contestEntries, eq(contestEntries.contestId, contest.id)),
      ).toBe(0);
    });
  });

  describe('the public view', () => {
    it('shows anonymous visitors and other users only public fields, never an e-mail', async () => {
      const contest = await createdContest();
      expect((await enter(contest.id, 'secret.entrant@example.com')).statusCode).toBe(201);
      for (const viewer of [undefined, otherUser]) {
        const response = await view(viewer, contest.id);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({
          id: contest.id,
          title: contest.title,
          description: contest.description,
          prizeDetails: contest.prizeDetails,
          prizeValue: contest.prizeValue,
          endDate: contest.endDate,
          maxEntries: contest.maxEntries,
          isActive: true,
          isPublished: true,
          confirmationMessage: contest.confirmationMessage,
          winnerId: null,
          entryCount: 1,
        });
        for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
        expect(response.body).not.toContain('@');
        expect(response.body).not.toContain(owner.id);
      }
    });

    it('shows the owner the full record', async () => {
      const contest = await createdContest();
      const body = (await view(owner, contest.id)).json();
      expect(body).toMatchObject({ id: contest.id, trainerId: owner.id, winnerSelectedAt: null });
      expect(Date.parse(body.createdAt)).not.toBeNaN();
      expect(Date.parse(body.updatedAt)).not.toBeNaN();
    });

    it('answers 404 for an unknown contest and for ids that are not uuids', async () => {
      for (const id of ['0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e0', '1', 'x'.repeat(100)]) {
        const response = await view(undefined, id);
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ message: 'Contest not found', code: 'NOT_FOUND' });
      }
      expect((await view(undefined, '%2e%2e')).statusCode).toBe(404);
      expect((await view(undefined, 'x'.repeat(5000))).statusCode).toBeLessThan(500);
    });
  });
});
