import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries } from '#server/db/schema.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { type EntryReceipt } from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';
import { emailKey, isThrowawayAddress } from '../core/email-identity.ts';

/**
 * What happens to an entry before it is queued (docs/product.md#trusted-leads): folded
 * duplicates, throwaway domains, the trap field, the form token and the optional CAPTCHA.
 */

const FOLDING: [typed: string, key: string][] = [
  [' Ann.Lee+win@GoogleMail.com ', 'annlee@gmail.com'],
  ['annlee@gmail.com', 'annlee@gmail.com'],
  ['A.N.N.L.E.E@gmail.com', 'annlee@gmail.com'],
  ['ann.lee+a+b@example.com', 'ann.lee@example.com'],
  ['Ann.Lee@Example.COM', 'ann.lee@example.com'],
  ['+tag@example.com', '+tag@example.com'],
  ['me+1@outlook.com', 'me@outlook.com'],
  ['first.last@googlemail.com', 'firstlast@gmail.com'],
];

const HOUR_MS = 60 * 60 * 1000;

const enter = (t: TestApp, contestId: string, payload: Record<string, unknown>) =>
  request(t, undefined, { method: 'POST', url: `/api/contests/${contestId}/entries`, payload });

async function storedEmails(t: TestApp, contestId: string) {
  const rows = await t.database.db
    .select({ email: contestEntries.email, flags: contestEntries.flags })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
  return rows;
}

