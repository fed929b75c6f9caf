/**
 * "d…@gmail.com": the first character, an ellipsis and the domain. Enough for an owner to tell
 * entries apart on a shared screen, or for a new user to spot a typo in the domain, and not
 * enough to write to the address.
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  // Split at the last @ (a quoted local part may hold one); a surrogate pair stays whole.
  const [first = ''] = at > 0 ? address.slice(0, at) : address;
  return at > 0 ? `${first}…${address.slice(at)}` : `${first}…`;
}
