import type { LightMyRequestResponse } from 'fastify';
import { mailsTo } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** An entrant's own page (/me) as its browser calls it, for the me feature's tests. */

export function askForLink(t: TestApp, email: unknown, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/me/link',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The token of the newest link to the page mailed to `email`, or null when none was. */
export async function mailedMeToken(t: TestApp, email: string): Promise<string | null> {
  const mails = await mailsTo(t, email);
  for (const mail of mails.reverse()) {
    const links = mail.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    const token = links
      .map((link) => new URL(link))
      .find((url) => url.pathname === '/me' && url.searchParams.has('token'))
      ?.searchParams.get('token');
    if (token) return token;
  }
  return null;
}

export function openPage(t: TestApp, token: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/me/session', payload: { token } });
}

/** The `pw_entrant=…` pair the answer sets. */
export function entrantCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'pw_entrant');
  if (!cookie) throw new Error('the answer sets no entrant cookie');
  return `pw_entrant=${cookie.value}`;
}

/** Asks for a link for `email`, reads it from the mailbox `mailbox` and opens the page. */
export async function signInAsEntrant(t: TestApp, email: string, mailbox = email) {
  const asked = await askForLink(t, email);
  if (asked.statusCode !== 202) throw new Error(`link refused: ${asked.body}`);
  await t.app.backgroundTasks.idle();
  const token = await mailedMeToken(t, mailbox);
  if (!token) throw new Error(`no link mailed to ${mailbox}`);
  const opened = await openPage(t, token);
  if (opened.statusCode !== 200) throw new Error(`page refused: ${opened.body}`);
  return entrantCookie(opened);
}

/** A call of the page's API with the entrant's cookie. */
export function asEntrant(
  t: TestApp,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
}
