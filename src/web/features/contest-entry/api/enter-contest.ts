import type { EnterContestBody, EntryReceipt, entryFormFields } from '#shared/contracts/entries.ts';
import type { EntryTerms } from '#shared/contracts/entry-terms.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The trap field, the form token and the CAPTCHA token the entry form sends beside its fields. */
type EntryFormExtras = Partial<
  Record<(typeof entryFormFields)[keyof typeof entryFormFields], string>
>;

export function enterContest(
  contestId: string,
  body: EnterContestBody & EntryTerms & EntryFormExtras,
) {
  return apiRequest<EntryReceipt>(
    'POST',
    `/api/contests/${encodeURIComponent(contestId)}/entries`,
    body,
  );
}
