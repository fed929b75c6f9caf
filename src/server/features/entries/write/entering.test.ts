import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { DAY_MS, request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

const enter = (t: TestApp, contestId: string, payload: object) =>
  request(t, undefined, { method: 'POST', url: `/api/contests/${contestId}/entries`, payload });

describe('entering a contest', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it('accepts a trimmed entry, answers 201 with the name, and counts it', async () => {
    const contest = await seedContest(t.database, owner);
    const response = await enter(t, contest.id, {
      name: '  Maya Chen ',
      email: ' Maya@Example.com ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Maya Chen', contestId: contest.id });
    const [row] = await t.database.db
      .select()
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(row).toMatchObject({ name: 'Maya Chen', email: 'Maya@Example.com' });
    const count = await request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/count`,
    });
    expect(count.json()).toEqual({ count: 1 });
  });

  it('gives entries time-ordered ids: version 7 layout, the entry time in the first 48 bits', async () => {
    const contest = await seedContest(t.database, owner);
    const first = (await enter(t, contest.id, { name: 'A', email: 'first@example.com' })).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await enter(t, contest.id, { name: 'B', email: 'second@example.com' })).json();
    for (const entry of [first, second]) {
      expect(entry.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const idTime = parseInt(entry.id.replace(/-/g, '').slice(0, 12), 16);
      expect(Math.abs(idTime - Date.parse(entry.entryDate))).toBeLessThan(1000);
    }
    expect(first.id < second.id).toBe(true);
  });

  it.each([
    [{ name: '', email: 'a@b.co' }, 'name', 'Full name is required'],
    [{ name: '   ', email: 'a@b.co' }, 'name', 'Full name is required'],
    [{ name: 'Al', email: '' }, 'email', 'Email address is required'],
    [{ name: 'Al', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ name: 'Al' }, 'email', 'Email address is required'],
    [{ name: 42, email: 'a@b.co' }, 'name', 'Full name is required'],
  ])(
    'refuses %j with the message of docs/product.md#validation-rules',
    async (payload, field, message) => {
      const contest = await seedContest(t.database, owner);
      const response = await enter(t, contest.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message,
        code: 'VALIDATION',
        errors: { [field]: message },
      });
    },
  );

  it.each(['Two\nLines', 'Bell\u0007', 'Del\u007F', 'C1\u0085', 'Maya \u202Egnp.exe', 'Iso\u2066'])(
    'refuses the name %j: names are plain text',
    async (name) => {
      const contest = await seedContest(t.database, owner);
      const response = await enter(t, contest.id, { name, email: 'a@b.co' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().errors).toEqual({
        name: 'Name cannot contain control or text-direction characters.',
      });
    },
  );

  it('refuses a second entry with the same e-mail in another letter case', async () => {
    const contest = await seedContest(t.database, owner);
    expect((await enter(t, contest.id, { name: 'A', email: 'dup@example.com' })).statusCode).toBe(
      201,
    );
    const again = await enter(t, contest.id, { name: 'B', email: 'DUP@Example.COM' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This email has already entered this contest.',
      code: 'ALREADY_ENTERED',
    });
  });

  it('refuses entries after the end date, while paused, and on drafts', async () => {
    const ended = await seedContest(t.database, owner, { endDate: new Date(Date.now() - 1000) });
    const paused = await seedContest(t.database, owner, { isActive: false });
    for (const contest of [ended, paused]) {
      const response = await enter(t, contest.id, { name: 'Late', email: 'late@example.com' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This contest has ended.',
        code: 'CONTEST_ENDED',
      });
    }
    const draft = await seedContest(t.database, owner, { isActive: false, publishedAt: null });
    expect((await enter(t, draft.id, { name: 'X', email: 'x@example.com' })).statusCode).toBe(409);
  });

  it('answers 404 for unknown and malformed contest ids', async () => {
    for (const id of ['3b241101-e2bb-4255-8caf-4136c566a962', 'nope', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await enter(t, id, { name: 'A', email: 'a@example.com' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Contest not found', code: 'NOT_FOUND' });
    }
  });

  it('takes exactly maxEntries out of 300 concurrent distinct entries', async () => {
    const contest = await seedContest(t.database, owner, { maxEntries: 50 });
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        enter(t, contest.id, { name: `Fan ${index}`, email: `fan${index}@example.com` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(250);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
      message: 'This contest is full.',
      code: 'CONTEST_FULL',
    });
    const [{ rows, counter }] = (await t.database.db
      .select({
        rows: sql<number>`(select count(*)::int from contest_entries where contest_id = ${contest.id})`,
        counter: contests.entryCount,
      })
      .from(contests)
      .where(eq(contests.id, contest.id))) as [{ rows: number; counter: number }];
    expect(rows).toBe(50);
    expect(counter).toBe(50);
  });

  it('takes exactly one of 50 concurrent entries with one e-mail in mixed case', async () => {
    const contest = await seedContest(t.database, owner);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        enter(t, contest.id, {
          name: `Twin ${index}`,
          email: index % 2 ? 'Twin@Example.com' : 'twin@example.COM',
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const count = await request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entries/count`,
    });
    expect(count.json()).toEqual({ count: 1 });
  });

  it('keeps the count exact when entries for many contests arrive at once', async () => {
    const all = await Promise.all(
      [1, 2, 3].map(() => seedContest(t.database, owner, { maxEntries: 10 })),
    );
    await Promise.all(
      all.flatMap((contest) =>
        Array.from({ length: 25 }, (_, index) =>
          enter(t, contest.id, { name: 'N', email: `n${index}@example.com` }),
        ),
      ),
    );
    for (const contest of all) {
      const [row] = await t.database.db
        .select({ entryCount: contests.entryCount })
        .from(contests)
        .where(eq(contests.id, contest.id));
      expect(row!.entryCount).toBe(10);
    }
  });

  it('uses the server clock: an end date a moment ago is already over', async () => {
    const contest = await seedContest(t.database, owner, { endDate: new Date(Date.now() + 300) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const response = await enter(t, contest.id, { name: 'Tardy', email: 'tardy@example.com' });
    expect(response.statusCode).toBe(409);
    expect(DAY_MS).toBeGreaterThan(0);
  });
});
