import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { holdContestLock } from '#server/testing/contest-lock.ts';
import { inputValue, stateIn } from '#server/testing/entry-page-html.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type * as RenderOnServer from '#web/app/render-on-server.tsx';
import { renderContestPage } from '#web/app/render-on-server.tsx';
import { ENTRY_QUEUE_LIMITS } from '../write/entry-writer.ts';
import { ENTRY_QUEUE_FULL_MESSAGE } from '../write/submit-entry.ts';

/**
 * What a flood costs the entry page (issue 27 item 9): a rendering is the page's expensive part
 * (milliseconds of CPU), so made-up friend's codes, refused forms and a full queue must be
 * answered from renderings already made, never one each.
 */

vi.mock('#web/app/render-on-server.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof RenderOnServer>();
  return { ...original, renderContestPage: vi.fn(original.renderContestPage) };
});
const renders = () => vi.mocked(renderContestPage).mock.calls.length;

/** How long a rendering is reused (entry-page.ts): a flood may cost one per variant per period. */
const REUSE_MS = 2000;

const FORM = 'application/x-www-form-urlencoded';

const randomCode = () => randomBytes(8).toString('hex');

describe('the entry page under a flood', () => {
  let t: TestApp;
  let owner: SeededUser;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const page = (contestId: string, query = '') =>
    request(t, undefined, { method: 'GET', url: `/c/${contestId}${query}` });

  const post = (contestId: string, fields: Record<string, string>, query = '') =>
    request(t, undefined, {
      method: 'POST',
      url: `/c/${contestId}${query}`,
      headers: { 'content-type': FORM },
      payload: new URLSearchParams(fields).toString(),
    });

  /** At most `variants` renderings per reuse period since `startedAt`. */
  const allowedRenders = (variants: number, startedAt: number) =>
    variants * (Math.floor((Date.now() - startedAt) / REUSE_MS) + 1);

  it('answers 10,000 made-up friend’s codes without a rendering each, and keeps the real page', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 2 });
    const before = renders();
    const startedAt = Date.now();
    let lastPlainAt = Date.now();
    let plainRenders = 0;
    let sent = 0;
    // Sent 25 at a time, as a flood comes; stops at the first rendering too many (the old code
    // made one per code, and kept each one, pushing out the contest's own page).
    while (sent < 10_000 && renders() - before <= allowedRenders(2, startedAt)) {
      if (sent % 250 === 0) {
        // Visitors without a code keep coming: their page is rendered once per period at most.
        const rendersBefore = renders();
        const plain = await page(contest.id);
        expect(plain.statusCode).toBe(200);
        expect(inputValue(plain.body, 'ref')).toBeNull();
        if (renders() > rendersBefore) {
          plainRenders += 1;
          if (plainRenders > 1) expect(Date.now() - lastPlainAt).toBeGreaterThan(REUSE_MS - 100);
          lastPlainAt = Date.now();
        }
      }
      const codes = Array.from({ length: 25 }, randomCode);
      const answers = await Promise.all(codes.map((code) => page(contest.id, `?ref=${code}`)));
      if (sent % 500 === 0) {
        // Each visitor's page still carries their own code, in the form and its state.
        for (const [n, answer] of answers.entries()) {
          expect(answer.statusCode).toBe(200);
          expect(inputValue(answer.body, 'ref')).toBe(codes[n]);
          expect(answer.body).toContain(`action="/c/${contest.id}?ref=${codes[n]}"`);
          expect(stateIn(answer.body)?.referralCode).toBe(codes[n]);
        }
      }
      sent += codes.length;
    }
    expect(renders() - before).toBeLessThanOrEqual(allowedRenders(2, startedAt));
    expect(sent).toBe(10_000);
  }, 180_000);

  it('renders refused forms from the cached page, each with its own typed values', async () => {
    const contest = await seedContest(t.database, owner);
    await page(contest.id);
    const before = renders();
    const startedAt = Date.now();
    for (let n = 0; n < 50; n += 1) {
      const name = `Typo <i>${n}</i> "Fan"`;
      const email = `fan${n}@example`;
      const refused = await post(contest.id, { name, email });
      expect(refused.statusCode).toBe(400);
      expect(inputValue(refused.body, 'name')).toBe(`Typo &lt;i&gt;${n}&lt;/i&gt; &quot;Fan&quot;`);
      expect(inputValue(refused.body, 'email')).toBe(email);
      expect(refused.body).toContain('Please enter a valid email address');
      expect(refused.body).not.toContain(`<i>${n}</i>`);
      expect(stateIn(refused.body)?.refusal).toEqual({
        message: null,
        fieldErrors: { email: 'Please enter a valid email address' },
        values: { name, email },
      });
    }
    expect(renders() - before).toBeLessThanOrEqual(allowedRenders(1, startedAt));
  });

  /** A plain form POSTed over its own connection, with its headers only: no body follows. */
  function headersOnlyForm(contestId: string, query = '') {
    const socket = connect(port, '127.0.0.1');
    socket.write(
      `POST /c/${contestId}${query} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: ${FORM}\r\nContent-Length: 100\r\n\r\n`,
    );
    socket.on('error', () => {});
    let received = '';
    const answer = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.once('end', () => resolve(received));
      socket.once('close', () => resolve(received));
      setTimeout(() => resolve(received || 'no answer within 5 s'), 5000);
    });
    return { socket, answer };
  }

  it('refuses a plain form for a full queue before reading its body, from the cached page', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 2 });
    // The page people fill in, opened before the flood.
    expect((await page(contest.id)).statusCode).toBe(200);
    const release = await holdContestLock(t, contest);
    let queued: Promise<LightMyRequestResponse>[] = [];
    try {
      queued = Array.from({ length: ENTRY_QUEUE_LIMITS.perContest }, (_, n) =>
        request(t, undefined, {
          method: 'POST',
          url: `/api/contests/${contest.id}/entries`,
          payload: { name: `Fan ${n}`, email: `fan${n}@example.com` },
        }),
      );
      // Let them all reach the queue.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const code = randomCode();
      const first = headersOnlyForm(contest.id, `?ref=${code}`);
      const answer = await first.answer;
      first.socket.destroy();
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(answer).toMatch(/\r\ncontent-type: text\/html/i);
      expect(answer).toContain(ENTRY_QUEUE_FULL_MESSAGE);
      // The page's form, ready for the next try: the friend's code and a token.
      expect(answer).toContain(`action="/c/${contest.id}?ref=${code}"`);
      expect(inputValue(answer, 'formToken')).toMatch(/^\d{13}\.[\w-]{32}$/);

      const before = renders();
      const startedAt = Date.now();
      for (let n = 0; n < 20; n += 1) {
        const next = headersOnlyForm(contest.id);
        const refused = await next.answer;
        next.socket.destroy();
        expect(refused).toMatch(/^HTTP\/1\.1 503 /);
      }
      expect(renders() - before).toBeLessThanOrEqual(allowedRenders(1, startedAt));
    } finally {
      await release();
      await Promise.all(queued);
    }
  });
});
