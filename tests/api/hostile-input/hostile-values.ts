import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { statusByCode } from '#server/errors.ts';
import { isErrorCode } from '#shared/errors.ts';

/**
 * What the hostile-input suites send, and the one promise every answer keeps: never a 5xx, and
 * every refusal a JSON `{message, code}` that gives nothing of the server away.
 */

/** Text an attacker (or a careless paste) puts in any field. */
export const HOSTILE_STRINGS = {
  'an RTL override': 'Maya \u202Egnp.exe',
  'zero-width spaces': 'Ma\u200Bya\u200B Chen',
  emoji: 'Maya 🎉👩🏽‍💻 Chen',
  'lone surrogates': 'Maya \uD800 Chen \uDFFF',
  'a NUL character': 'Maya\u0000Chen',
  'an SQL tautology': "' OR 1=1 --",
  'an SQL drop': "'; drop table users; --",
  'an HTML event handler': '<img src=x onerror=alert(1)>',
  'a script break-out': '"><script>alert(1)</script>',
} satisfies Record<string, string>;
export type HostileStringLabel = keyof typeof HOSTILE_STRINGS;

export const hostileStringCases = Object.entries(HOSTILE_STRINGS);

/** Markup that must reach every page and mail as text, never as a tag. */
export const MARKUP_NAMES = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'><svg onload=alert(1)>",
  '</script><script>alert(1)</script>',
];

/** Signs that markup survived as markup: a tag or an event handler the browser would run. */
export const EXECUTABLE_MARKUP = /<(img|script|svg)\b[^>]*(onerror|onload|>alert)|<script>alert/i;

/**
 * Path segments in place of an id. `inject` resolves a literal `../` like a browser would, so the
 * encoded forms are the ones that reach the router as a single parameter.
 */
export const HOSTILE_IDS: string[] = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fetc%252fpasswd',
  'x'.repeat(5000),
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '8d1f0a3e-8b8c-4a55-9a52-0c7f6b3d2e1',
  '%00',
  '%ZZ',
  '%ED%A0%80',
  // Lone surrogates cannot be percent-encoded at all: '%ED%A0%80' above stands in for them.
  ...Object.values(HOSTILE_STRINGS).flatMap(percentEncoded),
];

function percentEncoded(value: string): string[] {
  try {
    return [encodeURIComponent(value)];
  } catch {
    return [];
  }
}

/** Stack frames, engine names and SQL errors: what a leaking error answer would contain. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\.(ts|js):\d+|node_modules|ZodError|drizzle|pglite|SQLSTATE|syntax error at|violates|relation "/i;

/**
 * The answer keeps the promise of docs/product.md#errors: below 500, and when it refuses, a JSON
 * `{message, code}` without internals, whose code is one of the list and has the answer's status
 * (a framework refusal with a status no code has is a BAD_REQUEST). `refused` demands a 4xx
 * (input no route may accept).
 */
export function expectSafeAnswer(
  response: LightMyRequestResponse,
  context: string,
  options: { refused?: boolean } = {},
): void {
  const where = `${context} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (options.refused) expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body = response.json() as { message?: unknown; code?: unknown };
  expect(typeof body.message, where).toBe('string');
  expect((body.message as string).length, where).toBeGreaterThan(0);
  if (!isErrorCode(body.code)) expect.fail(`${where}: no known error code`);
  if (body.code !== 'BAD_REQUEST') expect(response.statusCode, where).toBe(statusByCode[body.code]);
  expect(response.body, where).not.toMatch(INTERNALS);
}
