import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, contestEntries, contests, users } from '#server/db/schema.ts';
import { latestMailTo } from '#server/testing/auth-helpers.ts';
import { DAY_MS, request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { adminMessages } from '#shared/contracts/admin.ts';
import { changeUserRole, changeUserStatus } from './service.ts';

describe('admin API', () => {
  let t: TestApp;
  let admin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  const asAdmin = (options: Parameters<typeof request>[2]) => request(t, admin, options);
  const whoAmI = (as: SeededUser) => request(t, as, { method: 'GET', url: '/api/auth/user' });

  async function auditRowsFor(targetUserId: string) {
    return t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, targetUserId));
  }

  async function userRow(id: string) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row!;
  }

  describe('access', () => {
    it('answers 401 Unauthorized without a session and 403 for a plain user', async () => {
      const plain = await seedUser(t);
      const anonymous = await request(t, undefined, { method: 'GET', url: '/api/admin/stats' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      const forbidden = await request(t, plain, { method: 'GET', url: '/api/admin/stats' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({
        message: 'Forbidden: admin access is required.',
        code: 'FORBIDDEN',
      });
    });

    it('refuses strangers before reading their input (401, not 400, for a bad body)', async () => {
      const response = await request(t, undefined, {
        method: 'PATCH',
        url: `/api/admin/users/${admin.id}/role`,
        payload: { role: 'emperor' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('a demoted admin loses access on their very next request', async () => {
      const other = await seedUser(t, 'admin');
      expect((await request(t, other, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(
        200,
      );
      const demote = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${other.id}/role`,
        payload: { role: 'user' },
      });
      expect(demote.statusCode).toBe(200);
      expect((await request(t, other, { method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(
        403,
      );
    });

    it('sends no-store on admin answers', async () => {
      const response = await asAdmin({ method: 'GET', url: '/api/admin/stats' });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('stats', () => {
    it('counts users, active users, contests, open contests and entries', async () => {
      const before = (await asAdmin({ method: 'GET', url: '/api/admin/stats' })).json();
      const owner = await seedUser(t);
      const inactive = await seedUser(t);
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
      const open = await seedContest(t.database, owner);
      await seedContest(t.database, owner, { isActive: false });
      await seedContest(t.database, owner, { endDate: new Date(Date.now() - DAY_MS) });
      await t.database.db.insert(contestEntries).values([
        { contestId: open.id, name: 'A', email: `a-${randomUUID()}@example.com` },
        { contestId: open.id, name: 'B', email: `b-${randomUUID()}@example.com` },
      ]);
      const after = await asAdmin({ method: 'GET', url: '/api/admin/stats' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({
        totalUsers: before.totalUsers + 2,
        activeUsers: before.activeUsers + 1,
        totalContests: before.totalContests + 3,
        activeContests: before.activeContests + 1,
        totalEntries: before.totalEntries + 2,
      });
    });
  });

  describe('lists', () => {
    it('searches users by e-mail, case-insensitively, with the fields of a user row', async () => {
      const tag = randomUUID().slice(0, 8);
      const [row] = await t.database.db
        .insert(users)
        .values({ email: `Mixed.Case-${tag}@Example.com`, firstName: 'Mia', lastName: 'Case' })
        .returning();
      const response = await asAdmin({
        method: 'GET',
        url: `/api/admin/users?search=${encodeURIComponent(`mixed.CASE-${tag.toUpperCase()}`)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('1');
      expect(response.json()).toEqual([
        {
          id: row!.id,
          email: row!.email,
          firstName: 'Mia',
          lastName: 'Case',
          role: 'user',
          isActive: true,
          createdAt: row!.createdAt.toISOString(),
          emailVerifiedAt: null,
        },
      ]);
    });

    it('takes % and _ in a search literally', async () => {
      const response = await asAdmin({ method: 'GET', url: '/api/admin/users?search=%25' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    });

    it('pages users with limit and offset; the total rides in x-total-count', async () => {
      const tag = `page-${randomUUID().slice(0, 8)}`;
      await t.database.db
        .insert(users)
        .values(Array.from({ length: 5 }, (_, i) => ({ email: `${tag}-${i}@example.com` })));
      const first = await asAdmin({ method: 'GET', url: `/api/admin/users?search=${tag}&limit=2` });
      const third = await asAdmin({
        method: 'GET',
        url: `/api/admin/users?search=${tag}&limit=2&offset=4`,
      });
      expect(first.headers['x-total-count']).toBe('5');
      expect(first.json()).toHaveLength(2);
      expect(third.json()).toHaveLength(1);
      const seen = new Set<string>();
      for (const offset of [0, 2, 4]) {
        const page = await asAdmin({
          method: 'GET',
          url: `/api/admin/users?search=${tag}&limit=2&offset=${offset}`,
        });
        for (const user of page.json() as { email: string }[]) seen.add(user.email);
      }
      expect(seen.size).toBe(5);
    });

    it('caps a page at 500 and refuses more', async () => {
      const tooMany = await asAdmin({ method: 'GET', url: '/api/admin/users?limit=501' });
      expect(tooMany.statusCode).toBe(400);
      const negative = await asAdmin({ method: 'GET', url: '/api/admin/users?offset=-1' });
      expect(negative.statusCode).toBe(400);
    });

    it('searches contests by title, case-insensitively, with entryCount and trainer', async () => {
      const owner = await seedUser(t);
      const tag = randomUUID().slice(0, 8);
      const contest = await seedContest(t.database, owner, {
        title: `Summer Bash ${tag}`,
        entryCount: 0,
      });
      await t.database.db
        .insert(contestEntries)
        .values({ contestId: contest.id, name: 'A', email: 'a@example.com' });
      await t.database.db
        .update(contests)
        .set({ entryCount: 1 })
        .where(eq(contests.id, contest.id));
      const response = await asAdmin({
        method: 'GET',
        url: `/api/admin/contests?search=${encodeURIComponent(`BASH ${tag.toUpperCase()}`)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('1');
      expect(response.json()).toEqual([
        {
          id: contest.id,
          title: `Summer Bash ${tag}`,
          status: 'open',
          isActive: true,
          winnerId: null,
          endDate: contest.endDate.toISOString(),
          entryCount: 1,
          trainer: { firstName: 'Sam', lastName: 'Seed', email: owner.email },
        },
      ]);
    });

    it('inspects users with totalUsers', async () => {
      const response = await asAdmin({ method: 'GET', url: '/api/database/inspect?limit=3' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.users).toHaveLength(3);
      expect(body.totalUsers).toBeGreaterThanOrEqual(3);
      expect(Object.keys(body.users[0]).sort()).toEqual(
        ['createdAt', 'email', 'emailVerifiedAt', 'firstName', 'id', 'isActive', 'lastName', 'role']
          .slice()
          .sort(),
      );
    });
  });

  describe('role and status', () => {
    it('grants and revokes admin, with a message and an audit row', async () => {
      const target = await seedUser(t);
      const grant = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/role`,
        payload: { role: 'admin' },
      });
      expect(grant.statusCode).toBe(200);
      expect(grant.json().message).toBe(`${target.email} is now an admin.`);
      expect(grant.json().user).toMatchObject({ id: target.id, role: 'admin' });
      expect((await userRow(target.id)).role).toBe('admin');
      const revoke = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/role`,
        payload: { role: 'user' },
      });
      expect(revoke.json().message).toBe(`${target.email} is now a user.`);
      const rows = await auditRowsFor(target.id);
      expect(rows.map((row) => [row.action, row.actorId, row.detail.role])).toEqual(
        expect.arrayContaining([
          ['role_changed', admin.id, 'admin'],
          ['role_changed', admin.id, 'user'],
        ]),
      );
    });

    it('refuses an unknown role (400) and an unknown user (404)', async () => {
      const target = await seedUser(t);
      const bad = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/role`,
        payload: { role: 'owner' },
      });
      expect(bad.statusCode).toBe(400);
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const missing = await asAdmin({
          method: 'PATCH',
          url: `/api/admin/users/${id}/role`,
          payload: { role: 'admin' },
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
      }
    });

    it('an admin cannot demote or deactivate themself', async () => {
      const demote = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${admin.id}/role`,
        payload: { role: 'user' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({
        message: 'You cannot remove your own admin role.',
        code: 'CANNOT_CHANGE_SELF',
      });
      const deactivate = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${admin.id}/status`,
        payload: { isActive: false },
      });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json()).toEqual({
        message: 'You cannot deactivate your own account.',
        code: 'CANNOT_CHANGE_SELF',
      });
      expect(await userRow(admin.id)).toMatchObject({ role: 'admin', isActive: true });
      expect(await auditRowsFor(admin.id)).toEqual([]);
    });

    it('deactivating ends the user’s sessions; reactivating lets them sign in again', async () => {
      const target = await seedUser(t);
      expect((await whoAmI(target)).statusCode).toBe(200);
      const off = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/status`,
        payload: { isActive: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().message).toBe(`${target.email} is now inactive.`);
      expect((await whoAmI(target)).statusCode).toBe(401);
      const on = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/status`,
        payload: { isActive: true },
      });
      expect(on.json().user.isActive).toBe(true);
      // The old session is gone for good, not merely suspended.
      expect((await whoAmI(target)).statusCode).toBe(401);
      const rows = await auditRowsFor(target.id);
      expect(rows.map((row) => [row.action, row.detail.isActive])).toEqual(
        expect.arrayContaining([
          ['status_changed', false],
          ['status_changed', true],
        ]),
      );
    });
  });

  describe('contests', () => {
    it('deletes any trainer’s contest and records its title', async () => {
      const owner = await seedUser(t);
      const contest = await seedContest(t.database, owner, { title: `Doomed ${randomUUID()}` });
      const response = await asAdmin({
        method: 'DELETE',
        url: `/api/admin/contests/${contest.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Contest has been successfully deleted.' });
      const again = await asAdmin({ method: 'DELETE', url: `/api/admin/contests/${contest.id}` });
      expect(again.statusCode).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.targetContestId, contest.id));
      expect(row).toMatchObject({
        action: 'contest_deleted',
        actorId: admin.id,
        detail: { contestTitle: contest.title },
      });
    });
  });

  describe('verification', () => {
    it.each(['/api/admin/verify-email-direct', '/api/auth/verify-manual'])(
      '%s verifies by e-mail (any letter case) and answers user.email',
      async (url) => {
        const [target] = await t.database.db
          .insert(users)
          .values({ email: `unverified-${randomUUID().slice(0, 8)}@example.com` })
          .returning();
        const response = await asAdmin({
          method: 'POST',
          url,
          payload: { email: `  ${target!.email.toUpperCase()} ` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          message: `Successfully verified ${target!.email}`,
          user: { email: target!.email },
        });
        expect((await userRow(target!.id)).emailVerifiedAt).not.toBeNull();
        expect((await auditRowsFor(target!.id)).map((row) => row.action)).toEqual([
          'email_verified',
        ]);
      },
    );

    it('answers 404 for an unknown e-mail and 400 for a malformed one', async () => {
      const missing = await asAdmin({
        method: 'POST',
        url: '/api/admin/verify-email-direct',
        payload: { email: 'nobody-here@example.com' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        message: 'No user with the email nobody-here@example.com.',
        code: 'NOT_FOUND',
      });
      const malformed = await asAdmin({
        method: 'POST',
        url: '/api/admin/verify-email-direct',
        payload: { email: 'not an email' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual({ email: 'Please enter a valid email address' });
    });
  });

  describe('password reset', () => {
    async function userWithPassword(password: string) {
      const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
      const signup = await request(t, undefined, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password, firstName: 'Rita', lastName: 'Reset' },
      });
      expect(signup.statusCode).toBe(201);
      const [row] = await t.database.db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.email, email))
        .returning();
      return row!;
    }

    const logIn = (email: string, password: string) =>
      request(t, undefined, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });

    const cookieOf = (response: Awaited<ReturnType<typeof logIn>>) =>
      String(response.headers['set-cookie']).split(';')[0]!;

    it.each(['/api/admin/reset-user-password', '/api/database/reset-password'])(
      '%s sets a hashed password and ends the user’s sessions',
      async (url) => {
        const user = await userWithPassword('old password 1');
        const session = await logIn(user.email, 'old password 1');
        expect(session.statusCode).toBe(200);
        const oldCookie = cookieOf(session);
        const response = await asAdmin({
          method: 'POST',
          url,
          payload: { email: user.email, newPassword: 'brand new pass' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          message: `Password reset for ${user.email}`,
          user: { email: user.email },
        });
        const stored = await userRow(user.id);
        expect(stored.passwordHash).not.toContain('brand new pass');
        expect(
          (
            await request(t, undefined, {
              method: 'GET',
              url: '/api/auth/user',
              headers: { cookie: oldCookie },
            })
          ).statusCode,
        ).toBe(401);
        expect((await logIn(user.email, 'old password 1')).statusCode).toBe(401);
        expect((await logIn(user.email, 'brand new pass')).statusCode).toBe(200);
        expect((await auditRowsFor(user.id)).map((row) => row.action)).toEqual(['password_reset']);
      },
    );

    it("validates e-mail and password length with the product's messages", async () => {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/reset-user-password',
        payload: { email: 'nope', newPassword: 'short' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        email: 'Please enter a valid email address',
        newPassword: 'Password must be at least 8 characters',
      });
    });

    it('answers 404 for an unknown e-mail', async () => {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/database/reset-password',
        payload: { email: 'ghost@example.com', newPassword: 'long enough' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'No user with the email ghost@example.com.',
        code: 'NOT_FOUND',
      });
    });

    it('a temporary password is random, shown once, works, and ends old sessions', async () => {
      const user = await userWithPassword('old password 2');
      const oldCookie = cookieOf(await logIn(user.email, 'old password 2'));
      const first = await asAdmin({
        method: 'POST',
        url: `/api/admin/users/${user.id}/temporary-password`,
      });
      expect(first.statusCode).toBe(200);
      const { temporaryPassword, message } = first.json();
      expect(message).toContain(user.email);
      expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(
        (
          await request(t, undefined, {
            method: 'GET',
            url: '/api/auth/user',
            headers: { cookie: oldCookie },
          })
        ).statusCode,
      ).toBe(401);
      expect((await logIn(user.email, temporaryPassword)).statusCode).toBe(200);
      const second = await asAdmin({
        method: 'POST',
        url: `/api/admin/users/${user.id}/temporary-password`,
      });
      expect(second.json().temporaryPassword).not.toBe(temporaryPassword);
      // Nothing stored can give the password back.
      expect(JSON.stringify(await auditRowsFor(user.id))).not.toContain(temporaryPassword);
      const unknown = await asAdmin({
        method: 'POST',
        url: `/api/admin/users/${randomUUID()}/temporary-password`,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('e-mail test', () => {
    it('puts a test mail in the outbox when no SMTP_URL is set, and says so', async () => {
      const email = `Debug-${randomUUID().slice(0, 8)}@Example.com`;
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/test-email',
        payload: { email: ` ${email} ` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: adminMessages.testEmailSent(email, 'outbox'),
        transport: 'outbox',
      });
      const mail = await latestMailTo(t, email);
      expect(mail.subject).toBe('Prizewheel test email');
      expect(mail.text).toContain(`Requested by the administrator ${admin.email}`);
    });

    it('refuses an address that is not one, with the field named', async () => {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/test-email',
        payload: { email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please enter a valid email address',
        code: 'VALIDATION',
        errors: { email: 'Please enter a valid email address' },
      });
    });
  });

  describe('audit', () => {
    it('lists the latest actions newest first with actor and target', async () => {
      const target = await seedUser(t);
      const owner = await seedUser(t);
      const contest = await seedContest(t.database, owner, { title: `Audited ${randomUUID()}` });
      await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/role`,
        payload: { role: 'admin' },
      });
      await asAdmin({ method: 'DELETE', url: `/api/admin/contests/${contest.id}` });
      await asAdmin({
        method: 'PATCH',
        url: `/api/admin/users/${target.id}/status`,
        payload: { isActive: false },
      });
      const response = await asAdmin({ method: 'GET', url: '/api/admin/audit?limit=3' });
      expect(response.statusCode).toBe(200);
      const items = response.json() as Record<string, unknown>[];
      expect(
        items.map(({ action, actorEmail, target: label }) => [action, actorEmail, label]),
      ).toEqual([
        ['status_changed', admin.email, target.email],
        ['contest_deleted', admin.email, contest.title],
        ['role_changed', admin.email, target.email],
      ]);
      expect(typeof items[0]!.createdAt).toBe('string');
      expect(items.map(({ role, isActive }) => [role, isActive])).toEqual([
        [null, false],
        [null, null],
        ['admin', null],
      ]);
    });

    it('keeps the record readable after the target account is gone', async () => {
      const target = await seedUser(t);
      await asAdmin({
        method: 'POST',
        url: '/api/admin/verify-email-direct',
        payload: { email: target.email },
      });
      await t.database.db.delete(users).where(eq(users.id, target.id));
      const [latest] = (await asAdmin({ method: 'GET', url: '/api/admin/audit?limit=1' })).json();
      expect(latest).toMatchObject({ action: 'email_verified', target: target.email });
    });
  });
});

describe('last admin protection (service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Through the API the acting admin is always a second active admin; the guard still holds
  // for any other caller (and for two admins removing each other at once).
  it('refuses to demote or deactivate the only active admin', async () => {
    const only = await seedUser(t, 'admin');
    const caller = { id: randomUUID(), email: 'x@example.com', firstName: null, lastName: null };
    const actor = { ...caller, role: 'admin' as const };
    await expect(
      changeUserRole({ db: t.database.db }, actor, only.id, 'user'),
    ).rejects.toMatchObject({
      code: 'LAST_ADMIN',
      message: 'The last admin cannot be removed.',
    });
    await expect(
      changeUserStatus({ db: t.database.db }, actor, only.id, false),
    ).rejects.toMatchObject({
      code: 'LAST_ADMIN',
      message: 'The last admin cannot be removed.',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, only.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const first = await seedUser(t, 'admin');
    const second = await seedUser(t, 'admin');
    // The earlier test's admin is the third; take it out of the picture first.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, first.id));
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, second.id));
    const results = await Promise.allSettled([
      request(t, first, {
        method: 'PATCH',
        url: `/api/admin/users/${second.id}/role`,
        payload: { role: 'user' },
      }),
      request(t, second, {
        method: 'PATCH',
        url: `/api/admin/users/${first.id}/role`,
        payload: { role: 'user' },
      }),
    ]);
    const statuses = results.map((result) =>
      result.status === 'fulfilled' ? result.value.statusCode : 0,
    );
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    // One succeeds; the other is refused (409 last admin, or 403 if already demoted).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  });
});
