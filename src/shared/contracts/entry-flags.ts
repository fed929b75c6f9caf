/**
 * Why an accepted entry looks doubtful (docs/product.md#trusted-leads). A flag never refuses an
 * entry, and only an alias leaves it out of the draw by default: the owner reads its reason and
 * keeps it in, leaves it out, clears the flag or removes the entry
 * (docs/product.md#flagged-entries).
 */
export const entryFlags = [
  'address-burst',
  'domain-burst',
  'fast-submit',
  'no-form-token',
  'alias',
] as const;
export type EntryFlag = (typeof entryFlags)[number];

/** Entries per hour from one client address (IPv6: its /64) on one contest before flagging. */
export const ADDRESS_FLAG_AFTER = 20;
/** ...and before refusing with 429. */
export const ADDRESS_REFUSE_AFTER = 100;
export const ADDRESS_WINDOW_MS = 60 * 60 * 1000;
/**
 * The same limits for the wider IPv6 networks around a client's /64, per hour on one contest: a
 * /56 is what a provider gives one home or small business, a /48 one organisation (or a pool of
 * a carrier's phones, hence a refusal well above any gym's or office's entries).
 */
export const WIDE_NETWORK_LIMITS = {
  56: { flagAfter: 40, refuseAfter: 200 },
  48: { flagAfter: 100, refuseAfter: 1000 },
} as const;
export type WideNetworkPrefix = keyof typeof WIDE_NETWORK_LIMITS;
/** Entries at one domain (not a large mail provider) per 10 minutes on one contest. */
export const DOMAIN_FLAG_AFTER = 30;
export const DOMAIN_WINDOW_MS = 10 * 60 * 1000;
/** Sent within this long of the page opening (but after ENTRY_MIN_FILL_MS): flagged. */
export const FAST_SUBMIT_MS = 3000;

export const isEntryFlag = (value: string): value is EntryFlag =>
  (entryFlags as readonly string[]).includes(value);

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** What the owner reads beside a flag. */
export function describeFlag(flag: EntryFlag, email: string): string {
  switch (flag) {
    case 'address-burst':
      return `More than ${ADDRESS_FLAG_AFTER} entries came from this entrant's network address within an hour.`;
    case 'domain-burst':
      return `More than ${DOMAIN_FLAG_AFTER} entries at @${domainOf(email)} arrived within 10 minutes.`;
    case 'fast-submit':
      return `Sent less than ${FAST_SUBMIT_MS / 1000} seconds after the entry page opened: faster than people type.`;
    case 'no-form-token':
      return 'Sent without opening the entry page (by a script or an app), or from a page left open for more than a day.';
    case 'alias':
      return 'Goes to the same mailbox as another entry of this contest (a +tag, or dots in a Gmail address).';
  }
}

export const flagLabels: Record<EntryFlag, string> = {
  'address-burst': 'Address burst',
  'domain-burst': 'Domain burst',
  'fast-submit': 'Fast submit',
  'no-form-token': 'No entry page',
  alias: 'Alias',
};
