import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { firstRowOf, openDatabaseBefore, rowsOf } from '#server/testing/database-before.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * Migration 0010 (trusted leads) on entries stored before addresses were folded: entries that
 * reach one mailbox stay, the oldest as the mailbox's entry and the others flagged `alias`, for
 * the owner to remove; nothing is lost and the new unique index holds.
 */
describe('migration 0010 on entries from before folding', () => {
  let database: Database;
  let t: TestApp;
  let contestId: string;
  let cookie: string;

  const LEGACY = [
    'Ann@x.com',
    'ann+1@x.com',
    'a.b@gmail.com',
    'ab@googlemail.com',
    'someone@example.com',
  ];

  beforeAll(async () => {
    database = await openDatabaseBefore('0010_trusted_entries');
    const owner = await firstRowOf(
      database,
      sql`insert into users (email, first_name, role, email_verified_at)
          values ('legacy-owner@example.com', 'Lee', 'user', now()) returning id`,
    );
    contestId = String(
      (
        await firstRowOf(
          database,
          sql`insert into contests (owner_id, title, description, prize_details, end_date, published_at)
              values (${owner.id}, 'Legacy', 'From before 0010', 'A prize', now() + interval '7 days', now())
              returning id`,
        )
      ).id,
    );
    for (const [index, email] of LEGACY.entries()) {
      await database.db.execute(
        sql`insert into contest_entries (contest_id, name, email, entry_date)
            values (${contestId}, ${`Legacy Fan ${index}`}, ${email},
                    now() - interval '1 day' + ${index} * interval '1 minute')`,
      );
    }
    await database.db.execute(
      sql`update contests set entry_count = ${LEGACY.length} where id = ${contestId}`,
    );

    // The upgrade, as the server runs it at start.
    await database.migrate();
    t = await createTestApp({ database });
    const session = await createSession(database.db, String(owner.id), { userAgent: 'test' });
    cookie = `${SESSION_COOKIE}=${t.app.signCookie(session.token)}`;
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('keeps every entry, flags all but the oldest of each mailbox, and confirms them', async () => {
    const entries = await rowsOf(
      database,
      sql`select email, email_key, status, flags from contest_entries
          where contest_id = ${contestId} order by entry_date`,
    );
    expect(entries).toEqual([
      { email: 'Ann@x.com', email_key: 'ann@x.com', status: 'confirmed', flags: [] },
      { email: 'ann+1@x.com', email_key: 'ann@x.com', status: 'confirmed', flags: ['alias'] },
      { email: 'a.b@gmail.com', email_key: 'ab@gmail.com', status: 'confirmed', flags: [] },
      {
        email: 'ab@googlemail.com',
        email_key: 'ab@gmail.com',
        status: 'confirmed',
        flags: ['alias'],
      },
      {
        email: 'someone@example.com',
        email_key: 'someone@example.com',
        status: 'confirmed',
        flags: [],
      },
    ]);
  });

  it('refuses a new alias of a stored mailbox, and lets the owner remove an alias, not clear it', async () => {
    const duplicate = await t.app.inject({
      method: 'POST',
      url: `/api/contests/${contestId}/entries`,
      payload: { name: 'Ann Again', email: 'ann+2@x.com' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: entryMessages.duplicate });

    const alias = await firstRowOf(
      database,
      sql`select id from contest_entries where email = 'ann+1@x.com'`,
    );
    const owner = (method: 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { cookie } });
    const clear = await owner(
      'DELETE',
      `/api/contests/${contestId}/entries/${alias.id}/flags/alias`,
    );
    expect(clear.statusCode).toBe(400);
    const removed = await owner('DELETE', `/api/contests/${contestId}/entries/${alias.id}`);
    expect(removed.statusCode).toBe(204);
    const contest = await firstRowOf(
      database,
      sql`select entry_count from contests where id = ${contestId}`,
    );
    expect(contest.entry_count).toBe(LEGACY.length - 1);
  });
});
