import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  findUser,
  signUpAndVerify,
  uniqueEmail,
  type SignupFields,
} from '#server/testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { isErrorCode, type ErrorCode } from '#shared/errors.ts';

/**
 * Whatever arrives, the accounts API answers 4xx with a JSON `{message, code}`: never a 5xx,
 * never an HTML page, never a crash. Bodies are limited to 256 KB (413 above).
 */

type Endpoint = { url: string; fields: Record<string, string> };

const endpointsWithBody: Endpoint[] = [
  {
    url: '/api/auth/signup',
    fields: { email: 'x@example.com', password: 'password123', firstName: 'Ada', lastName: 'L' },
  },
  { url: '/api/auth/resend-verification', fields: { email: 'x@example.com' } },
  { url: '/api/auth/login', fields: { email: 'x@example.com', password: 'password123' } },
  { url: '/api/auth/forgot-password', fields: { email: 'x@example.com' } },
  { url: '/api/auth/request-reset-token', fields: { email: 'x@example.com' } },
  {
    url: '/api/auth/reset-password',
    fields: { token: 'some-token', password: 'password123', confirmPassword: 'password123' },
  },
  {
    url: '/api/auth/manual-reset',
    fields: {
      email: 'x@example.com',
      token: 'some-token',
      password: 'password123',
      confirmPassword: 'password123',
    },
  },
];
const bodyUrls = endpointsWithBody.map((endpoint) => endpoint.url);
/** Every unsafe account endpoint: the body-less logout too. */
const allPostUrls = [...bodyUrls, '/api/auth/logout'];

const KB = 1024;
const wrongTypes: [string, unknown][] = [
  ['a number', 42],
  ['a float', 1.5e300],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x@example.com']],
  ['an empty array', []],
  ['an object', { value: 'x@example.com' }],
  ['a nested object', { a: { b: { c: ['x@example.com'] } } }],
];

function expectJsonError(response: LightMyRequestResponse, status?: number, code?: ErrorCode) {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(isErrorCode(body.code), response.body).toBe(true);
  if (code !== undefined) expect(body.code, response.body).toBe(code);
  return body as { message: string; code: ErrorCode; errors?: Record<string, string> };
}

