import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext, DbContext } from '#server/context.ts';
import { users, type User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { findUserByEmail, findUserById, hasEmail } from '#server/features/users/service.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import {
  accountExistsMail,
  passwordResetLinkMail,
  passwordResetTokenMail,
  verificationMail,
} from '#server/mail/templates.ts';
import { PASSWORD_RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from '#shared/constants.ts';
import type {
  EmailOnlyBody,
  LoginBody,
  ManualResetBody,
  ResetPasswordBody,
  SignupBody,
  VerifyEmailBody,
} from '#shared/contracts/auth.ts';
import { authMessages } from '#shared/messages.ts';
import {
  accountLimits,
  countAccountAttempt,
  countSignInAttempt,
  forgetSignInFailures,
  type AttemptSource,
} from './account-limits.ts';
import {
  consumeEmailToken,
  inspectEmailToken,
  issueEmailToken,
  retireEmailTokens,
  type TokenCheck,
} from './email-tokens.ts';
import { mailSource, signInSource, type Requester } from './known-devices.ts';
import { deleteUserSessions } from './sessions.ts';

/** Reset links live side by side, so a stranger's request cannot void the owner's. */
const LIVE_RESET_TOKENS = 3;

/**
 * Sign-up answers alike for a new address and a taken one (decision 011): both hash the password
 * and run one INSERT that does nothing on a taken address; everything that differs happens after
 * the answer. Admin rights of ADMIN_EMAILS come only at verification, never from a sign-up.
 */
export async function signUp(ctx: AppContext, input: SignupBody, reply: FastifyReply) {
  await countAccountAttempt(ctx, accountLimits.verificationMail, input.email);
  const passwordHash = await hashPassword(input.password);
  const [created] = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'user',
    })
    .onConflictDoNothing()
    .returning();
  ctx.tasks.runAfterAnswer(reply, 'sign-up mail', async () => {
    if (created) return sendVerificationMail(ctx, created);
    await answerSignUpForTakenAddress(ctx, input, passwordHash);
  });
}

/**
 * A pending (unverified) sign-up is replaced by the newer one, whose link retires the older
 * link: whoever squatted an address first gains nothing, since the account becomes usable only
 * through a link that asks for the password of the sign-up that sent it. A verified account is
 * left alone and its owner is told.
 */
async function answerSignUpForTakenAddress(
  ctx: AppContext,
  input: SignupBody,
  passwordHash: string,
) {
  const [pending] = await ctx.db
    .update(users)
    .set({ passwordHash, firstName: input.firstName, lastName: input.lastName })
    .where(and(hasEmail(input.email), isNull(users.emailVerifiedAt), eq(users.isActive, true)))
    .returning();
  if (pending) return sendVerificationMail(ctx, pending);
  const existing = await findUserByEmail(ctx, input.email);
  if (!existing) return;
  const mail = accountExistsMail(existing, {
    signIn: `${ctx.config.appUrl}/login`,
    resetPassword: `${ctx.config.appUrl}/forgot-password`,
  });
  await ctx.mail.queue(ctx.db, [{ ...mail, purpose: 'account-exists' }]);
}

/** The link and its mail commit together: no live link without its mail, no mail without it. */
async function sendVerificationMail(ctx: AppContext, user: User): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, 'verify_email', VERIFICATION_TOKEN_TTL_MS);
    const url = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await ctx.mail.queue(tx, [{ ...verificationMail(user, url), purpose: 'verification' }]);
  });
}

const verificationRefusals: Record<Exclude<TokenCheck['status'], 'valid'>, string> = {
  unknown: authMessages.verificationLinkInvalid,
  used: authMessages.verificationLinkInvalid,
  expired: authMessages.verificationLinkExpired,
};

/**
 * Verifies the address of the sign-up whose link this is, for whoever also knows that sign-up's
 * password: the link alone would hand a squatter's account to the mailbox's owner, and the
 * password alone proves no mailbox. Configured admins become admins here. Returns the user, to
 * be signed in.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: VerifyEmailBody,
  requester: Requester,
): Promise<User> {
  const check = await inspectEmailToken(ctx.db, input.token, 'verify_email');
  if (check.status === 'unknown') throw new AppError('DEAD_LINK', verificationRefusals.unknown);
  const user = await findUserById(ctx, check.userId);
  if (!user) throw new AppError('DEAD_LINK', verificationRefusals.unknown);
  const source = signInSource(ctx.config.sessionSecret, requester, user);
  await countSignInAttempt(ctx, user.email, source);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('INVALID_CREDENTIALS', authMessages.verificationPasswordWrong);
  }
  const consumed =
    check.status === 'valid' ? await consumeEmailToken(ctx.db, input.token, 'verify_email') : check;
  // A second click on a used link is harmless once the account is verified.
  if (consumed.status !== 'valid' && !(consumed.status === 'used' && user.emailVerifiedAt)) {
    throw new AppError('DEAD_LINK', verificationRefusals[consumed.status]);
  }
  if (!user.isActive) throw new AppError('ACCOUNT_DEACTIVATED', authMessages.accountDeactivated);
  await forgetSignInFailures(ctx, user.email, source);
  return confirmMailbox(ctx, user.id);
}

/** What proving the mailbox sets: the account is verified, and a configured admin becomes one. */
function mailboxProven(adminEmails: ReadonlySet<string>) {
  const listed = [...adminEmails];
  return {
    emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    ...(listed.length > 0
      ? {
          role: sql`case when lower(${users.email}) in ${listed} then 'admin' else ${users.role} end`,
        }
      : {}),
  };
}

