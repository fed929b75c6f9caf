import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPglite } from '#server/db/client.ts';
import { contests, users } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';

export const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** The real app on a fresh in-memory database, with one owner and one open contest. */
export async function startAppWithContest() {
  const database = openPglite(undefined);
  await database.migrate();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_URL: url,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT: 'off',
  });
  const app = await buildApp({ config, database, clientDir });
  await app.listen({ port, host: '127.0.0.1' });
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'bench-owner@example.com', firstName: 'Bench', emailVerifiedAt: new Date() })
    .returning();
  const [contest] = await database.db
    .insert(contests)
    .values({
      trainerId: owner!.id,
      title: 'Summer Shred Challenge Giveaway',
      description:
        'Enter to win three months of personal training at our studio. Open to everyone.',
      prizeDetails: '3 months of 1:1 personal training',
      prizeValue: '$450',
      endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      maxEntries: 500,
      publishedAt: new Date(),
    })
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
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
