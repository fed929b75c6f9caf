import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openPostgres } from '#server/db/client.ts';
import { contests, users } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { createDrawSeed } from '#server/lib/draw-commitment.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { startListeningApp } from '#server/testing/listening-app.ts';
import { seedEntries } from './bulk-data.ts';
import { createDatabase } from './processes.ts';

export { freePort } from '#server/testing/listening-app.ts';

export const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** A published, open contest, committed to its draw as publishing does. */
function benchContest(ownerId: string) {
  return {
    ownerId,
    title: 'Summer Shred Challenge Giveaway',
    description: 'Enter to win three months of personal training at our studio. Open to everyone.',
    prizeDetails: '3 months of 1:1 personal training',
    prizeValue: '$450',
    endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    publishedAt: new Date(),
    ...createDrawSeed(),
    committedAt: new Date(),
  };
}

/**
 * The real app in this process on a fresh database (in-memory PGlite, or a new database on the
 * local PostgreSQL server, dropped on close), with one owner and one open contest.
 */
export async function startAppWithContest(
  engine: 'pglite' | 'postgres' = 'pglite',
  /** Fields of the contest beside the bench's own (rules, a consent box, ...). */
  contestFields: Partial<typeof contests.$inferInsert> = {},
) {
  const created = engine === 'postgres' ? await createDatabase('pw_bench') : undefined;
  const postgres = created && openPostgres(created.url);
  await postgres?.migrate();
  const { url, app, database, close } = await startListeningApp({
    clientDir,
    nodeEnv: 'production',
    database: postgres,
  });
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'bench-owner@example.com', firstName: 'Bench', emailVerifiedAt: new Date() })
    .returning();
  const [contest] = await database.db
    .insert(contests)
    .values({ ...benchContest(owner!.id), maxEntries: 500, ...contestFields })
    .returning();
  return {
    url,
    contestId: contest!.id,
    db: database.db,
    /** A signed session cookie value for the contest's owner. */
    ownerCookie: async () => {
      const session = await createSession(database.db, owner!.id, {});
      return { name: SESSION_COOKIE, value: app.signCookie(session.token) };
    },
    /** The PostgreSQL database's address; none on PGlite. */
    databaseUrl: created?.url,
    close: async () => {
      await close();
      await created?.drop();
    },
  };
}

type AppWithContest = Awaited<ReturnType<typeof startAppWithContest>>;

/**
 * Another published contest like the app's own, with no entry cap and `entries` entries: a
 * contest can be frozen by one draw only, so each measured draw needs its own.
 */
export async function addContestWithEntries(app: AppWithContest, entries: number) {
  const [source] = await app.db.select().from(contests).where(eq(contests.id, app.contestId));
  const [contest] = await app.db
    .insert(contests)
    .values({ ...benchContest(source!.ownerId), maxEntries: null })
    .returning();
  await seedEntries({ db: app.db }, contest!.id, entries);
  return contest!.id;
}
