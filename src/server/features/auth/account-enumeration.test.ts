import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpAndVerify,
  signupFields,
  uniqueEmail,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

const SAMPLES = 20;
const MAX_MEDIAN_GAP_MS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * An attacker learns which addresses have accounts from any difference in the answer: status,
 * body, headers or time. Existing and unknown addresses are interleaved (A, B, A, B), and each
 * request's background work is finished before the next starts, so neither side pays for the
 * other's mail.
 */
describe('nothing tells an attacker which accounts exist', () => {
  let t: TestApp;
  const existing: SignupFields[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    for (let index = 0; index < SAMPLES; index += 1) existing.push(await signUpAndVerify(t));
  });
  afterAll(() => t.close());

  async function timed(payload: object, url: string) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url, payload });
    const elapsed = performance.now() - started;
    await t.app.backgroundTasks.idle();
    return { response, elapsed };
  }

  async function compare(url: string, bodyFor: (email: string, index: number) => object) {
    // A warm-up of each kind, so that neither side pays for first-use costs.
    await timed(bodyFor(existing[0]!.email, 0), url);
    await timed(bodyFor(uniqueEmail('warm'), 0), url);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const a = await timed(bodyFor(existing[index]!.email, index), url);
      const b = await timed(bodyFor(uniqueEmail('ghost'), index), url);
      expect(a.response.statusCode).toBe(b.response.statusCode);
      expect(a.response.body).toBe(b.response.body);
      expect(a.response.headers['set-cookie']).toBe(b.response.headers['set-cookie']);
      known.push(a.elapsed);
      unknown.push(b.elapsed);
    }
    const gap = Math.abs(median(known) - median(unknown));
    console.warn(
      `[enumeration] ${url}: median ${median(known).toFixed(1)} ms (existing) vs ${median(unknown).toFixed(1)} ms (unknown)`,
    );
    expect(gap).toBeLessThan(MAX_MEDIAN_GAP_MS);
  }

  it('sign-up', () =>
    compare('/api/auth/signup', (email) =>
      signupFields({ email: email.toUpperCase(), password: 'another-password' }),
    ));

  it('forgot-password', () => compare('/api/auth/forgot-password', (email) => ({ email })));

  it('manual reset token', () => compare('/api/auth/request-reset-token', (email) => ({ email })));

  it('resend-verification', () => compare('/api/auth/resend-verification', (email) => ({ email })));
});
