import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { isLeftOutOfDraw } from '#server/lib/draw-exclusion.ts';
import { firstRowOf, openDatabaseBefore, rowsOf } from '#server/testing/database-before.ts';
import type { EntryFlag } from '#shared/contracts/entry-flags.ts';

/**
 * Migration 0016 (the owner's review of flagged entries) on a database from before it: a contest
 * not drawn yet takes the new rule (a flag alone leaves nobody out, aliases excepted), one whose
 * owner drew flagged entries keeps drawing them, and a frozen one keeps the very list it froze,
 * its record gaining the counts per flag of the entries it left out.
 */
describe('migration 0016 on a database from before the flag review', () => {
  let database: Database;
  const ids = {} as { undrawn: string; drawsFlagged: string; frozen: string };

  beforeAll(async () => {
    database = await openDatabaseBefore('0016_flag_review');
    const owner = String(
      (
        await firstRowOf(
          database,
          sql`insert into users (email, first_name, role, email_verified_at)
              values ('legacy-owner@example.com', 'Lee', 'user', now()) returning id`,
        )
      ).id,
    );
    const contest = async (title: string, excludeFlagged: boolean, frozen: boolean) =>
      String(
        (
          await firstRowOf(
            database,
            sql`insert into contests (owner_id, title, description, prize_details, end_date, is_active,
                                      published_at, exclude_flagged, frozen_at, frozen_left_out)
                values (${owner}, ${title}, 'From before 0016', 'A prize', now() + interval '7 days',
                        true, now(), ${excludeFlagged}, ${frozen ? sql`now()` : null}, ${frozen ? 3 : null})
                returning id`,
          )
        ).id,
      );
    ids.undrawn = await contest('Not drawn, flagged left out', true, false);
    ids.drawsFlagged = await contest('Not drawn, flagged drawn', false, false);
    ids.frozen = await contest('Frozen, flagged left out', true, true);
    const flagSets: EntryFlag[][] = [
      [],
      [],
      ['fast-submit'],
      ['address-burst', 'fast-submit'],
      ['alias'],
    ];
    for (const contestId of Object.values(ids)) {
      for (const [i, flags] of flagSets.entries()) {
        await database.db.execute(
          sql`insert into contest_entries (contest_id, name, email, flags)
              values (${contestId}, ${`Fan${i} Example`}, ${`fan${i}.${contestId.slice(0, 8)}@example.com`},
                      ${`{${flags.join(',')}}`}::text[])`,
        );
      }
    }
    await database.migrate();
  });
  afterAll(() => database?.close());

  const contestRow = (id: string) =>
    firstRowOf(
      database,
      sql`select excluded_flags::text as "excludedFlags", frozen_excluded as "frozenExcluded"
          from contests where id = ${id}`,
    );
  /** The names the draw would draw from now. */
  async function drawnFrom(id: string) {
    const { excludedFlags } = await contestRow(id);
    const rule = String(excludedFlags).replace(/[{}]/g, '').split(',').filter(Boolean);
    const rows = await rowsOf(
      database,
      sql`select name from contest_entries
          where contest_id = ${id} and not ${isLeftOutOfDraw({ excludedFlags: rule as EntryFlag[] })}
          order by name`,
    );
    return rows.map((row) => row.name);
  }

  it('gives a contest not drawn yet the new rule: only the alias is out', async () => {
    expect(await contestRow(ids.undrawn)).toEqual({
      excludedFlags: '{alias}',
      frozenExcluded: null,
    });
    expect(await drawnFrom(ids.undrawn)).toEqual([
      'Fan0 Example',
      'Fan1 Example',
      'Fan2 Example',
      'Fan3 Example',
    ]);
  });

  it('keeps drawing every entry where the owner drew flagged ones', async () => {
    expect((await contestRow(ids.drawsFlagged)).excludedFlags).toBe('{}');
    expect(await drawnFrom(ids.drawsFlagged)).toHaveLength(5);
  });

  it('keeps a frozen list as it was, with its counts per flag for the record', async () => {
    expect(await contestRow(ids.frozen)).toEqual({
      excludedFlags: '{address-burst,domain-burst,fast-submit,no-form-token,alias}',
      frozenExcluded: [
        { reason: 'address-burst', count: 1 },
        { reason: 'fast-submit', count: 2 },
        { reason: 'alias', count: 1 },
      ],
    });
    expect(await drawnFrom(ids.frozen)).toEqual(['Fan0 Example', 'Fan1 Example']);
  });
});
