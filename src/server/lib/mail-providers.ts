/**
 * Providers where thousands of unrelated people have addresses: many entries at one of them in
 * a few minutes is a popular post, not a burst worth flagging, and a referrer's friends may all
 * be there. A list kept by hand: add a provider when its users are seen flagged for nothing.
 */
export const LARGE_MAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'zoho.com',
  'fastmail.com',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'outlook.fr',
  'hotmail.fr',
  'orange.fr',
  'free.fr',
  'libero.it',
  't-online.de',
  'comcast.net',
  'att.net',
  'verizon.net',
]);

export const isLargeMailProvider = (domain: string) => LARGE_MAIL_PROVIDERS.has(domain);
