import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  requestPasswordReset,
  signUp,
  signupFields,
  signUpAndVerify,
  uniqueEmail,
} from '#server/testing/auth-helpers.ts';
import {
  CLIENT_INDEX_HTML,
  makeClientBuild,
  scriptTagCount,
} from '#server/testing/client-build.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';
import {
  EXECUTABLE_MARKUP,
  expectSafeAnswer,
  HOSTILE_IDS,
  MARKUP_NAMES,
} from './hostile-values.ts';

/**
 * Names and texts people type are stored as given and shown as text wherever the server writes
 * them out itself: the server-rendered entry page, the CSV export and the e-mails. The dashboard
 * and the wheel are React components (text is escaped by React) fed by JSON answers, which are
 * sent as application/json with `nosniff`, so a browser never reads them as a page.
 */

/** The five entities the server's escaping and React's produce, back to the characters. */
function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_match, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_match, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * Text that String#replace reads as a pattern in a replacement string (`$'` is everything after
 * the match), and markup that ends a script or opens a comment.
 */
const TEMPLATE_SPECIALS = ["$'", '$`', '$&', '$$$', '</script>', '<!--'];

/**
 * What a spreadsheet would run as a formula must arrive as text
 * (docs/product.md#csv-import-and-export).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('stored names render as text', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  async function createContest(fields: Record<string, string>): Promise<OwnerContest> {
    const response = await request(t, owner, {
      method: 'POST',
      url: '/api/contests',
      payload: contestBody(fields),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OwnerContest>();
  }

  describe('the public entry page, rendered on the server', () => {
    it.each(MARKUP_NAMES)('shows %s in every field as text', async (markup) => {
      const texts = {
        title: `Win ${markup}`,
        description: `About ${markup}`,
        prizeDetails: `Prize ${markup}`,
        prizeValue: markup.slice(0, 50),
        confirmationMessage: `Thanks ${markup}`,
      };
      const contest = await createContest(texts);
      const response = await request(t, undefined, { method: 'GET', url: `/c/${contest.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const html = response.body;

      expect(html).not.toMatch(EXECUTABLE_MARKUP);
      // The template's own script plus the JSON data block, nothing more.
      expect(scriptTagCount(html)).toBe(scriptTagCount(CLIENT_INDEX_HTML) + 1);
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      expect(decodeEntities(title ?? '')).toBe(`${texts.title} – Prizewheel`);
      for (const content of html.matchAll(/<meta [^>]*content="([^"]*)"/g)) {
        expect(content[1]).not.toMatch(/[<>]/);
      }

      const data = html.match(
        /<script type="application\/json" id="contest-data">(.*?)<\/script>/s,
      );
      expect(data?.[1]).toBeDefined();
      // Not one '<' inside the block: no way to close the script tag early.
      expect(data![1]).not.toContain('<');
      expect(JSON.parse(data![1]!)).toMatchObject(texts);
    });

    it.each(TEMPLATE_SPECIALS)('keeps %j verbatim in every field and in the data', async (text) => {
      const texts = {
        title: text,
        description: text,
        prizeDetails: text,
        prizeValue: text,
        confirmationMessage: text,
      };
      const contest = await createContest(texts);
      const response = await request(t, undefined, { method: 'GET', url: `/c/${contest.id}` });
      expect(response.statusCode).toBe(200);
      const html = response.body;

      // The template's landmarks each once: nothing was copied or cut out around them.
      for (const landmark of ['<title>', '</head>', '<div id="root">', '</body>', '</html>']) {
        expect(html.split(landmark), landmark).toHaveLength(2);
      }
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      expect(decodeEntities(title ?? '')).toBe(`${text} – Prizewheel`);
      const ogTitle = html.match(/<meta property="og:title" content="([^"]*)"/)?.[1];
      expect(decodeEntities(ogTitle ?? '')).toBe(text);

      const page = html.match(
        /<div id="root">(.*)<\/div>\s*<script type="application\/json" id="contest-data">(.*?)<\/script>\s*<\/body>/s,
      );
      expect(page, html).not.toBeNull();
      const [, rendered, data] = page!;
      // React separates adjacent text with an empty comment; the text itself is escaped.
      expect(decodeEntities(rendered!.replaceAll('<!-- -->', ''))).toContain(`${text} (${text})`);
      const publicView = await request(t, undefined, {
        method: 'GET',
        url: `/api/contests/${contest.id}`,
      });
      expect(JSON.parse(data!)).toEqual(publicView.json());
      expect(JSON.parse(data!)).toMatchObject(texts);
    });

    it('answers hostile ids with the plain page or a 4xx, never echoing them', async () => {
      for (const id of HOSTILE_IDS) {
        const response = await request(t, undefined, { method: 'GET', url: `/c/${id}` });
        const where = `${id.slice(0, 80)} -> ${response.statusCode}`;
        expect(response.statusCode, where).toBeLessThan(500);
        // A literal ../ leaves /c/ (URLs resolve dot segments) and lands on the client's page.
        if (response.statusCode === 200) expect(response.body, where).toBe(CLIENT_INDEX_HTML);
        else expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.body, where).not.toMatch(EXECUTABLE_MARKUP);
      }
    });
  });

  describe('the CSV export', () => {
    const enter = (contestId: string, name: string, email: string) =>
      request(t, undefined, {
        method: 'POST',
        url: `/api/contests/${contestId}/entries`,
        payload: { name, email },
      });

    it('holds markup as text and neutralises formulas entered through the public form', async () => {
      const contest = await createContest({});
      const names = [
        ...MARKUP_NAMES,
        // Without a web address: a name holding one is refused at entry (decision 028).
        '=HYPERLINK("evil.example","click me")',
        '+1 555 0100',
        '-2+3',
        '@SUM(A1:A2)',
        '\t=1+1',
        '\r=2+2',
      ];
      const entered = new Map<string, string>();
      for (const name of names) {
        const email = uniqueEmail('export');
        const response = await enter(contest.id, name, email);
        expect(response.statusCode, response.body).toBe(201);
        entered.set(email, response.json<{ name: string }>().name);
      }
      // An address may start with + or - too.
      for (const email of [`-${uniqueEmail('minus')}`, `+${uniqueEmail('plus')}`]) {
        expect((await enter(contest.id, 'Plain Name', email)).statusCode).toBe(201);
        entered.set(email, 'Plain Name');
      }

      const response = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/export`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');

      const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(entered.size);
      const asText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
      for (const row of rows) {
        for (const cell of [row.name!, row.email!]) expect(cell).not.toMatch(FORMULA_START);
      }
      const exported = new Map(rows.map((row) => [row.email!, row.name!]));
      for (const [email, name] of entered) expect(exported.get(asText(email))).toBe(asText(name));
      for (const markup of MARKUP_NAMES) {
        expect(rows.some((row) => row.name === markup)).toBe(true);
      }
    });

    it('cannot inject a header through the contest title in the file name', async () => {
      const contest = await createContest({ title: 'Evil"\r\nSet-Cookie: pwned=1; x="' });
      const response = await request(t, owner, {
        method: 'GET',
        url: `/api/contests/${contest.id}/entries/export`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(disposition.match(/"/g)).toHaveLength(2);
    });
  });

  describe('e-mails', () => {
    it('escape the HTML first name in the verification and both reset mails', async () => {
      const [firstName, lastName] = MARKUP_NAMES as [string, string];
      const member = await signUpAndVerify(t, { firstName, lastName });
      await requestPasswordReset(t, member.email, 'link');
      await requestPasswordReset(t, member.email, 'token');

      const mails = await mailsTo(t, member.email);
      expect(mails.map((mail) => mail.subject)).toHaveLength(3);
      for (const mail of mails) {
        expect(mail.html, mail.subject).not.toMatch(EXECUTABLE_MARKUP);
        expect(mail.html, mail.subject).toContain('Hi &lt;img src=x onerror=alert(1)&gt;,');
        expect(mail.subject).not.toMatch(/[<>]/);
        // The plain-text part is text by nature: the name stands there as typed.
        expect(mail.text).toContain(`Hi ${firstName},`);
      }
    });

    it('refuses line breaks in a name, so none can reach a mail header or layout', async () => {
      const response = await signUp(t, signupFields({ firstName: 'Eve\r\nBcc: all@evil.example' }));
      expectSafeAnswer(response, 'a name with CRLF', { refused: true });
      expect(response.json()).toMatchObject({ errors: { firstName: expect.any(String) } });
    });
  });
});
