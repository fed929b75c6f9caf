import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contests, users } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { sessionSetCookie } from '#server/testing/auth-helpers.ts';
import { request, seedContest, seedUser } from '#server/testing/seed.ts';
import {
  expectSafeAnswer,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  hostileStringCases,
  type HostileStringLabel,
} from './hostile-values.ts';
import { createAppWithRoutes, isUnsafe, pathOf, validBody, type Route } from './route-table.ts';

/**
 * Every route the app registers, called as an admin (so input reaches validation) and as a
 * stranger, with input no honest client sends. The route list comes from the app itself, so a new
 * route is fuzzed without anyone adding it here. Each answer must keep `expectSafeAnswer`.
 */

// Built at collection time: the routes name the tests.
const { t, routes } = await createAppWithRoutes();
afterAll(() => t.close());

const callers = ['admin', 'anonymous'] as const;
type Caller = (typeof callers)[number];

/**
 * The user and contest the route parameters name: each test has its own, so one test's
 * deletions never shape another's.
 */
async function fixture() {
  const owner = await seedUser(t);
  return { userId: owner.id, contestId: (await seedContest(t.database, owner)).id };
}

/**
 * Sends a test's requests as `who`. An answer that ends the admin's session (logout accepts any
 * body) brings a new admin, so every probe of an admin test is sent signed in.
 */
function sender(who: Caller) {
  const signIn = async () => (who === 'admin' ? seedUser(t, 'admin') : undefined);
  let as = signIn();
  return async (options: Parameters<typeof request>[2]) => {
    const response = await request(t, await as, options);
    if (sessionSetCookie(response)?.startsWith(`${SESSION_COOKIE}=;`)) as = signIn();
    return response;
  };
}

const BODY_FIELDS = Object.keys(validBody());
/** Fields holding free text (passwords and tokens too): everything but e-mail, dates, flags. */
const TEXT_FIELDS = BODY_FIELDS.filter(
  (field) =>
    !['email', 'endDate', 'maxEntries', 'isActive', 'role', 'winnersCount', 'count', 'p'].includes(
      field,
    ),
);

type Probe = {
  label: string;
  build: () => { headers?: Record<string, string>; payload?: string | object };
  /** Input no route may accept (it cannot even be parsed): a 4xx is required, not just no 5xx. */
  refused?: boolean;
  /** The routes that read this input after all (the entry page's plain form reads forms). */
  readBy?: (route: Route) => boolean;
};

/** The one route that reads a form: the entry page's form without JavaScript. */
const readsPlainForms = (route: Route) => route.method === 'POST' && route.url === '/c/:contestId';

const KB = 1024;
const rawJson = (label: string, payload: string, refused = false): Probe => ({
  label,
  refused,
  build: () => ({ headers: { 'content-type': 'application/json' }, payload }),
});
const nested = (levels: number, open: string, close: string) =>
  `${open.repeat(levels)}1${close.repeat(levels)}`;
const DEEP_OBJECT = nested(10_000, '{"a":', '}');
const DEEP_ARRAY = nested(10_000, '[', ']');
const withFields = (fields: string[], value: (field: string) => unknown) => () => ({
  payload: { ...validBody(), ...Object.fromEntries(fields.map((field) => [field, value(field)])) },
});
/** Halves of the field list: every field 10,000 levels deep at once would pass the body limit. */
const fieldHalves = [
  BODY_FIELDS.slice(0, BODY_FIELDS.length / 2),
  BODY_FIELDS.slice(BODY_FIELDS.length / 2),
];

const EMAIL_SAMPLE: HostileStringLabel[] = [
  'a NUL character',
  'lone surrogates',
  'an SQL drop',
  'a script break-out',
];

const bodyProbes: Probe[] = [
  ...['{', '{"email": "x@example.com",}', '{"a":"\\u00zz"}'].map((raw) =>
    rawJson(`malformed JSON ${raw}`, raw, true),
  ),
  rawJson('prototype poisoning', '{"__proto__":{"role":"admin"}}', true),
  rawJson('an empty JSON body', '', true),
  { label: 'no body at all', build: () => ({}) },
  { label: 'an empty object', build: () => ({ payload: {} }) },
  ...['null', '"text"', '[]'].map((raw) => rawJson(`the JSON body ${raw}`, raw)),
  ...[42, true, null, [], { $ne: null }].map((value): Probe => ({
    label: `every field ${JSON.stringify(value)}`,
    build: withFields(BODY_FIELDS, () => value),
  })),
  ...hostileStringCases.map(([label, value]): Probe => ({
    label: `${label} in every text field`,
    build: withFields(TEXT_FIELDS, () => value),
  })),
  // The e-mail has one validator whatever the route: a sample of the strings is enough.
  ...EMAIL_SAMPLE.map((label): Probe => ({
    label: `${label} in the e-mail`,
    build: withFields(['email'], () => `${HOSTILE_STRINGS[label]}@example.com`),
  })),
  {
    label: 'a 300 KB field',
    refused: true,
    build: withFields(['name'], () => 'a'.repeat(300 * KB)),
  },
  rawJson('300 KB that is not JSON', `{"name": "${'\\u0041'.repeat(50 * KB)}`, true),
  rawJson('an object 10,000 levels deep', DEEP_OBJECT),
  rawJson('an array 10,000 levels deep', DEEP_ARRAY),
  ...fieldHalves.map((fields, half) =>
    rawJson(
      `half ${half + 1} of the fields 10,000 levels deep`,
      `{${fields.map((field) => `"${field}":${DEEP_ARRAY}`).join(',')}}`,
    ),
  ),
  ...['text/plain', 'application/xml', 'application/x-www-form-urlencoded'].map((type): Probe => ({
    label: `content type ${type}`,
    refused: true,
    readBy: type === 'application/x-www-form-urlencoded' ? readsPlainForms : undefined,
    build: () => ({ headers: { 'content-type': type }, payload: 'name=x&email=x@example.com' }),
  })),
  {
    label: 'a multipart form without the CSV file',
    refused: true,
    build: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--xyz--\r\n',
    }),
  },
];

