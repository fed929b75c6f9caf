import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { contestEntries, contests, users } from '#server/db/schema.ts';
import { emailKey } from '#server/features/entries/core/email-identity.ts';
import { seedContest } from './seed.ts';

/** Where a process-test deployment keeps its data: what its servers get as configuration. */
export type DeploymentDatabase = { databaseUrl: string } | { dataDir: string };

/**
 * The deployment's database opened by the test itself, migrated. The embedded database is
 * single-process: open a PGlite one only while no server runs on it.
 */
export async function openDeploymentDatabase(target: DeploymentDatabase): Promise<Database> {
  const database =
    'databaseUrl' in target
      ? openPostgres(target.databaseUrl, 2)
      : openPglite(path.join(target.dataDir, 'pglite'));
  await database.migrate();
  return database;
}

export async function withDeploymentDatabase<T>(
  target: DeploymentDatabase,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDeploymentDatabase(target);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** An owner and one published, open contest; returns the contest's id. */
export function seedOpenContest(
  target: DeploymentDatabase,
  options: { maxEntries?: number | null; requireConfirmation?: boolean } = {},
): Promise<string> {
  return withDeploymentDatabase(target, async (database) => {
    const [owner] = await database.db
      .insert(users)
      .values({
        email: `owner-${randomUUID().slice(0, 8)}@example.com`,
        firstName: 'Olive',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const contest = await seedContest(database, owner!, {
      maxEntries: options.maxEntries ?? null,
      requireConfirmation: options.requireConfirmation ?? false,
    });
    return contest.id;
  });
}

/** What the database holds for a contest: its entries' e-mails and its counter. */
export async function storedEntries(database: Database, contestId: string) {
  const rows = await database.db
    .select({ email: contestEntries.email })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
  const [contest] = await database.db
    .select({ entryCount: contests.entryCount })
    .from(contests)
    .where(eq(contests.id, contestId));
  const emails = rows.map((row) => row.email);
  return {
    emails,
    /** Told apart as the unique index tells them (letter case and spaces aside). */
    distinctEmails: new Set(emails.map(emailKey)).size,
    entryCount: contest!.entryCount,
  };
}
