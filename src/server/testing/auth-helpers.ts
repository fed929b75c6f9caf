import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { emailTokens, mails, users, type TokenPurpose } from '#server/db/schema.ts';
import { renderEntryMail } from '#server/mail/templates.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { TEST_APP_URL, type TestApp } from './test-app.ts';

/** Helpers for API tests of the accounts feature: accounts, sessions and the mail outbox. */

export const TEST_PASSWORD = 'correct horse battery';

export type Credentials = { email: string; password: string };
export type SignupFields = Credentials & { firstName: string; lastName: string };

/** A fresh address per call, so tests sharing one database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function signupFields(overrides: Partial<SignupFields> = {}): SignupFields {
  return {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

export function signUp(t: TestApp, fields: SignupFields): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fields });
}

/** Signs up, opens the verification link of the mail and gives the password, as people do. */
export async function signUpAndVerify(
  t: TestApp,
  overrides: Partial<SignupFields> = {},
): Promise<SignupFields> {
  const fields = signupFields(overrides);
  const signup = await signUp(t, fields);
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const verify = await verifyWithLink(t, await verificationLink(t, fields.email), fields.password);
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  // Verifying signs in; the callers want an account that has not signed in yet.
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie: sessionCookie(verify) },
  });
  return fields;
}

/** What the verification page sends: the link's token and the password typed there. */
export function verifyWithLink(
  t: TestApp,
  link: string,
  password: string,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: tokenOfLink(link), password },
    headers: cookie ? { cookie } : {},
  });
}

export function logIn(
  t: TestApp,
  credentials: Credentials,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: credentials.email, password: credentials.password },
    headers: cookie ? { cookie } : {},
  });
}

/** Signs in and returns the `name=value` session cookie to send back. */
export async function logInCookie(t: TestApp, credentials: Credentials): Promise<string> {
  const response = await logIn(t, credentials);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookie(response);
}

/** The raw Set-Cookie line of the session cookie (attributes included), if the answer sets it. */
export function sessionSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The `name=value` pair of the session cookie, exactly as a browser sends it back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const line = sessionSetCookie(response);
  const pair = line?.split(';')[0];
  if (!pair || pair === `${SESSION_COOKIE}=`) throw new Error('the answer sets no session cookie');
  return pair;
}

export function currentUser(t: TestApp, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: cookie ? { cookie } : {},
  });
}

/** A mail's row, with the Reply-To its template gives (an entrant's mail answers to the owner). */
export type OutboxMail = typeof mails.$inferSelect & { replyTo: string | null };

/**
 * Mails sent to an address (any letter case), oldest first, once the mails of the requests
 * already answered have been written.
 */
export async function mailsTo(t: TestApp, email: string): Promise<OutboxMail[]> {
  await t.app.backgroundTasks.idle();
  const rows = await t.database.db
    .select()
    .from(mails)
    .where(eq(sql`lower(${mails.recipient})`, email.toLowerCase()))
    .orderBy(asc(mails.createdAt));
  // An entrant's mail is its template until an SMTP relay has it (the outbox keeps it): what
  // the sender renders and sends.
  return rows.map((row) => {
    if (!row.template) return { ...row, replyTo: null };
    const { text, html, links, replyTo } = renderEntryMail(
      row.recipient,
      row.template,
      t.config.appUrl,
    );
    return { ...row, text, html, links, replyTo: replyTo ?? null };
  });
}

export async function latestMailTo(t: TestApp, email: string): Promise<OutboxMail> {
  const mail = (await mailsTo(t, email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The first absolute link in a text that leads to `path` (e.g. '/reset-password'). */
function findLink(text: string, path: string): string | undefined {
  return text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => new URL(url).pathname === path);
}

export function linkIn(text: string, path: string): string {
  const link = findLink(text, path);
  if (!link) throw new Error(`no link to ${path} in:\n${text}`);
  return link;
}

/**
 * The link to `path` in the newest mail that has one. Mails go out after their requests are
 * answered, so two requests' mails may arrive in either order.
 */
async function newestLinkTo(t: TestApp, email: string, path: string): Promise<string> {
  const mails = await mailsTo(t, email);
  const link = mails
    .reverse()
    .map((mail) => findLink(mail.text, path))
    .find(Boolean);
  if (!link) throw new Error(`no mail to ${email} has a link to ${path}`);
  return link;
}

export function verificationLink(t: TestApp, email: string): Promise<string> {
  return newestLinkTo(t, email, '/verify-email');
}

export function resetLink(t: TestApp, email: string): Promise<string> {
  return newestLinkTo(t, email, '/reset-password');
}

export function tokenOfLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The token of the latest reset-token mail (it stands on a line of its own). */
export async function mailedResetToken(t: TestApp, email: string): Promise<string> {
  const mails = await mailsTo(t, email);
  const token = mails
    .reverse()
    .map((mail) => mail.text.match(/^[A-Za-z0-9_-]{43}$/m)?.[0])
    .find(Boolean);
  if (!token) throw new Error(`no mail to ${email} holds a reset token`);
  return token;
}

/** Path and query of a link of the app, for `inject`; refuses links to any other origin. */
export function injectPath(link: string): string {
  const url = new URL(link);
  if (url.origin !== TEST_APP_URL) throw new Error(`${link} is not a link to ${TEST_APP_URL}`);
  return `${url.pathname}${url.search}`;
}

export async function findUser(t: TestApp, email: string) {
  const [user] = await t.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function setUserActive(t: TestApp, email: string, isActive: boolean): Promise<void> {
  await t.database.db
    .update(users)
    .set({ isActive })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** Moves every token of the user for `purpose` one minute into the past. */
export async function expireTokens(
  t: TestApp,
  email: string,
  purpose: TokenPurpose,
): Promise<void> {
  const user = await findUser(t, email);
  if (!user) throw new Error(`no user ${email}`);
  await t.database.db
    .update(emailTokens)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, purpose)));
}

export function requestPasswordReset(
  t: TestApp,
  email: string,
  kind: 'link' | 'token' = 'link',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: kind === 'link' ? '/api/auth/forgot-password' : '/api/auth/request-reset-token',
    payload: { email },
  });
}
