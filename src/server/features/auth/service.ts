import { eq, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from '#shared/constants.ts';
import type {
  EmailOnlyBody,
  LoginBody,
  ManualResetBody,
  ResetPasswordBody,
  SignupBody,
  VerificationOutcome,
} from '#shared/contracts/auth.ts';
import { authMessages } from '#shared/messages.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { users, type User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import {
  passwordResetLinkMail,
  passwordResetTokenMail,
  verificationMail,
} from '#server/mail/templates.ts';
import { consumeEmailToken, issueEmailToken } from './email-tokens.ts';
import { findUserByEmail, markEmailVerified } from '#server/features/users/service.ts';
import { deleteUserSessions } from './sessions.ts';

export async function signUp(ctx: AppContext, input: SignupBody): Promise<void> {
  const role = ctx.config.adminEmails.has(input.email.toLowerCase()) ? 'admin' : 'user';
  let user: User;
  try {
    [user] = (await ctx.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        role,
      })
      .returning()) as [User];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', authMessages.emailTaken);
    throw error;
  }
  await sendVerificationMail(ctx, user);
}

async function sendVerificationMail(ctx: AppContext, user: User): Promise<void> {
  const token = await issueEmailToken(ctx.db, user.id, 'verify_email', VERIFICATION_TOKEN_TTL_MS);
  const url = `${ctx.config.appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  await deliver(ctx, verificationMail(user, url));
}

/**
 * A mail that cannot be delivered must not undo the action that caused it (the account exists,
 * the user can ask again), and must not reveal whether an account exists.
 */
async function deliver(ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]) {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    ctx.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail delivery failed');
  }
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<VerificationOutcome> {
  const check = await consumeEmailToken(ctx.db, token, 'verify_email');
  if (check.status === 'unknown') return 'invalid';
  if (check.status === 'valid') {
    await markEmailVerified(ctx.db, check.userId);
    return 'verified';
  }
  // A second click on a used link is harmless: say so if the account is verified.
  const [user] = await ctx.db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, check.userId));
  if (user?.emailVerifiedAt) return 'verified';
  return check.status === 'expired' ? 'expired' : 'invalid';
}

export async function resendVerification(ctx: AppContext, input: EmailOnlyBody): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (user && user.isActive && !user.emailVerifiedAt) await sendVerificationMail(ctx, user);
}

/** Checks the password first, so account states are revealed only to its owner. */
export async function logIn(ctx: AppContext, input: LoginBody): Promise<User> {
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches) {
    throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
  }
  if (!user.isActive) throw new AppError('FORBIDDEN', authMessages.accountDeactivated);
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', authMessages.emailNotVerified);
  return user;
}

export async function requestPasswordResetLink(ctx: AppContext, input: EmailOnlyBody) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.isActive) return;
  const token = await issueEmailToken(
    ctx.db,
    user.id,
    'password_reset',
    PASSWORD_RESET_TOKEN_TTL_MS,
  );
  const url = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deliver(ctx, passwordResetLinkMail(user, url));
}

export async function requestPasswordResetToken(ctx: AppContext, input: EmailOnlyBody) {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.isActive) return;
  const token = await issueEmailToken(
    ctx.db,
    user.id,
    'password_reset',
    PASSWORD_RESET_TOKEN_TTL_MS,
  );
  await deliver(ctx, passwordResetTokenMail(user, token, `${ctx.config.appUrl}/manual-reset`));
}

export async function resetPassword(ctx: AppContext, input: ResetPasswordBody): Promise<void> {
  const check = await consumeEmailToken(ctx.db, input.token, 'password_reset');
  if (check.status !== 'valid') throw new AppError('BAD_REQUEST', authMessages.resetLinkInvalid);
  await setPassword(ctx.db, check.userId, input.password);
}

/** The manual form names the account too: a token only works for the account it was sent to. */
export async function resetPasswordManually(ctx: AppContext, input: ManualResetBody) {
  const user = await findUserByEmail(ctx.db, input.email);
  const check = user && (await consumeEmailToken(ctx.db, input.token, 'password_reset', user.id));
  if (!user || check?.status !== 'valid') {
    throw new AppError('BAD_REQUEST', authMessages.resetTokenInvalid);
  }
  await setPassword(ctx.db, user.id, input.password);
}

/**
 * Sets a new password and ends every session of the user. Receiving the reset mail also proves
 * the address, so it counts as verifying it.
 */
export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
  });
}
