import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { mailOutbox, users, type UserRole } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { startListeningApp } from '#server/testing/listening-app.ts';

const clientDir = fileURLToPath(new URL('../../../dist/client', import.meta.url));

type Server = { url: string; app: FastifyInstance; db: Db };

export type SeededUser = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

type SeedOptions = { verified?: boolean; role?: UserRole; isActive?: boolean; firstName?: string };

type Fixtures = {
  /** Creates a user straight in the database (no UI), verified unless told otherwise. */
  seedUser: (options?: SeedOptions) => Promise<SeededUser>;
  /** Signs the browser in as the user by planting a real session cookie. */
  signIn: (user: SeededUser) => Promise<void>;
  /** The newest mail sent to an address (the outbox stands in for SMTP). */
  latestMail: (to: string) => Promise<{ subject: string; text: string; link: string | undefined }>;
  /** Saves a full-page screenshot under test-results/screens/<project>/. */
  snap: (name: string) => Promise<void>;
  /** Console errors that a test expects; anything else fails the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
};

let uniqueCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  uniqueCounter += 1;
  return `${prefix}.${Date.now().toString(36)}${uniqueCounter}@example.com`;
}

export const test = base.extend<Fixtures, { server: Server }>({
  // One app per worker, on its own fresh in-memory database, serving the built client.
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const { url, app, database, close } = await startListeningApp({ clientDir });
      await use({ url, app, db: database.db });
      await close();
    },
    // Starting PGlite and migrating takes seconds, more on a loaded machine.
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ server }, use) => use(server.url),

  seedUser: async ({ server }, use) => {
    await use(async (options = {}) => {
      const email = uniqueEmail(options.role ?? 'owner');
      const password = 'correct-horse-42';
      const firstName = options.firstName ?? 'Riley';
      const [row] = await server.db
        .insert(users)
        .values({
          email,
          passwordHash: await hashPassword(password),
          firstName,
          lastName: 'Tester',
          role: options.role ?? 'user',
          isActive: options.isActive ?? true,
          emailVerifiedAt: options.verified === false ? null : new Date(),
        })
        .returning({ id: users.id });
      return { id: row!.id, email, password, firstName, lastName: 'Tester' };
    });
  },

  signIn: async ({ server, context }, use) => {
    await use(async (user) => {
      const session = await createSession(server.db, user.id, { userAgent: 'e2e' });
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: server.app.signCookie(session.token),
          url: server.url,
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
    });
  },

  latestMail: async ({ server }, use) => {
    await use(async (to) => {
      const [mail] = await server.db
        .select()
        .from(mailOutbox)
        .where(eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      if (!mail) throw new Error(`no mail for ${to}`);
      return {
        subject: mail.subject,
        text: mail.text,
        link: mail.text.match(/https?:\/\/\S+/)?.[0],
      };
    });
  },

  snap: async ({ page }, use, testInfo) => {
    await use(async (name) => {
      await page.screenshot({
        path: `test-results/screens/${testInfo.project.name}/${name}.png`,
        fullPage: true,
      });
    });
  },

  // Fails the test on any console error or uncaught exception it did not expect. Browsers log
  // 4xx answers as errors; those are the API's normal answers and are allowed.
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [
        /Failed to load resource: the server responded with a status of 4\d\d/,
      ];
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on('pageerror', (error) => unexpected.push(`Uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
