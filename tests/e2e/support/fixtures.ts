import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { emailTokens, mails, users, type UserRole } from '#server/db/schema.ts';
import { createSession } from '#server/features/auth/sessions.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { renderEntryMail } from '#server/mail/templates.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { startListeningApp } from '#server/testing/listening-app.ts';

const clientDir = fileURLToPath(new URL('../../../dist/client', import.meta.url));

type Server = { url: string; app: FastifyInstance; db: Db };

export type UserWithPassword = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

export type OutboxMail = {
  subject: string;
  text: string;
  /** The first absolute link of the text. */
  link: string | undefined;
  links: string[];
};

type SeedOptions = { verified?: boolean; role?: UserRole; isActive?: boolean; firstName?: string };

type Fixtures = {
  /**
   * Creates a user straight in the database (no UI), verified unless told otherwise, with a
   * password the test can type into a sign-in form and no session (`signIn` plants one). Unlike
   * `seedUser` of src/server/testing/seed.ts, which makes a password-less user with a session.
   */
  seedUserWithPassword: (options?: SeedOptions) => Promise<UserWithPassword>;
  /** Signs the browser in as the user by planting a real session cookie. */
  signIn: (user: UserWithPassword) => Promise<void>;
  /**
   * The newest mail sent to an address (the outbox stands in for SMTP). Account mails are sent
   * after the answer, so this waits for the server's pending mails and then for one to arrive.
   */
  latestMail: (to: string) => Promise<OutboxMail>;
  /**
   * The link to `path` (e.g. '/verify-email') in the newest mail to `to` that holds one, waiting
   * for it as latestMail does. Another mail (say "someone tried to sign up") may be newer.
   */
  mailedLink: (to: string, path: string) => Promise<string>;
  /** Moves every verification link mailed to the address one minute past its expiry. */
  expireVerificationLinks: (email: string) => Promise<void>;
  /** Saves a full-page screenshot under test-results/screens/<project>/. */
  snap: (name: string) => Promise<void>;
  /** Console errors that a test expects; anything else fails the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
};

/**
 * For a test whose subject is behaviour (a flow across screens, a server's rule, a race, an error
 * path, a mail) that a desktop run would only repeat: the desktop project leaves it out
 * (playwright.config.ts, docs/decisions/027-ci-within-its-time.md). Each screen such a test
 * passes through, with its layout-sensitive states (dialogs, admin tables, the wheel), is still
 * seen at desktop size by a test that does not carry the tag: one of its own file when the screen
 * is what the file is about, else one of the file that is about it. Every admin screen keeps an
 * untagged test, and so does a test that checks layout (expectNoHorizontalScroll, snap) on a
 * screen no other untagged test reaches.
 */
export const PHONE_ONLY = { tag: '@phone-only' };

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

  seedUserWithPassword: async ({ server }, use) => {
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
      const mail = await waitForMail(server, to, () => true, `a mail to ${to}`);
      return { ...mail, link: mail.links[0] };
    });
  },

  mailedLink: async ({ server }, use) => {
    await use(async (to, path) => {
      const mail = await waitForMail(
        server,
        to,
        (candidate) => candidate.links.some((link) => new URL(link).pathname === path),
        `a mail to ${to} with a link to ${path}`,
      );
      return mail.links.find((link) => new URL(link).pathname === path)!;
    });
  },

  expireVerificationLinks: async ({ server }, use) => {
    await use(async (email) => {
      await server.app.backgroundTasks.idle();
      const [user] = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!user) throw new Error(`no user ${email}`);
      await server.db
        .update(emailTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'verify_email')));
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

type Mail = Omit<OutboxMail, 'link'>;

/**
 * The newest mail to `to` that `matches`, polled until it is there. Each look first waits for the
 * server's background tasks, so the mails of every request already answered have been written:
 * an older mail cannot pass for the one the test just caused.
 */
async function waitForMail(
  server: Server,
  to: string,
  matches: (mail: Mail) => boolean,
  what: string,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        await server.app.backgroundTasks.idle();
        const rows = await server.db
          .select({ subject: mails.subject, text: mails.text, template: mails.template })
          .from(mails)
          .where(eq(sql`lower(${mails.recipient})`, to.toLowerCase()))
          .orderBy(desc(mails.createdAt));
        found = rows
          .map(({ subject, text, template }) => {
            // An entrant's mail is its template (the outbox keeps it): what it renders is sent.
            const body = template ? renderEntryMail(to, template, server.url).text : text;
            return { subject, text: body, links: body.match(/https?:\/\/[^\s"'<>]+/g) ?? [] };
          })
          .find(matches);
        return found !== undefined;
      },
      { message: `waiting for ${what}` },
    )
    .toBe(true);
  return found!;
}

export { expect };
export type { Page };
