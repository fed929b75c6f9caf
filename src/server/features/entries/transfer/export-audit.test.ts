import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '#server/db/schema.ts';
import { request, seedContest, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/** Leads are the owner's: an admin who downloads them leaves a record that outlives the contest. */
describe('exports of another owner’s entries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auditOf = (contestId: string) =>
    t.database.db.select().from(adminAudit).where(eq(adminAudit.targetContestId, contestId));

  const exportAs = (as: Awaited<ReturnType<typeof seedUser>>, contestId: string) =>
    request(t, as, { method: 'GET', url: `/api/contests/${contestId}/entries/export` });

  it('records an admin’s export of someone else’s contest, and keeps it after the delete', async () => {
    const owner = await seedUser(t);
    const admin = await seedUser(t, 'admin');
    const contest = await seedContest(t.database, owner, { title: 'Leads Giveaway' });

    expect((await exportAs(admin, contest.id)).statusCode).toBe(200);
    const [row] = await auditOf(contest.id);
    expect(row).toMatchObject({
      action: 'entries_exported',
      actorId: admin.id,
      detail: { contestTitle: 'Leads Giveaway' },
    });

    const deleted = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}`,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await auditOf(contest.id)).toHaveLength(1);

    const latest = await request(t, admin, { method: 'GET', url: '/api/admin/audit' });
    expect(latest.json()[0]).toMatchObject({
      action: 'entries_exported',
      actorEmail: admin.email,
      target: 'Leads Giveaway',
    });
  });

  it('does not record an owner exporting their own leads, an admin’s own included', async () => {
    const owner = await seedUser(t);
    const admin = await seedUser(t, 'admin');
    const ownContest = await seedContest(t.database, owner);
    const adminsContest = await seedContest(t.database, admin);
    expect((await exportAs(owner, ownContest.id)).statusCode).toBe(200);
    expect((await exportAs(admin, adminsContest.id)).statusCode).toBe(200);
    expect(await auditOf(ownContest.id)).toEqual([]);
    expect(await auditOf(adminsContest.id)).toEqual([]);
  });
});
