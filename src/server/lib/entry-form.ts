import type { Config } from '#server/config.ts';
import type { EntryFormSetup } from '#shared/contracts/entries.ts';
import { issueFormToken } from './form-token.ts';

/**
 * A form token for this contest's entry form, served `now` by the database's clock (decision
 * 035), and the CAPTCHA's site key if any.
 */
export function describeEntryForm(
  config: Pick<Config, 'sessionSecret' | 'captcha'>,
  contestId: string,
  now: number,
): EntryFormSetup {
  return {
    formToken: issueFormToken(config.sessionSecret, contestId, now),
    captchaSiteKey: config.captcha?.siteKey ?? null,
  };
}
