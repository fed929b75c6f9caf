import type { AppContext } from '#server/context.ts';
import { enforceLimit, forgetHits, takeBackHit, type Limit } from '#server/plugins/rate-limit.ts';

/**
 * Limits per account, beside the per-address ones: an attacker with many addresses (a botnet,
 * or forged headers before decision 012) still gets only so many tries at one account. The key
 * is the address as typed, folded, whether or not an account has it, so a refusal tells nothing
 * about which accounts exist. Within an account, attempts count where they come from (decision
 * 034): a browser that proved the account before has a budget of its own, and strangers count
 * per client network and, higher, all together, so that neither one network nor a botnet locks
 * the owner's known browser out.
 */
type AccountLimit = Limit & { name: string };

const MINUTE = 60_000;

export const accountLimits = {
  /**
   * Password guesses at one account (sign-in and the verification link's password) from one
   * client network, or from one browser that proved the account before.
   */
  signIn: { name: 'sign-in', max: 10, windowMs: 15 * MINUTE },
  /** The same from every network together: what a botnet gets at one account. */
  signInEverywhere: { name: 'sign-in-everywhere', max: 100, windowMs: 60 * MINUTE },
  /** Reset links and tokens mailed to one address, from strangers or from one known browser. */
  resetMail: { name: 'reset-mail', max: 3, windowMs: 60 * MINUTE },
  /** Sign-up and verification mails to one address. */
  verificationMail: { name: 'verification-mail', max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, AccountLimit>;

/**
 * Where an attempt at an account counts: on a browser that proved the account before (its
 * random id), on a client network (a sign-in from anywhere else), or with anyone's (a mail).
 */
export type AttemptSource =
  { from: 'device'; id: string } | { from: 'network'; network: string } | { from: 'anyone' };

/** An address as the accounts compare it. */
export const foldAddress = (email: string) => email.trim().toLowerCase();

function limitKey(limit: AccountLimit, email: string, source: AttemptSource): string {
  const account = `account ${limit.name} ${foldAddress(email)}`;
  if (source.from === 'device') return `${account} device ${source.id}`;
  if (source.from === 'network') return `${account} network ${source.network}`;
  return account;
}

/** Counts one attempt at `email` from `source` and refuses it with 429 beyond the limit. */
export async function countAccountAttempt(
  ctx: AppContext,
  limit: AccountLimit,
  email: string,
  source: AttemptSource = { from: 'anyone' },
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await enforceLimit(
    ctx.db,
    limitKey(limit, email, source),
    limit,
    (wait) => `Too many attempts. Please try again in ${wait}.`,
  );
}

/**
 * Counts one password attempt at `email`. A stranger's counts on its network first, and only
 * one that its network let through counts everywhere: one network's flood never fills the
 * account-wide limit.
 */
export async function countSignInAttempt(
  ctx: AppContext,
  email: string,
  source: AttemptSource,
): Promise<void> {
  await countAccountAttempt(ctx, accountLimits.signIn, email, source);
  if (source.from === 'network') {
    await countAccountAttempt(ctx, accountLimits.signInEverywhere, email);
  }
}

/**
 * A successful sign-in forgets the failures before it from the same browser or network, and is
 * no failure itself. The account-wide count keeps the rest: the others' failures were not the
 * owner's typing.
 */
export async function forgetSignInFailures(
  ctx: AppContext,
  email: string,
  source: AttemptSource,
): Promise<void> {
  if (!ctx.config.rateLimit) return;
  await forgetHits(ctx.db, limitKey(accountLimits.signIn, email, source));
  if (source.from === 'network') {
    await takeBackHit(ctx.db, limitKey(accountLimits.signInEverywhere, email, { from: 'anyone' }));
  }
}
