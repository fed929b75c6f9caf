import type { Config } from '#server/config.ts';
import type { EntryFormSetup } from '#shared/contracts/entries.ts';
import { issueFormToken } from './form-token.ts';

/** A fresh form token for this contest's entry form, and the CAPTCHA's site key if any. */
export function describeEntryForm(
  config: Pick<Config, 'sessionSecret' | 'captcha'>,
  contestId: string,
): EntryFormSetup {
  return {
    formToken: issueFormToken(config.sessionSecret, contestId),
    captchaSiteKey: config.captcha?.siteKey ?? null,
  };
}