const QUERY_FIELDS = ['search', 'limit', 'offset', 'cursor', 'token'];
const queryWith = (value: string) =>
  new URLSearchParams(QUERY_FIELDS.map((field) => [field, value])).toString();
const queryProbes: { label: string; query: string }[] = [
  ...hostileStringCases.map(([label, value]) => ({ label, query: queryWith(value) })),
  { label: 'numbers out of range', query: 'limit=-1&offset=1e309&cursor=1e309_x' },
  { label: 'repeated parameters', query: 'search=a&search=b&limit=1&limit=2&token=a&token=b' },
  { label: 'bracket syntax', query: 'search[]=a&limit[a]=1&token[$ne]=x' },
  { label: 'broken percent-encoding', query: 'search=%ZZ&token=%E0%A4%A&limit=%' },
  { label: 'an encoded lone surrogate', query: 'search=%ED%A0%80&token=%ED%A0%80' },
  { label: '10 KB values', query: queryWith('a'.repeat(10 * KB)) },
];

const unsafeRoutes = routes.filter(isUnsafe);
const getRoutes = routes.filter((route) => !isUnsafe(route));
const routesWithIds = routes.filter((route) => route.url.includes(':'));

describe('hostile input to every route', () => {
  it('finds the routes of the app', () => {
    expect(unsafeRoutes.length).toBeGreaterThan(20);
    expect(getRoutes.length).toBeGreaterThan(10);
    expect(routesWithIds.length).toBeGreaterThan(10);
  });

  it('knows a valid value for every field a route requires', async () => {
    // An empty body makes each route name its required fields: a field this suite does not know
    // would otherwise never be fuzzed with text.
    const fx = await fixture();
    const send = sender('admin');
    for (const route of unsafeRoutes) {
      const response = await send({
        method: route.method,
        url: pathOf(route, fx),
        payload: {},
      });
      const { errors } = (response.body ? response.json() : {}) as { errors?: object };
      const named = Object.keys(errors ?? {});
      expect(
        named.filter((field) => !BODY_FIELDS.includes(field)),
        `${route.method} ${route.url}`,
      ).toEqual([]);
    }
  });

  describe.each(unsafeRoutes)('$method $url', (route) => {
    it.each(callers)('answers hostile bodies safely, as %s', async (who) => {
      const fx = await fixture();
      const send = sender(who);
      for (const probe of bodyProbes) {
        const response = await send({
          method: route.method,
          url: pathOf(route, fx),
          ...probe.build(),
        });
        expectSafeAnswer(response, `${who}: ${probe.label}`, {
          refused: probe.refused && !probe.readBy?.(route),
        });
      }
    });
  });

  describe.each(getRoutes)('$method $url', (route) => {
    it.each(callers)('answers hostile query strings safely, as %s', async (who) => {
      const fx = await fixture();
      const send = sender(who);
      for (const probe of queryProbes) {
        const response = await send({
          method: 'GET',
          url: `${pathOf(route, fx)}?${probe.query}`,
        });
        expectSafeAnswer(response, `${who}: ${probe.label}`);
      }
    });
  });

  describe.each(routesWithIds)('$method $url', (route) => {
    it.each(callers)('refuses hostile ids, as %s', async (who) => {
      const fx = await fixture();
      const send = sender(who);
      for (const id of HOSTILE_IDS) {
        const response = await send({
          method: route.method,
          url: pathOf(route, fx, id),
          // A valid body: the id is the only thing wrong.
          ...(route.method === 'GET' ? {} : { payload: validBody() }),
        });
        expectSafeAnswer(response, `${who}: ${id.slice(0, 80)}`, { refused: true });
      }
    });
  });

  it('stored the SQL payloads as plain text, the tables intact', async () => {
    const db = t.database.db;
    const [userCount] = await db.select({ value: count() }).from(users);
    expect(userCount!.value).toBeGreaterThan(0);
    for (const payload of [HOSTILE_STRINGS['an SQL tautology'], HOSTILE_STRINGS['an SQL drop']]) {
      const [stored] = await db
        .select({ value: count() })
        .from(contests)
        .where(eq(contests.title, payload));
      expect(stored!.value, payload).toBeGreaterThan(0);
    }
  });
});
