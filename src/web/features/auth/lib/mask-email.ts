/**
 * An address as the "check your inbox" screen shows it: the first character, an ellipsis and
 * the domain ("d…@gmail.com"), enough for its owner to recognise (or spot a typo in the domain)
 * and little for someone looking over their shoulder.
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  const [first = ''] = address.slice(0, Math.max(at, 0));
  return `${first}…${address.slice(at)}`;
}
