import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { countHit, forgetHits } from '#server/plugins/rate-limit.ts';
import { CAPTCHA_ACTION } from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

export type CaptchaSettings = { siteKey: string; secret: string; verifyUrl: string };

/** Turnstile's tokens live 300 s; a used one is remembered a little longer. */
const USED_TOKEN_MEMORY_MS = 10 * 60 * 1000;

const refuse = () => new AppError('CAPTCHA_FAILED', entryMessages.captchaFailed);

type SiteverifyAnswer = { success?: unknown; hostname?: unknown; action?: unknown };

/**
 * Checks a Cloudflare Turnstile token with its siteverify endpoint: it must pass, for this
 * site's hostname and the entry form's action, and be used once. Cloudflare refuses a reused
 * token too; remembering it here (in the shared database) refuses it on every instance even
 * while that answer is in flight.
 */
export async function verifyCaptcha(
  db: Db,
  settings: CaptchaSettings,
  input: { token: string | undefined; clientAddress: string; hostname: string },
): Promise<void> {
  const token = input.token;
  if (!token || token.length > 2048) throw refuse();
  const usedKey = `captcha ${hashToken(token)}`;
  const { current } = await countHit(db, usedKey, USED_TOKEN_MEMORY_MS);
  if (current > 1) throw refuse();
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({
        secret: settings.secret,
        response: token,
        remoteip: input.clientAddress,
      }),
      signal: AbortSignal.timeout(5000),
    });
    answer = (await response.json()) as SiteverifyAnswer;
  } catch {
    // Cloudflare never saw the token: it is still good, so the person's next try may use it.
    await forgetHits(db, usedKey);
    throw new AppError('SERVICE_UNAVAILABLE', entryMessages.captchaUnreachable);
  }
  if (
    answer.success !== true ||
    answer.hostname !== input.hostname ||
    answer.action !== CAPTCHA_ACTION
  ) {
    throw refuse();
  }
}