describe('screening entries', () => {
  let t: TestApp;
  let owner: SeededUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { EMAIL_DOMAIN_ALLOWLIST: 'yopmail.com' } });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  it('folds addresses in TypeScript exactly as the database does', async () => {
    for (const [typed, key] of FOLDING) {
      expect(emailKey(typed), typed).toBe(key);
      const [row] = (
        (await t.database.db.execute(sql`select fold_email(${typed}) as key`)) as unknown as {
          rows: { key: string }[];
        }
      ).rows;
      expect(row!.key, typed).toBe(key);
    }
  });

  it('takes one entry per mailbox, keeping the address as typed', async () => {
    const contest = await seedContest(t.database, owner);
    const first = await enter(t, contest.id, {
      name: 'Ann Lee',
      email: 'Ann.Lee+win@GoogleMail.com',
    });
    expect(first.statusCode).toBe(201);
    const second = await enter(t, contest.id, { name: 'Ann Lee', email: 'annlee@gmail.com' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: entryMessages.duplicate,
      code: 'ALREADY_ENTERED',
    });
    expect(await storedEmails(t, contest.id)).toEqual([
      { email: 'Ann.Lee+win@GoogleMail.com', flags: ['no-form-token'] },
    ]);
    // Another contest of the same owner takes the same mailbox.
    const other = await seedContest(t.database, owner);
    expect((await enter(t, other.id, { name: 'Ann', email: 'annlee@gmail.com' })).statusCode).toBe(
      201,
    );
  });

  it('refuses throwaway domains and their subdomains, unless the operator allows one', async () => {
    expect(isThrowawayAddress('a@mailinator.com', new Set())).toBe(true);
    expect(isThrowawayAddress('a@eu.mailinator.com', new Set())).toBe(true);
    expect(isThrowawayAddress('a@gmail.com', new Set())).toBe(false);
    expect(isThrowawayAddress('a@mailinator.com', new Set(['mailinator.com']))).toBe(false);

    const contest = await seedContest(t.database, owner);
    const refused = await enter(t, contest.id, { name: 'Temp', email: 'temp@mailinator.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: entryMessages.disposable,
      code: 'VALIDATION',
      errors: { email: entryMessages.disposable },
    });
    // EMAIL_DOMAIN_ALLOWLIST=yopmail.com, itself on the list.
    expect(isThrowawayAddress('a@yopmail.com', new Set())).toBe(true);
    const allowed = await enter(t, contest.id, { name: 'Yo', email: 'yo@yopmail.com' });
    expect(allowed.statusCode).toBe(201);
    expect((await storedEmails(t, contest.id)).map((row) => row.email)).toEqual(['yo@yopmail.com']);
  });

  it('answers a script as it answers a person, and stores nothing of it', async () => {
    const contest = await seedContest(t.database, owner);
    const secret = t.config.sessionSecret;
    const person = await enter(t, contest.id, {
      name: 'Real Person',
      email: 'person@example.com',
      formToken: issueFormToken(secret, contest.id, Date.now() - 10_000),
    });
    const scripts = [
      { name: 'Trap Filler', email: 'trap@example.com', homepage: 'https://spam.example' },
      {
        name: 'Too Fast',
        email: 'fast@example.com',
        formToken: issueFormToken(secret, contest.id, Date.now() - 500),
      },
      { name: 'Forger', email: 'forged@example.com', formToken: `${Date.now() - 60_000}.forged` },
      {
        name: 'Other Contest',
        email: 'other@example.com',
        formToken: issueFormToken(secret, owner.id, Date.now() - 10_000),
      },
    ];
    const receipt = person.json<EntryReceipt>();
    for (const payload of scripts) {
      const answer = await enter(t, contest.id, payload);
      expect(answer.statusCode, payload.name).toBe(person.statusCode);
      expect(answer.headers['content-type']).toBe(person.headers['content-type']);
      const dropped = answer.json<EntryReceipt>();
      expect(Object.keys(dropped).sort()).toEqual(Object.keys(receipt).sort());
      expect(dropped).toMatchObject({
        contestId: contest.id,
        name: payload.name,
        status: 'confirmed',
      });
      expect(dropped.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(await storedEmails(t, contest.id)).toEqual([{ email: 'person@example.com', flags: [] }]);
  });

  it('flags a form sent a little faster than people type', async () => {
    const contest = await seedContest(t.database, owner);
    const quick = await enter(t, contest.id, {
      name: 'Quick Quinn',
      email: 'quick@example.com',
      formToken: issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 2500),
    });
    expect(quick.statusCode).toBe(201);
    expect(await storedEmails(t, contest.id)).toEqual([
      { email: 'quick@example.com', flags: ['fast-submit'] },
    ]);
  });

  it('takes an entry without a form token (an API client), flagged no-form-token for the owner', async () => {
    const contest = await seedContest(t.database, owner);
    const api = await enter(t, contest.id, { name: 'Api Client', email: 'api@example.com' });
    expect(api.statusCode).toBe(201);
    // A form whose page gave it no token sends an empty one: still a person's, never dropped.
    const empty = await enter(t, contest.id, {
      name: 'Empty Token',
      email: 'empty@example.com',
      formToken: '',
    });
    expect(empty.statusCode).toBe(201);
    const rows = await storedEmails(t, contest.id);
    expect(rows).toContainEqual({ email: 'api@example.com', flags: ['no-form-token'] });
    expect(rows).toContainEqual({ email: 'empty@example.com', flags: ['no-form-token'] });
  });

  it('counts a token older than a day as none: the entry is taken and flagged, not trusted', async () => {
    const contest = await seedContest(t.database, owner);
    const secret = t.config.sessionSecret;
    const stale = await enter(t, contest.id, {
      name: 'Stale Page',
      email: 'stale@example.com',
      formToken: issueFormToken(secret, contest.id, Date.now() - 25 * HOUR_MS),
    });
    expect(stale.statusCode).toBe(201);
    const dayOld = await enter(t, contest.id, {
      name: 'Day Old',
      email: 'day@example.com',
      formToken: issueFormToken(secret, contest.id, Date.now() - 23 * HOUR_MS),
    });
    expect(dayOld.statusCode).toBe(201);
    const rows = await storedEmails(t, contest.id);
    expect(rows).toContainEqual({ email: 'stale@example.com', flags: ['no-form-token'] });
    expect(rows).toContainEqual({ email: 'day@example.com', flags: [] });
  });

  it('serves a fresh form token and no CAPTCHA key when none is configured', async () => {
    const contest = await seedContest(t.database, owner);
    const setup = await request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entry-form`,
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({
      formToken: expect.stringMatching(/^\d{13}\./),
      captchaSiteKey: null,
    });
  });
});

/**
 * A stand-in for Cloudflare's siteverify endpoint: it answers what each token says, or, while
 * `down`, drops every connection as an unreachable service would.
 */
function startFakeSiteverify() {
  const calls: URLSearchParams[] = [];
  const state = { down: false };
  const server: Server = createServer((incoming, answer) => {
    if (state.down) {
      incoming.socket.destroy();
      return;
    }
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push(form);
      const [verdict = '', hostname = 'localhost', action = 'enter'] = (
        form.get('response') ?? ''
      ).split(':');
      answer.setHeader('content-type', 'application/json');
      answer.end(JSON.stringify({ success: verdict.startsWith('pass'), hostname, action }));
    });
  });
  return new Promise<{
    url: string;
    calls: URLSearchParams[];
    state: { down: boolean };
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/siteverify`,
        calls,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

describe('the optional CAPTCHA (Turnstile)', () => {
  let t: TestApp;
  let owner: SeededUser;
  let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;

  beforeAll(async () => {
    fake = await startFakeSiteverify();
    t = await createTestApp({
      env: {
        TURNSTILE_SITE_KEY: 'site-key-for-tests',
        TURNSTILE_SECRET: 'secret-for-tests',
        TURNSTILE_VERIFY_URL: fake.url,
      },
      clientDir: makeClientBuild(),
    });
    owner = await seedUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('takes an entry whose token passes for this host and action, once', async () => {
    const contest = await seedContest(t.database, owner);
    const entry = (email: string, captchaToken?: string) =>
      enter(t, contest.id, { name: 'Captcha Fan', email, captchaToken });

    expect((await entry('pass@example.com', 'pass-1:localhost:enter')).statusCode).toBe(201);
    const call = fake.calls.at(-1)!;
    expect(call.get('secret')).toBe('secret-for-tests');
    expect(call.get('response')).toBe('pass-1:localhost:enter');
    expect(call.get('remoteip')).toBe('127.0.0.1');

    const refusals = [
      ['missing@example.com', undefined],
      ['failed@example.com', 'fail:localhost:enter'],
      ['host@example.com', 'pass-2:evil.example:enter'],
      ['action@example.com', 'pass-3:localhost:signup'],
      // The fake would pass it again; the server remembers it was used.
      ['reused@example.com', 'pass-1:localhost:enter'],
    ] as const;
    for (const [email, token] of refusals) {
      const refused = await entry(email, token);
      expect(refused.statusCode, email).toBe(400);
      expect(refused.json()).toEqual({
        message: entryMessages.captchaFailed,
        code: 'CAPTCHA_FAILED',
      });
    }
    expect((await storedEmails(t, contest.id)).map((row) => row.email)).toEqual([
      'pass@example.com',
    ]);
  });

  it('does not spend a token when siteverify cannot be reached: 503, then the same token enters', async () => {
    const contest = await seedContest(t.database, owner);
    const token = 'pass-outage:localhost:enter';
    fake.state.down = true;
    try {
      const unreachable = await enter(t, contest.id, {
        name: 'Patient Fan',
        email: 'patient@example.com',
        captchaToken: token,
      });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json()).toEqual({
        message: entryMessages.captchaUnreachable,
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      fake.state.down = false;
    }
    const again = await enter(t, contest.id, {
      name: 'Patient Fan',
      email: 'patient@example.com',
      captchaToken: token,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('tells a browser without JavaScript that entering needs it', async () => {
    const contest = await seedContest(t.database, owner);
    const page = await request(t, undefined, { method: 'GET', url: `/c/${contest.id}` });
    expect(page.statusCode).toBe(200);
    const notice = /<noscript><p role="alert"[^>]*>([^<]*)<\/p><\/noscript>\s*<div id="root">/.exec(
      page.body,
    );
    expect(notice?.[1]).toBe(entryMessages.captchaNeedsScript);
  });

  it('gives the site key to the form and lets Turnstile through the page policy', async () => {
    const contest = await seedContest(t.database, owner);
    const setup = await request(t, undefined, {
      method: 'GET',
      url: `/api/contests/${contest.id}/entry-form`,
    });
    expect(setup.json()).toMatchObject({ captchaSiteKey: 'site-key-for-tests' });
    const csp = String(setup.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(csp).toContain("frame-src 'self' https://challenges.cloudflare.com");
  });
});