async function confirmMailbox(ctx: AppContext, userId: string): Promise<User> {
  const [user] = await ctx.db
    .update(users)
    .set(mailboxProven(ctx.config.adminEmails))
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/**
 * Counts a mail to `email` against its limit, lets the request answer, and only then looks the
 * address up and mails an active account: neither the answer nor its timing tells whether an
 * account exists (decision 011).
 */
async function mailAccountAfterAnswer(
  ctx: AppContext,
  reply: FastifyReply,
  email: string,
  limit: (typeof accountLimits)[keyof typeof accountLimits],
  source: AttemptSource,
  mail: (user: User) => Promise<void>,
): Promise<void> {
  await countAccountAttempt(ctx, limit, email, source);
  ctx.tasks.runAfterAnswer(reply, `${limit.name} for an account`, async () => {
    const user = await findUserByEmail(ctx, email);
    if (user?.isActive) await mail(user);
  });
}

export function resendVerification(ctx: AppContext, input: EmailOnlyBody, reply: FastifyReply) {
  return mailAccountAfterAnswer(
    ctx,
    reply,
    input.email,
    accountLimits.verificationMail,
    { from: 'anyone' },
    async (user) => {
      if (!user.emailVerifiedAt) await sendVerificationMail(ctx, user);
    },
  );
}

/**
 * Checks the password first, so account states are revealed only to its owner. Every attempt
 * counts against the account before the password is checked: on the requester's browser when
 * it proved this account before, else on its network and account-wide; success forgets those of
 * the same browser or network.
 */
export async function logIn(
  ctx: AppContext,
  input: LoginBody,
  requester: Requester,
): Promise<User> {
  // Looked up for every address alike, known or not: the count below needs the account.
  const user = await findUserByEmail(ctx, input.email);
  const source = signInSource(ctx.config.sessionSecret, requester, user);
  await countSignInAttempt(ctx, input.email, source);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches) {
    throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  }
  if (!user.isActive) throw new AppError('ACCOUNT_DEACTIVATED', authMessages.accountDeactivated);
  if (!user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);
  }
  await forgetSignInFailures(ctx, input.email, source);
  return user;
}

/** Which mail a reset request sends: a link, or a token for the manual form. */
type ResetMailKind = 'link' | 'token';

/**
 * A new request keeps the pending links valid (at most three live), so a stranger cannot void
 * the one the owner is about to open; the per-address limit keeps the inbox from being flooded,
 * and a browser that proved the account before has one of its own, so strangers' requests
 * never use up the owner's.
 */
export function requestPasswordReset(
  ctx: AppContext,
  input: EmailOnlyBody,
  kind: ResetMailKind,
  reply: FastifyReply,
  requester: Requester,
) {
  const source = mailSource(ctx.config.sessionSecret, requester, input.email);
  return mailAccountAfterAnswer(ctx, reply, input.email, accountLimits.resetMail, source, (user) =>
    ctx.db.transaction(async (tx) => {
      const token = await issueEmailToken(
        tx,
        user.id,
        'password_reset',
        PASSWORD_RESET_TOKEN_TTL_MS,
        LIVE_RESET_TOKENS,
      );
      const { appUrl } = ctx.config;
      await ctx.mail.queue(tx, [
        kind === 'link'
          ? {
              ...passwordResetLinkMail(
                user,
                `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
              ),
              purpose: 'reset-link',
            }
          : {
              ...passwordResetTokenMail(user, token, `${appUrl}/manual-reset`),
              purpose: 'reset-token',
            },
      ]);
    }),
  );
}

/** Returns the account, whose mailbox the browser has proven. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordBody): Promise<User> {
  const check = await consumeEmailToken(ctx.db, input.token, 'password_reset');
  if (check.status !== 'valid') throw new AppError('DEAD_LINK', authMessages.resetLinkInvalid);
  return setPassword(ctx, check.userId, input.password, ctx.config.adminEmails);
}

/** The manual form names the account too: a token only works for the account it was sent to. */
export async function resetPasswordManually(
  ctx: AppContext,
  input: ManualResetBody,
): Promise<User> {
  const user = await findUserByEmail(ctx, input.email);
  const check = user && (await consumeEmailToken(ctx.db, input.token, 'password_reset', user.id));
  if (!user || check?.status !== 'valid') {
    throw new AppError('INVALID_TOKEN', authMessages.resetTokenInvalid);
  }
  return setPassword(ctx, user.id, input.password, ctx.config.adminEmails);
}

/**
 * Sets a new password (by reset, an admin or the CLI), ends every session of the user and retires
 * every outstanding reset token: a link mailed before the change must not undo it. A password set
 * this way also counts as verified: its setter proved the mailbox (reset) or is an operator. Only
 * a reset by mail, which proves the mailbox, passes the configured admins (`grantAdminTo`).
 * Returns the user as changed.
 */
export async function setPassword(
  { db }: DbContext,
  userId: string,
  password: string,
  grantAdminTo: ReadonlySet<string> = new Set(),
): Promise<User> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, ...mailboxProven(grantAdminTo) })
      .where(eq(users.id, userId))
      .returning();
    await retireEmailTokens(tx, userId, 'password_reset');
    await deleteUserSessions(tx, userId);
    return user!;
  });
}
