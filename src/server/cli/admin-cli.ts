import { parseArgs } from 'node:util';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  changeUserRole,
  createAdminAccount,
  resetPasswordDirectly,
  verifyEmailDirectly,
} from '#server/features/admin/service.ts';
import { getUserByEmail } from '#server/features/users/service.ts';
import { generatePassword } from '#server/lib/passwords.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

const commands = ['create-admin', 'reset-password', 'verify-email', 'promote', 'demote'] as const;
type Command = (typeof commands)[number];

/** Where the CLI takes a password from, before a piped line on standard input (decision 033). */
export const PASSWORD_VARIABLE = 'PRIZEWHEEL_ADMIN_PASSWORD';

const passwordSources = `set ${PASSWORD_VARIABLE} or pipe the password on standard input (one line)`;

const usage = `Usage: npm run admin -- <${commands.join('|')}> --email <address>
  create-admin     creates a verified admin account (prints a generated password if none is given)
  reset-password   sets a new password and signs the user out everywhere
  verify-email     marks the e-mail address as verified
  promote          gives the admin role
  demote           takes the admin role away (the last admin cannot be demoted)
create-admin and reset-password read the password from ${PASSWORD_VARIABLE}, else from
standard input when it is not a terminal:
  printf '%s\\n' "$NEW_PASSWORD" | npm run admin -- reset-password --email someone@example.com
Every command that changes something is recorded in the admin audit, as done by the CLI.`;

/** What the CLI reads and writes, given by its entry point (admin.ts) or by a test. */
export type AdminCliIo = {
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  out: (line: string) => void;
  err: (line: string) => void;
  /** Opens (and migrates) the database once the command is known to be well formed. */
  openDatabase: () => Promise<{ database: Database; release: () => Promise<void> }>;
};

class UsageError extends Error {}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : chunk.toString();
  return text;
}

/**
 * The password the operator handed over, or undefined when they gave none. A terminal is never
 * read: the CLI does not prompt, and waiting on a keyboard nobody types at would look like a hang.
 */
async function readPassword(io: AdminCliIo): Promise<string | undefined> {
  // An empty variable counts as unset, as a blank line in an env file usually means.
  const fromEnvironment = io.env[PASSWORD_VARIABLE];
  if (fromEnvironment) return fromEnvironment;
  if (io.stdin.isTTY) return undefined;
  const piped = await readAll(io.stdin);
  // Nothing at all (`</dev/null`, cron, a process manager) is no password; an empty line is one.
  if (piped === '') return undefined;
  const line = piped.replace(/\r?\n$/, '');
  if (/[\r\n]/.test(line)) {
    throw new UsageError(`Standard input must hold the password on one line.`);
  }
  return line;
}

/** Runs one command; answers the process's exit code (2 for a malformed command line). */
export async function runAdminCli(argv: string[], io: AdminCliIo): Promise<number> {
  // Checked before parsing, so that no spelling of it gets through: the command line is
  // readable by every user of the machine (`ps`) and stays in shell history.
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    io.err(`--password is not accepted on the command line: ${passwordSources} instead.`);
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string', default: 'Admin' },
        'last-name': { type: 'string', default: 'User' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const command = positionals[0] as Command | undefined;
  if (values.help || !command || !commands.includes(command) || !values.email) {
    io.err(usage);
    return values.help ? 0 : 2;
  }

  let password: string | undefined;
  if (command === 'create-admin' || command === 'reset-password') {
    try {
      password = await readPassword(io);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(error.message);
      return 2;
    }
    if (password === undefined && command === 'reset-password') {
      io.err(`reset-password needs the new password: ${passwordSources}.`);
      return 2;
    }
    if (password !== undefined && password.length < PASSWORD_MIN_LENGTH) {
      io.err(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      return 2;
    }
  }

  const { database, release } = await io.openDatabase();
  try {
    const { db } = database;
    const email = values.email.trim();
    // Each change goes through the admin panel's own service, with its audit row ('cli').
    switch (command) {
      case 'create-admin': {
        const chosen = password ?? generatePassword();
        await createAdminAccount({ db }, 'cli', {
          email,
          password: chosen,
          firstName: values['first-name'],
          lastName: values['last-name'],
        });
        io.out(`Created admin ${email}.`);
        if (password === undefined) io.out(`Generated password (shown once): ${chosen}`);
        break;
      }
      case 'reset-password': {
        const user = await resetPasswordDirectly({ db }, 'cli', { email, newPassword: password! });
        io.out(`Password of ${user.email} reset; their sessions have ended.`);
        break;
      }
      case 'verify-email': {
        const user = await verifyEmailDirectly({ db }, 'cli', email);
        io.out(`E-mail ${user.email} is verified.`);
        break;
      }
      case 'promote':
      case 'demote': {
        const user = await getUserByEmail({ db }, email);
        await changeUserRole({ db }, 'cli', user.id, command === 'promote' ? 'admin' : 'user');
        io.out(`${user.email} is now ${command === 'promote' ? 'an admin' : 'a user'}.`);
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await release();
  }
}
