import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { runAdminCli } from './admin-cli.ts';

const PASSWORD_VARIABLE = 'PRIZEWHEEL_ADMIN_PASSWORD';

/** Piped standard input: `text` and then its end (null: nothing at all, as from /dev/null). */
function pipedStdin(text: string | null) {
  return Object.assign(Readable.from(text === null ? [] : [Buffer.from(text)]), {
    isTTY: false,
  });
}

/** A stream that fails the command if it is read: proves the CLI left it alone. */
function unreadableStdin(isTTY: boolean) {
  return Object.assign(
    new Readable({
      read() {
        this.destroy(new Error('the CLI read standard input'));
      },
    }),
    { isTTY },
  );
}

describe('admin CLI', () => {
  let t: TestApp;
  let panelAdmin: SeededUser;
  beforeAll(async () => {
    t = await createTestApp();
    panelAdmin = await seedUser(t, 'admin');
  });
  afterAll(() => t.close());

  /** Runs one command on the test database, as `npm run admin -- ...args` would. */
  async function cli(
    args: string[],
    input: { env?: Record<string, string>; stdin?: ReturnType<typeof pipedStdin> } = {},
  ) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = false;
    const code = await runAdminCli(args, {
      env: input.env ?? {},
      stdin: input.stdin ?? unreadableStdin(true),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      openDatabase: async () => {
        opened = true;
        return { database: t.database, release: async () => {} };
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), opened };
  }

  const freshEmail = () => `cli-${randomUUID().slice(0, 8)}@example.com`;

  async function userRow(email: string) {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async function auditRowsFor(userId: string) {
    return t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, userId));
  }

  describe('never takes a password on the command line', () => {
    it.each([
      ['create-admin', '--password', 'visible-in-ps-123'],
      ['reset-password', '--password', 'visible-in-ps-123'],
      ['create-admin', '--password=visible-in-ps-123'],
      ['reset-password', '--password=visible-in-ps-123'],
    ])('refuses %s %s with exit code 2, before touching the database', async (...args) => {
      const email = freshEmail();
      const result = await cli([...args, '--email', email]);
      expect(result.code).toBe(2);
      expect(result.err).toContain('--password is not accepted on the command line');
      expect(result.err).toContain(PASSWORD_VARIABLE);
      expect(result.err).toContain('standard input');
      expect(result.err + result.out).not.toContain('visible-in-ps-123');
      expect(result.opened).toBe(false);
      expect(await userRow(email)).toBeUndefined();
    });
  });

  describe('reads the password from the environment or standard input', () => {
    it(`takes ${PASSWORD_VARIABLE} first, without reading standard input`, async () => {
      const email = freshEmail();
      const result = await cli(['create-admin', '--email', email], {
        env: { [PASSWORD_VARIABLE]: 'from-the-environment-1' },
        stdin: unreadableStdin(false),
      });
      expect(result).toMatchObject({ code: 0, out: `Created admin ${email}.` });
      const row = await userRow(email);
      expect(await verifyPassword(row!.passwordHash, 'from-the-environment-1')).toBe(true);
    });

    it.each([
      ['a newline', 'from-standard-input-2\n'],
      ['CR LF', 'from-standard-input-2\r\n'],
      ['nothing', 'from-standard-input-2'],
    ])('else one piped line, ending in %s, without its line end', async (_ending, piped) => {
      const email = freshEmail();
      const result = await cli(['create-admin', '--email', email], { stdin: pipedStdin(piped) });
      expect(result).toMatchObject({ code: 0, out: `Created admin ${email}.` });
      const row = await userRow(email);
      expect(await verifyPassword(row!.passwordHash, 'from-standard-input-2')).toBe(true);
    });

    it('refuses more than one line, or a password that is too short, with exit code 2', async () => {
      const email = freshEmail();
      const twoLines = await cli(['create-admin', '--email', email], {
        stdin: pipedStdin('first-line-password\nsecond\n'),
      });
      expect(twoLines.code).toBe(2);
      expect(twoLines.err).toContain('one line');
      expect(twoLines.err).not.toContain('first-line-password');
      const short = await cli(['create-admin', '--email', email], { stdin: pipedStdin('short\n') });
      expect(short.code).toBe(2);
      expect(short.err).toContain('at least 8 characters');
      const shortVariable = await cli(['create-admin', '--email', email], {
        env: { [PASSWORD_VARIABLE]: 'short' },
      });
      expect(shortVariable.code).toBe(2);
      expect(await userRow(email)).toBeUndefined();
    });

    it.each([
      ['a terminal', unreadableStdin(true)],
      ['an empty pipe (/dev/null)', pipedStdin(null)],
    ])('create-admin with neither (stdin %s) generates one, printed once', async (_what, stdin) => {
      const email = freshEmail();
      const result = await cli(['create-admin', '--email', email], { stdin });
      expect(result.code).toBe(0);
      const generated = /^Generated password \(shown once\): (\S+)$/m.exec(result.out)?.[1];
      expect(generated).toBeDefined();
      expect(result.out.split(generated!)).toHaveLength(2);
      expect(await verifyPassword((await userRow(email))!.passwordHash, generated!)).toBe(true);
    });

    it('reset-password requires one, from either source', async () => {
      const target = await seedUser(t);
      const none = await cli(['reset-password', '--email', target.email]);
      expect(none.code).toBe(2);
      expect(none.err).toContain(PASSWORD_VARIABLE);
      expect(none.err).toContain('standard input');
      expect(none.opened).toBe(false);
      expect((await userRow(target.email))!.passwordHash).toBeNull();

      const piped = await cli(['reset-password', '--email', target.email], {
        stdin: pipedStdin('reset-through-stdin-3\n'),
      });
      expect(piped).toMatchObject({ code: 0 });
      expect(piped.out).not.toContain('reset-through-stdin-3');
      const afterPipe = (await userRow(target.email))!.passwordHash;
      expect(await verifyPassword(afterPipe, 'reset-through-stdin-3')).toBe(true);

      const fromVariable = await cli(['reset-password', '--email', target.email], {
        env: { [PASSWORD_VARIABLE]: 'reset-through-env-4' },
      });
      expect(fromVariable.code).toBe(0);
      const afterVariable = (await userRow(target.email))!.passwordHash;
      expect(await verifyPassword(afterVariable, 'reset-through-env-4')).toBe(true);
    });

    it('commands without a password leave standard input alone', async () => {
      const target = await seedUser(t);
      for (const command of ['verify-email', 'promote', 'demote']) {
        const result = await cli([command, '--email', target.email], {
          stdin: unreadableStdin(false),
        });
        expect(result.code, `${command}: ${result.err}`).toBe(0);
      }
    });
  });

  describe('audits every change, as coming from the CLI', () => {
    it('writes one row per command, with via "cli" and no actor, never the password', async () => {
      const email = freshEmail();
      const password = 'audited-password-5';
      const env = { [PASSWORD_VARIABLE]: password };
      for (const command of ['create-admin', 'demote', 'promote', 'verify-email']) {
        expect((await cli([command, '--email', email], { env })).code).toBe(0);
      }
      expect(
        (await cli(['reset-password', '--email', email], { stdin: pipedStdin(`${password}\n`) }))
          .code,
      ).toBe(0);
      const user = (await userRow(email))!;
      const rows = await auditRowsFor(user.id);
      expect(
        rows
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map(({ action, actorId, detail }) => ({ action, actorId, detail })),
      ).toEqual([
        {
          action: 'admin_created',
          actorId: null,
          detail: { via: 'cli', targetEmail: email, role: 'admin' },
        },
        {
          action: 'role_changed',
          actorId: null,
          detail: { via: 'cli', targetEmail: email, role: 'user' },
        },
        {
          action: 'role_changed',
          actorId: null,
          detail: { via: 'cli', targetEmail: email, role: 'admin' },
        },
        { action: 'email_verified', actorId: null, detail: { via: 'cli', targetEmail: email } },
        { action: 'password_reset', actorId: null, detail: { via: 'cli', targetEmail: email } },
      ]);
      expect(JSON.stringify(rows)).not.toContain(password);
    });

    it('a refused command writes no row', async () => {
      const target = await seedUser(t);
      const before = await t.database.db.select().from(adminAudit);
      const taken = await cli(['create-admin', '--email', target.email], {
        env: { [PASSWORD_VARIABLE]: 'taken-address-6' },
      });
      expect(taken.code).toBe(1);
      expect(taken.err).toContain('already exists');
      const unknown = await cli(['verify-email', '--email', freshEmail()]);
      expect(unknown.code).toBe(1);
      expect(await t.database.db.select().from(adminAudit)).toHaveLength(before.length);
    });

    it('the audit API tells the CLI rows from the panel rows', async () => {
      const target = await seedUser(t);
      await request(t, panelAdmin, {
        method: 'POST',
        url: '/api/admin/verify-email-direct',
        payload: { email: target.email },
      });
      expect((await cli(['promote', '--email', target.email])).code).toBe(0);
      const response = await request(t, panelAdmin, {
        method: 'GET',
        url: '/api/admin/audit?limit=2',
      });
      expect(response.statusCode).toBe(200);
      expect(
        (response.json() as Record<string, unknown>[]).map(
          ({ action, actorEmail, target, via }) => ({
            action,
            actorEmail,
            target,
            via,
          }),
        ),
      ).toEqual([
        { action: 'role_changed', actorEmail: null, target: target.email, via: 'cli' },
        {
          action: 'email_verified',
          actorEmail: panelAdmin.email,
          target: target.email,
          via: 'panel',
        },
      ]);
    });
  });
});