describe('bad input to the account endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
    t.app.inject({ method: 'POST', url, ...options });
  const postJson = (url: string, json: string) =>
    post(url, { headers: { 'content-type': 'application/json' }, payload: json });

  describe.each(allPostUrls)('POST %s', (url) => {
    it('answers malformed JSON with 400', async () => {
      for (const json of [
        '{',
        '{"email": "x@example.com",}',
        "{'email': 1}",
        'undefined',
        '{"a":1}{',
      ]) {
        const body = expectJsonError(await postJson(url, json), 400, 'BAD_REQUEST');
        expect(body.message).toBe('The request body is not valid JSON.');
      }
    });

    it('answers prototype-poisoning JSON with 400', async () => {
      expectJsonError(await postJson(url, '{"__proto__": {"isAdmin": true}}'), 400, 'BAD_REQUEST');
      expectJsonError(
        await postJson(url, '{"constructor": {"prototype": {"role": "admin"}}}'),
        400,
        'BAD_REQUEST',
      );
    });

    it('answers an empty body declared as JSON with 400', async () => {
      const body = expectJsonError(await postJson(url, ''), 400, 'BAD_REQUEST');
      expect(body.message).toBe('The request body is empty.');
    });

    it.each([
      ['text/plain', 'email=x@example.com'],
      ['application/x-www-form-urlencoded', 'email=x%40example.com&password=password123'],
      ['application/xml', '<email>x@example.com</email>'],
      ['application/vnd.api+json', '{}'],
    ])('answers content type %s with 415', async (contentType, payload) => {
      const response = await post(url, { headers: { 'content-type': contentType }, payload });
      const body = expectJsonError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(body.message).toBe('Unsupported content type. Send JSON (application/json).');
    });

    it('answers a multipart form with a 4xx JSON error', async () => {
      const response = await post(url, {
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--xyz--\r\n',
      });
      // 415 while no route takes multipart; 400 (not a JSON object) once a multipart parser exists.
      expectJsonError(response);
    });

    it('answers a body without a content type with 415', async () => {
      expectJsonError(
        await post(url, { payload: 'email=x@example.com' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('answers a body over 256 KB with 413 (string fields of 300 KB)', async () => {
      const huge = 'a'.repeat(300 * KB);
      const response = await post(url, {
        payload: { email: `${huge}@example.com`, password: huge, token: huge, firstName: huge },
      });
      const body = expectJsonError(response, 413, 'PAYLOAD_TOO_LARGE');
      expect(body.message).toBe('The request body is too large.');
    });

    it('answers a body over 256 KB with 413 even when it is not JSON', async () => {
      const response = await postJson(url, `{"email": "${'\\u0041'.repeat(60 * KB)}`);
      expectJsonError(response, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers a wrong Content-Length with 400', async () => {
      const response = await post(url, {
        headers: { 'content-type': 'application/json', 'content-length': '3' },
        payload: JSON.stringify({ email: 'x@example.com' }),
      });
      expectJsonError(response, 400, 'BAD_REQUEST');
    });
  });

  describe.each(endpointsWithBody)('POST $url', ({ url, fields }) => {
    it('answers a missing body with 400 "must be a JSON object"', async () => {
      const body = expectJsonError(await post(url), 400, 'VALIDATION');
      expect(body.message).toBe('The request body must be a JSON object.');
    });

    it.each([
      ['null', 'null'],
      ['a string', '"x@example.com"'],
      ['a number', '42'],
      ['a boolean', 'true'],
      ['an array', JSON.stringify([fields])],
    ])('answers a JSON body that is %s with 400', async (_case, json) => {
      const body = expectJsonError(await postJson(url, json), 400, 'VALIDATION');
      expect(body.message).toBe('The request body must be a JSON object.');
    });

    it('answers an empty object with 400 naming every field', async () => {
      const body = expectJsonError(await post(url, { payload: {} }), 400, 'VALIDATION');
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(Object.keys(fields).sort());
    });

    it.each(Object.keys(fields))('answers a wrong type in %s with 400 naming it', async (field) => {
      for (const [label, value] of wrongTypes) {
        const response = await post(url, { payload: { ...fields, [field]: value } });
        const body = expectJsonError(response, 400, 'VALIDATION');
        expect(body.errors?.[field], `${field} as ${label}`).toEqual(expect.any(String));
      }
    });

    it.each(Object.keys(fields))('answers a 10 KB %s with 400 naming it', async (field) => {
      const long = field === 'email' ? `${'a'.repeat(10 * KB)}@example.com` : 'a'.repeat(10 * KB);
      const payload =
        field === 'password' && 'confirmPassword' in fields
          ? { ...fields, password: long, confirmPassword: long }
          : { ...fields, [field]: long };
      const body = expectJsonError(await post(url, { payload }), 400, 'VALIDATION');
      expect(body.errors?.[field]).toEqual(expect.any(String));
    });

    it('answers every field at 10 KB with 400', async () => {
      const long = 'a'.repeat(10 * KB);
      const payload = Object.fromEntries(Object.keys(fields).map((field) => [field, long]));
      expectJsonError(await post(url, { payload }), 400, 'VALIDATION');
    });

    it('answers a deeply nested value with 400', async () => {
      let deep = '"x"';
      for (let level = 0; level < 5000; level += 1) deep = `{"a":${deep}}`;
      // The first field holds 5000 nested objects; the others are valid.
      const members = Object.entries(fields).map(
        ([field, value], index) => `"${field}":${index === 0 ? deep : JSON.stringify(value)}`,
      );
      expectJsonError(await postJson(url, `{${members.join(',')}}`), 400);
    });

    it('never answers 5xx to control characters, lone surrogates or odd Unicode in any field', async () => {
      const oddities = [
        '\u0000',
        'a\u0000b',
        '\ud800',
        'x\udfffy',
        '\u202e',
        '\r\n',
        '\uffff',
        '😀',
      ];
      for (const field of Object.keys(fields)) {
        for (const odd of oddities) {
          const value = field === 'email' ? `a${odd}b@example.com` : `password${odd}`;
          const response = await post(url, { payload: { ...fields, [field]: value } });
          expect(
            response.statusCode,
            `${field}=${JSON.stringify(value)}: ${response.body}`,
          ).toBeLessThan(500);
          expect(typeof response.json().message).toBe('string');
          if (response.statusCode >= 400) expect(isErrorCode(response.json().code)).toBe(true);
        }
      }
    });
  });

  describe('data stays intact after refused input', () => {
    let member: SignupFields;
    beforeAll(async () => {
      member = await signUpAndVerify(t);
    });

    it('does not change an account when sign-up, login and resets get junk for its e-mail', async () => {
      const before = await findUser(t, member.email);
      const junk = [
        { email: member.email, password: 42, firstName: [], lastName: null },
        { email: member.email, password: 'x'.repeat(10 * KB), firstName: 'A', lastName: 'B' },
        {
          email: member.email,
          token: { $ne: null },
          password: 'password123',
          confirmPassword: 'password123',
        },
      ];
      for (const url of bodyUrls) {
        for (const payload of junk) {
          const response = await post(url, { payload });
          expect(response.statusCode).toBeLessThan(500);
        }
      }
      const after = await findUser(t, member.email);
      expect(after?.passwordHash).toBe(before?.passwordHash);
      expect(after?.firstName).toBe(before?.firstName);
      expect(after?.role).toBe('user');
      const login = await post('/api/auth/login', {
        payload: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('treats SQL-looking input as plain data', async () => {
      const response = await post('/api/auth/login', {
        payload: { email: 'x@example.com', password: "' or '1'='1" },
      });
      expectJsonError(response, 401, 'INVALID_CREDENTIALS');
      const signup = await post('/api/auth/signup', {
        payload: {
          email: uniqueEmail('sql'),
          password: 'password123',
          firstName: "Robert'); drop table users;--",
          lastName: 'Tables',
        },
      });
      expect(signup.statusCode).toBe(201);
      expect((await t.database.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(1);
    });
  });

  describe('GET /api/auth/verify-email with odd query strings', () => {
    it.each([
      ['a repeated token', '?token=a&token=b'],
      ['a 10 KB token', `?token=${'a'.repeat(10 * KB)}`],
    ])('answers %s with 400 JSON', async (_case, query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${query}` });
      expectJsonError(response, 400);
    });

    it.each([
      ['broken percent-encoding', '?token=%ZZ%'],
      ['a NUL byte', '?token=%00'],
      ['bracket syntax', '?token[]=x&token[a]=y'],
      ['an unrelated parameter', '?nope=1'],
    ])('redirects %s to the verification page, which refuses it there', async (_case, query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${query}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/verify-email\?token=[\w%.~-]*$/);
    });
  });

  describe('GET /api/auth/user with odd cookies', () => {
    it.each([
      ['broken percent-encoding', 'pw_session=%E0%A4%A'],
      ['an empty cookie list', ';;=;'],
      ['a huge cookie', `pw_session=${'a'.repeat(8 * KB)}`],
      ['a signature only', 'pw_session=.abc'],
      ['a second session cookie', 'pw_session=a.b; pw_session=c.d'],
    ])('answers 401 JSON for %s', async (_case, cookie) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie },
      });
      const body = expectJsonError(response, 401, 'UNAUTHORIZED');
      expect(body.message).toContain('Unauthorized');
    });
  });

  describe('wrong methods', () => {
    it.each([
      ['GET', '/api/auth/login'],
      ['PUT', '/api/auth/signup'],
      ['DELETE', '/api/auth/logout'],
      ['PATCH', '/api/auth/reset-password'],
      ['POST', '/api/auth/user'],
    ] as const)('answers %s %s with a 4xx JSON error', async (method, url) => {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expectJsonError(response);
    });
  });
});
