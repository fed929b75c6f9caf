import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  mailedResetToken,
  mailsTo,
  requestPasswordReset,
  resetLink,
  signUp,
  signupFields,
  tokenOfLink,
  verificationLink,
  verifyWithLink,
} from '#server/testing/auth-helpers.ts';
import { drawApi } from '#server/testing/draw-api.ts';
import { settleMails } from '#server/testing/mail-helpers.ts';
import { seedContest, seedEntries, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

/** Every line the app logs, as text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/**
 * The log is read by more people, and kept longer, than a mailbox or the database: it must hold
 * no token that opens an account and no entrant's e-mail or name, even when a request fails.
 */
describe('no tokens or entrants’ data in a production log', () => {
  let t: TestApp;
  const log = captureLog();
  const secrets: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      logStream: log.stream,
    });
  });
  afterAll(() => t.close());

  it('leaves sign-up, verification and both password resets out of the log', async () => {
    const account = signupFields({ email: 'maya.owner@example.com' });
    expect((await signUp(t, account)).statusCode).toBe(201);
    const link = await verificationLink(t, account.email);
    const verificationToken = tokenOfLink(link);
    // The old link form carries the token in the query string of an API call.
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verificationToken}` });
    expect((await verifyWithLink(t, link, account.password)).statusCode).toBe(200);

    expect((await requestPasswordReset(t, account.email, 'link')).statusCode).toBe(200);
    const resetToken = tokenOfLink(await resetLink(t, account.email));
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'a new password', confirmPassword: 'a new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await requestPasswordReset(t, account.email, 'token')).statusCode).toBe(200);
    const manualToken = await mailedResetToken(t, account.email);

    secrets.push(account.email, verificationToken, resetToken, manualToken);
    expect(log.text()).toContain('/api/auth/verify-email');
    // The queue's worker hands the mails to the outbox (and logs that) within its next poll.
    await settleMails(t);
    expect(log.text()).toContain('mail held in the outbox');
  });

  it("leaves a winner's claim token out of the log, though the API carries it in the path", async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner);
    await seedEntries(t.database, contest.id, [
      { name: 'Wanda Winner', email: 'wanda@example.net' },
    ]);
    expect((await drawApi(t).drawPlaces(owner, contest.id)).statusCode).toBe(200);
    const notice = (await mailsTo(t, 'wanda@example.net')).at(-1)!;
    const token = new URL(linkIn(notice.text, '/claim')).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'GET', url: `/api/claims/${token}` })).statusCode).toBe(
      200,
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/claims/${token}/accept`,
      payload: { fullName: 'Wanda Winner', eligible: true, publicityConsent: false },
    });
    expect(accepted.statusCode).toBe(200);
    // A second claim is refused (logged as a 4xx), still without the token.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/claims/${token}/decline` })).statusCode,
    ).toBe(410);
    expect(log.text()).toContain('/api/claims/');
    secrets.push(token);
  });

  it('logs a failed entry batch by error class and SQL code, without the entrants', async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner);
    // The database refuses the batch with an error that quotes an entrant, as a real constraint's
    // detail does.
    await t.database.db.execute(sql`
      create function refuse_entry() returns trigger language plpgsql as $$
      begin raise exception 'refused %', new.email using errcode = 'P0001'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_entry before insert on contest_entries
      for each row execute function refuse_entry()`);

    const entrants = Array.from({ length: 5 }, (_, index) => ({
      name: `Lead Person${index}`,
      email: `lead.person${index}@example.net`,
    }));
    const answers = await Promise.all(
      entrants.map((payload) =>
        t.app.inject({ method: 'POST', url: `/api/contests/${contest.id}/entries`, payload }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('@');
    }
    secrets.push(...entrants.flatMap((entrant) => [entrant.email, entrant.name]));

    const failures = log
      .text()
      .split('\n')
      .filter((line) => line.includes('"request failed"'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toContain('"code":"P0001"');
    expect(failures[0]).toContain('"class":"DrizzleQueryError"');
  });

  it('holds none of the tokens, addresses or names', () => {
    expect(secrets.length).toBeGreaterThan(10);
    const text = log.text();
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/token=/);
  });
});
