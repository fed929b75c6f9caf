/**
 * Operator tasks on whichever database the environment selects (DATABASE_URL or DATA_DIR):
 *   npm run admin -- create-admin --email X [--password P] [--first-name F] [--last-name L]
 *   npm run admin -- reset-password --email X [--password P]
 *   npm run admin -- verify-email --email X
 *   npm run admin -- promote --email X
 *   npm run admin -- demote --email X
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { holdEmbeddedDatabase } from '#server/db/server-lock.ts';
import { AppError } from '#server/errors.ts';
import { setPassword } from '#server/features/auth/service.ts';
import {
  createVerifiedUser,
  getUserByEmail,
  markEmailVerified,
  setUserRole,
} from '#server/features/users/service.ts';
import { holdEventLoop } from '#server/lib/event-loop-hold.ts';
import { generatePassword } from '#server/lib/passwords.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

const commands = ['create-admin', 'reset-password', 'verify-email', 'promote', 'demote'] as const;
type Command = (typeof commands)[number];

const usage = `Usage: npm run admin -- <${commands.join('|')}> --email <address> [--password <password>]
  create-admin     creates a verified admin account (prints a generated password if none is given)
  reset-password   sets a new password and signs the user out everywhere
  verify-email     marks the e-mail address as verified
  promote          gives the admin role
  demote           takes the admin role away (the last admin cannot be demoted)`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: 'User' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] as Command | undefined;
  if (values.help || !command || !commands.includes(command) || !values.email) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  if (values.password !== undefined && values.password.length < PASSWORD_MIN_LENGTH) {
    console.error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    return 2;
  }

  // Never released: the command ends with process.exit.
  holdEventLoop();
  const config = loadConfig();
  // Held until the end, so that no server starts on the embedded database under the command.
  const releaseLock = config.databaseUrl
    ? () => {}
    : await holdEmbeddedDatabase(config.dataDir, 'admin CLI');
  const database = openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    const email = values.email.trim();
    switch (command) {
      case 'create-admin': {
        const password = values.password ?? generatePassword();
        await createVerifiedUser(
          { db },
          {
            email,
            password,
            firstName: values['first-name'],
            lastName: values['last-name'],
            role: 'admin',
          },
        );
        console.log(`Created admin ${email}.`);
        if (!values.password) console.log(`Generated password (shown once): ${password}`);
        break;
      }
      case 'reset-password': {
        const user = await getUserByEmail({ db }, email);
        const password = values.password ?? generatePassword();
        await setPassword({ db }, user.id, password);
        console.log(`Password of ${user.email} reset; their sessions have ended.`);
        if (!values.password) console.log(`New password (shown once): ${password}`);
        break;
      }
      case 'verify-email': {
        const user = await getUserByEmail({ db }, email);
        await markEmailVerified({ db }, user.id);
        console.log(`E-mail ${user.email} is verified.`);
        break;
      }
      case 'promote':
      case 'demote': {
        const user = await getUserByEmail({ db }, email);
        await setUserRole({ db }, user, command === 'promote' ? 'admin' : 'user');
        console.log(`${user.email} is now ${command === 'promote' ? 'an admin' : 'a user'}.`);
        break;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
