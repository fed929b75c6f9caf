// A CommonJS module whose exports Node cannot name statically: read through its default export.
import mailchecker from 'mailchecker';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as its provider folds it: letter case and surrounding spaces,
 * a `+tag` sub-address on any domain (unless nothing is left before the plus), and at Gmail the
 * dots of the local part and the googlemail.com twin. One entrant per key per contest
 * (docs/product.md#trusted-leads); migration 0010 folded the stored addresses the same way.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  local = local.replace(/\+.*$/, '') || local;
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/**
 * Whether the address is at a throwaway domain (or a subdomain of one), from the `mailchecker`
 * package's list, which its maintainers publish as new services appear; `allowed` domains (the
 * operator's EMAIL_DOMAIN_ALLOWLIST) always pass.
 */
export function isThrowawayAddress(email: string, allowed: ReadonlySet<string>): boolean {
  // eslint-disable-next-line import-x/no-named-as-default-member -- Node cannot import it by name (see the import)
  const list = mailchecker.blacklist();
  let domain = emailDomain(email);
  for (;;) {
    if (allowed.has(domain)) return false;
    if (list.has(domain)) return true;
    const dot = domain.indexOf('.');
    if (dot === -1) return false;
    domain = domain.slice(dot + 1);
  }
}
