import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { firstRowOf, openDatabaseBefore } from '#server/testing/database-before.ts';

/**
 * Migration 0021 (claims) on a database from before it: a contest not drawn yet notifies its
 * winners from now on, as a new one does; one drawn before claims existed keeps working as its
 * owner chose then, its later replacements not mailed (docs/decisions/039).
 */
describe('migration 0021 on a database from before claims', () => {
  let database: Database;
  const ids = {} as { undrawn: string; drawn: string };

  beforeAll(async () => {
    database = await openDatabaseBefore('0021_claims');
    const owner = String(
      (
        await firstRowOf(
          database,
          sql`insert into users (email, first_name, role, email_verified_at)
              values ('claims-owner@example.com', 'Lee', 'user', now()) returning id`,
        )
      ).id,
    );
    const contest = async (title: string, frozen: boolean) =>
      String(
        (
          await firstRowOf(
            database,
            sql`insert into contests (owner_id, title, description, prize_details, end_date, is_active,
                                      published_at, frozen_at)
                values (${owner}, ${title}, 'From before 0021', 'A prize', now() + interval '7 days',
                        true, now(), ${frozen ? sql`now()` : null})
                returning id`,
          )
        ).id,
      );
    ids.undrawn = await contest('Not drawn yet', false);
    ids.drawn = await contest('Drawn before claims', true);
    await database.migrate();
  });
  afterAll(() => database?.close());

  const claimsOf = (id: string) =>
    firstRowOf(
      database,
      sql`select notify_winners as "notifyWinners", claim_window_minutes as "claimWindowMinutes",
            prize_delivery as "prizeDelivery"
          from contests where id = ${id}`,
    );

  it('notifies the winners of a contest not drawn yet, with the defaults', async () => {
    expect(await claimsOf(ids.undrawn)).toEqual({
      notifyWinners: true,
      claimWindowMinutes: 4320,
      prizeDelivery: 'digital',
    });
  });

  it('leaves a contest drawn before claims without notices', async () => {
    expect((await claimsOf(ids.drawn)).notifyWinners).toBe(false);
  });
});
