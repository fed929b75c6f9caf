import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { rateLimits } from '#server/db/schema.ts';
import { enforceLimit, type Limit } from '#server/plugins/rate-limit.ts';

/**
 * Limits per account, beside the per-address ones: an attacker with many addresses (a botnet,
 * or forged headers before decision 012) still gets only this many tries at one account. The
 * key is the address as typed, folded, whether or not an account has it, so a refusal tells
 * nothing about which accounts exist.
 */
type AccountLimit = Limit & { name: string };

const MINUTE = 60_000;

export const accountLimits = {
  /** Password guesses at one account (sign-in and the verification link's password). */
  signIn: { name: 'sign-in', max: 10, windowMs: 15 * MINUTE },
  /** Reset links and tokens mailed to one address: a stranger cannot flood an inbox. */
  resetMail: { name: 'reset-mail', max: 3, windowMs: 60 * MINUTE },
  /** Sign-up and verification mails to one address. */
  verificationMail: { name: 'verification-mail', max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, AccountLimit>;

function limitKey(limit: AccountLimit, email: string): string {
  return `account ${limit.name} ${email.trim().toLowerCase()}`;
}

/** Counts one attempt at `email` and refuses it with 429 beyond the limit, from any address. */
export async function countAccountAttempt(
  ctx: AppContext,
  limit: AccountLimit,
  email: string,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await enforceLimit(
    ctx.db,
    limitKey(limit, email),
    limit,
    (wait) => `Too many attempts. Please try again in ${wait}.`,
  );
}

/** A successful sign-in forgets the failed ones before it. */
export async function clearAccountAttempts(
  ctx: AppContext,
  limit: AccountLimit,
  email: string,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, limitKey(limit, email)));
}
