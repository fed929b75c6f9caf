import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { contestPicks, prizeClaims, type contests, type Contest } from '#server/db/schema.ts';
import { linkIn, mailsTo } from '#server/testing/auth-helpers.ts';
import { makeClientBuild, scriptTagCount } from '#server/testing/client-build.ts';
import { addEntries, drawApi, expectOk, fans, picksOf } from '#server/testing/draw-api.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from '#server/testing/test-app.ts';
import { claimMessages } from '#shared/contracts/claims.ts';
import type { DrawRecord } from '#shared/contracts/draws.ts';

/**
 * The claim link's page (docs/product.md#claims): rendered on the server with no script of the
 * app, it shows the place, the prize and the deadline, and its plain forms claim, ask before
 * declining, and decline. Opening the link changes nothing.
 */

const CLAIM_PATH = '/claim';
const FORM = 'application/x-www-form-urlencoded';

/** React writes an apostrophe as &#x27;: the text as it appears in the page's HTML. */
const inHtml = (text: string) => text.replaceAll("'", '&#x27;');

/** The page's forms, each as one string. */
const formsIn = (html: string) => html.match(/<form[^>]*>[\s\S]*?<\/form>/g) ?? [];
/** The page's form that sends `action`, or undefined. */
const formFor = (html: string, action: string) =>
  formsIn(html).find((form) => form.includes(`name="action" value="${action}"`));
/** The element with this id, as its opening tag (and a textarea's text). */
const control = (html: string, id: string) =>
  new RegExp(`<(input|textarea)[^>]*id="${id}"[^>]*>([^<]*)`).exec(html)?.[0];

describe('the claim link’s page', () => {
  let t: TestApp;
  let owner: SeededUser;
  let api: ReturnType<typeof drawApi>;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    api = drawApi(t);
  });
  afterAll(() => t.close());

  /** A drawn contest, its places filled; the token of the winner at `position`. */
  async function drawn(
    overrides: Partial<typeof contests.$inferInsert> = {},
    { entries = 3, position = 1 } = {},
  ) {
    const contest = await seedContest(t.database, owner, overrides);
    await addEntries(t, contest, fans(entries));
    const record = expectOk<DrawRecord>(await api.drawPlaces(owner, contest.id));
    const email = await winnerEmail(contest.id, position);
    const notice = (await mailsTo(t, email)).findLast((mail) => mail.purpose === 'winner-notice')!;
    const token = new URL(linkIn(notice.text, CLAIM_PATH)).searchParams.get('token')!;
    return { contest, record, email, notice, token };
  }

  async function winnerEmail(contestId: string, position: number) {
    const [row] = await queryRows<{ email: string }>(
      t.database.db,
      sql`select e.email from contest_picks p join contest_entries e on e.id = p.entry_id
        where p.contest_id = ${contestId} and p.position = ${position} and p.status = 'winner'`,
    );
    return row!.email;
  }

  const claimStatusAt = async (contest: Contest, p = 1) =>
    (await picksOf(t, contest.id)).find((pick) => pick.p === p)!.claimStatus;

  const openLink = (token: string, method: 'GET' | 'HEAD' = 'GET') =>
    request(t, undefined, { method, url: `${CLAIM_PATH}?token=${encodeURIComponent(token)}` });

  /** A form of the page as a browser posts it: from the app's own origin unless told otherwise. */
  const postForm = (fields: Record<string, string>, origin: string | null = TEST_APP_URL) =>
    request(t, undefined, {
      method: 'POST',
      url: CLAIM_PATH,
      headers: { 'content-type': FORM, ...(origin ? { origin } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
  const accept = (token: string, fields: Record<string, string>) =>
    postForm({ token, action: 'accept', ...fields });
  const validFields = { fullName: 'Fan Zero', eligible: 'yes' };

  function expectPage(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    // The URL holds the token: no Referer carries it (strict-origin sends the origin only).
    expect(response.headers['referrer-policy']).toBe('strict-origin');
  }

  /** A page that no longer claims: its message, no form, and no script. */
  function expectRefusal(response: LightMyRequestResponse, status: number, message: string) {
    expectPage(response, status);
    expect(response.body).toContain(inHtml(message));
    expect(formsIn(response.body)).toEqual([]);
    expect(scriptTagCount(response.body)).toBe(0);
  }

  describe('opened', () => {
    it('shows the place, the prize, the deadline as the mail gives it, and the form', async () => {
      const { contest, token, notice, record } = await drawn({
        title: 'Kettlebell <Week> & "Co"',
        winnersCount: 2,
      });
      const page = await openLink(token);
      expectPage(page, 200);
      expect(page.body).toContain('<title>Claim your prize – Prizewheel</title>');
      expect(page.body).toContain('Kettlebell &lt;Week&gt; &amp; &quot;Co&quot;');
      expect(page.body).toContain('You won 1st place!');
      expect(page.body).toContain(contest.prizeDetails);
      // The same absolute time as the notice's, and the time left as of the page's rendering.
      const deadline = /Claim by (\w+day, \d+ \w+ \d{4} at \d\d:\d\d UTC)\./.exec(notice.text)![1]!;
      expect(page.body).toContain(`Claim by <strong class="font-bold">${deadline}</strong>`);
      const isoDeadline = record.picks.find((pick) => pick.position === 1)!.claim!.deadline!;
      expect(page.body).toMatch(
        new RegExp(`data-claim-deadline="${isoDeadline}"[^>]*>(2d 23h|3d 0h) left<`),
      );
      expect(page.body).toContain(`href="/c/${contest.id}/draw"`);

      // The claim form: a name and two boxes, no address for a prize that is not shipped.
      const form = formFor(page.body, 'accept')!;
      expect(form).toMatch(/<form[^>]*action="\/claim" method="post"/);
      expect(form).toContain(`<input type="hidden" name="token" value="${token}"/>`);
      expect(control(form, 'claim-full-name')).toContain('name="fullName"');
      expect(control(form, 'claim-delivery-address')).toBeUndefined();
      expect(control(form, 'claim-eligible')).toMatch(/type="checkbox"[^>]*name="eligible"/);
      expect(control(form, 'claim-eligible')).toContain('required');
      expect(control(form, 'claim-publicity')).toMatch(/name="publicityConsent"/);
      expect(form).toContain('You may announce my name as a winner');
      expect(form).toContain('Accept the prize');
      expect(formFor(page.body, 'decline')).toContain('Decline the prize');
      // One small script of our own (the countdown): the app's is never loaded here.
      expect(scriptTagCount(page.body)).toBe(1);
      expect(page.body).toContain('<script src="/claim-page.js" defer></script>');
    });

    it('changes nothing, however many times and by whom', async () => {
      const { contest, token } = await drawn();
      const opened = await Promise.all([
        ...Array.from({ length: 5 }, () => openLink(token)),
        openLink(token, 'HEAD'),
      ]);
      for (const response of opened) expect(response.statusCode).toBe(200);
      expect(await claimStatusAt(contest)).toBe('pending');
    });

    it('says "You won!" for a contest of one winner, and asks a shipped prize’s address', async () => {
      const { token } = await drawn({ prizeDelivery: 'shipping' });
      const page = await openLink(token);
      expect(page.body).toContain('You won!');
      expect(page.body).not.toContain('1st place');
      const address = control(page.body, 'claim-delivery-address')!;
      expect(address).toMatch(/^<textarea[^>]*name="deliveryAddress"[^>]*required/);
    });
  });

  describe('the claim form', () => {
    it('answers errors next to their fields, keeping what was typed, and claims nothing', async () => {
      const { contest, token } = await drawn({ prizeDelivery: 'shipping' });
      const refused = await accept(token, {
        fullName: '  ',
        deliveryAddress: '<b>',
        publicityConsent: 'yes',
      });
      expectPage(refused, 400);
      const { body } = refused;
      expect(body).toContain('Your claim was not sent: check the fields marked below.');
      expect(body).toMatch(/id="claim-full-name-message" role="alert"[^>]*>Full name is required</);
      expect(body).toMatch(
        /id="claim-delivery-address-message" role="alert"[^>]*>Delivery address must be at least 5 characters</,
      );
      expect(body).toMatch(
        /id="claim-eligible-message" role="alert"[^>]*>Confirm that you are eligible to win</,
      );
      expect(control(body, 'claim-full-name')).toContain('aria-invalid="true"');
      expect(control(body, 'claim-full-name')).toContain('value="  "');
      expect(control(body, 'claim-delivery-address')).toMatch(/>&lt;b&gt;$/);
      expect(control(body, 'claim-eligible')).not.toContain('checked');
      expect(control(body, 'claim-publicity')).toContain('checked');
      expect(await claimStatusAt(contest)).toBe('pending');
    });

    it('sends no address for a prize that is not shipped, even when one is posted', async () => {
      const { contest, token } = await drawn({ prizeDelivery: 'digital' });
      // A field the page does not show is not sent on: the claim goes through without it.
      const claimed = await accept(token, { ...validFields, deliveryAddress: '1 Gym Street' });
      expectPage(claimed, 200);
      const [row] = await t.database.db
        .select()
        .from(prizeClaims)
        .where(eq(prizeClaims.contestId, contest.id));
      expect(row).toMatchObject({ fullName: 'Fan Zero', deliveryAddress: null });
    });

    it('claims once: the page says so and what happens next, and so does the link after', async () => {
      const { contest, token } = await drawn({ prizeDelivery: 'shipping' });
      const address = '<img src=x onerror=alert(1)>\n1 Gym Street, Leeds';
      const claimed = await accept(token, {
        ...validFields,
        deliveryAddress: address,
        publicityConsent: 'yes',
      });
      expectPage(claimed, 200);
      expect(claimed.body).toContain('<title>Prize claimed – Prizewheel</title>');
      expect(claimed.body).toContain('Prize claimed');
      expect(claimed.body).toContain('What happens next');
      expect(claimed.body).toContain('The owner will send the prize to the address you gave.');
      expect(claimed.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(claimed.body).not.toContain('<img');
      expect(formsIn(claimed.body)).toEqual([]);
      expect(scriptTagCount(claimed.body)).toBe(0);
      expect(await claimStatusAt(contest)).toBe('claimed');
      const [row] = await t.database.db
        .select()
        .from(prizeClaims)
        .where(and(eq(prizeClaims.contestId, contest.id), eq(prizeClaims.p, 1)));
      expect(row).toMatchObject({
        fullName: 'Fan Zero',
        deliveryAddress: address,
        publicityConsent: true,
      });

      // Posted again (a reload) or opened again: claimed, with no form and nothing changed.
      for (const again of [await accept(token, validFields), await openLink(token)]) {
        expectPage(again, 200);
        expect(again.body).toContain('You have claimed this prize: it is yours.');
        expect(formsIn(again.body)).toEqual([]);
      }
      const rows = await t.database.db
        .select()
        .from(prizeClaims)
        .where(eq(prizeClaims.contestId, contest.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('declining', () => {
    it('asks first, without changing anything, then declines with the step’s button', async () => {
      const { contest, token, email } = await drawn({ winnersCount: 1 }, { entries: 3 });
      const asked = await postForm({ token, action: 'decline' });
      expectPage(asked, 200);
      expect(asked.body).toContain('<title>Decline the prize? – Prizewheel</title>');
      expect(asked.body).toMatch(/<h1[^>]*>Decline the prize\?<\/h1>/);
      expect(formFor(asked.body, 'accept')).toBeUndefined();
      const step = formFor(asked.body, 'decline-confirmed')!;
      expect(step).toContain(`value="${token}"`);
      expect(step).toContain('Decline the prize');
      // The way back is the link itself.
      expect(asked.body).toContain(`href="/claim?token=${token}"`);
      expect(await claimStatusAt(contest)).toBe('pending');

      const declined = await postForm({ token, action: 'decline-confirmed' });
      expectPage(declined, 200);
      expect(declined.body).toContain('<title>Prize declined – Prizewheel</title>');
      expect(declined.body).toContain(
        'You declined this prize. If any entry is left, the next one',
      );
      expect(declined.body).toContain(`href="/c/${contest.id}/draw"`);
      expect(formsIn(declined.body)).toEqual([]);
      expect(await claimStatusAt(contest)).toBe('declined');
      // The next entry drawn took the place.
      expect(await winnerEmail(contest.id, 1)).not.toBe(email);

      // The link is dead now: opened, or any of its forms posted again.
      expectRefusal(await openLink(token), 410, claimMessages.declined);
      expectRefusal(await accept(token, validFields), 410, claimMessages.declined);
      expectRefusal(await postForm({ token, action: 'decline' }), 410, claimMessages.declined);
    });

    it('is also offered in the claim page itself, for the script to ask in place', async () => {
      const { token } = await drawn();
      const page = await openLink(token);
      expect(page.body).toMatch(/<div hidden="" data-decline-step="">/);
      expect(formFor(page.body, 'decline-confirmed')).toContain(`value="${token}"`);
      expect(page.body).toMatch(/<button[^>]*data-decline-cancel=""[^>]*>Cancel<\/button>/);
    });
  });

  describe('a link that no longer claims', () => {
    it('after the deadline: too late, with the way to the draw record (410)', async () => {
      const { contest, token } = await drawn();
      await t.database.db
        .update(contestPicks)
        .set({ claimDeadline: sql`clock_timestamp() - interval '1 second'` as unknown as Date })
        .where(and(eq(contestPicks.contestId, contest.id), eq(contestPicks.p, 1)));
      const page = await openLink(token);
      expectRefusal(page, 410, claimMessages.expired);
      expect(page.body).toContain('Too late to claim');
      expect(page.body).toContain(contest.title);
      expect(page.body).toContain(`href="/c/${contest.id}/draw"`);
      expectRefusal(await accept(token, validFields), 410, claimMessages.expired);
      expect(await claimStatusAt(contest)).not.toBe('claimed');
    });

    it('once the owner disqualified the winner: dead (410)', async () => {
      const { contest, token } = await drawn({}, { entries: 4 });
      expectOk(await api.disqualifyCurrent(owner, contest.id, 1, { reason: 'Broke the rules' }));
      expectRefusal(await openLink(token), 410, claimMessages.dead);
      expectRefusal(await accept(token, validFields), 410, claimMessages.dead);
    });

    it.each([
      ['an unknown token', 'A'.repeat(43)],
      ['a malformed token', '../../etc'],
      ['no token', ''],
    ])('%s: not valid (404), with the way home', async (_what, token) => {
      const opened = await openLink(token);
      expectRefusal(opened, 404, claimMessages.unknown);
      expect(opened.body).toContain('href="/"');
      expectRefusal(await accept(token, validFields), 404, claimMessages.unknown);
      expectRefusal(
        await postForm({ token, action: 'decline-confirmed' }),
        404,
        claimMessages.unknown,
      );
    });
  });

  it('answers odd forms with a page, never a failure, and claims nothing', async () => {
    const { contest, token } = await drawn();
    const send = (payload: string, contentType = FORM) =>
      request(t, undefined, {
        method: 'POST',
        url: CLAIM_PATH,
        headers: { 'content-type': contentType, origin: TEST_APP_URL },
        payload,
      });
    // No action, or one the page does not have: the place as it stands, nothing done.
    expectPage(await send(new URLSearchParams({ token }).toString()), 200);
    expectPage(await send(new URLSearchParams({ token, action: 'steal' }).toString()), 200);
    // JSON is no form: its values are not read as fields.
    const json = await send(
      JSON.stringify({ token: [token], action: 'accept' }),
      'application/json',
    );
    expectRefusal(json, 404, claimMessages.unknown);
    // Repeated fields: the first counts; a NUL in a name is refused beside the field.
    const repeated = await send(
      `token=${token}&token=x&action=accept&action=decline-confirmed&fullName=A%00B&eligible=yes`,
    );
    expectPage(repeated, 400);
    expect(repeated.body).toContain('Contains a character that is not allowed');
    // Far longer than the form's fields allow.
    const huge = await send(
      new URLSearchParams({ token, fullName: 'x'.repeat(20_000) }).toString(),
    );
    expect(huge.statusCode).toBe(413);
    expect(await claimStatusAt(contest)).toBe('pending');
  });

  it('refuses a form posted from another site (403), and claims nothing', async () => {
    const { contest, token } = await drawn();
    for (const origin of ['http://evil.example', 'null']) {
      const response = await postForm({ token, action: 'accept', ...validFields }, origin);
      expect(response.statusCode, origin).toBe(403);
      const decline = await postForm({ token, action: 'decline-confirmed' }, origin);
      expect(decline.statusCode, origin).toBe(403);
    }
    expect(await claimStatusAt(contest)).toBe('pending');
  });

  it('changes nothing without the built client, which the page needs', async () => {
    const { contest, token } = await drawn();
    const bare = await createTestApp({ database: t.database });
    try {
      const posted = await bare.app.inject({
        method: 'POST',
        url: CLAIM_PATH,
        headers: { 'content-type': FORM },
        payload: new URLSearchParams({ token, action: 'accept', ...validFields }).toString(),
      });
      expect(posted.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
    expect(await claimStatusAt(contest)).toBe('pending');
  });
});

describe('the claim link’s token in a production log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      clientDir: makeClientBuild(),
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('is in no line, whether the link is opened, its forms posted or refused', async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner);
    await addEntries(t, contest, fans(3));
    expectOk(await drawApi(t).drawPlaces(owner, contest.id));
    await t.app.backgroundTasks.idle();
    const [notice] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text from mails where purpose = 'winner-notice'`,
    );
    const token = new URL(linkIn(notice!.text, CLAIM_PATH)).searchParams.get('token')!;
    const form = (fields: Record<string, string>, origin = TEST_APP_URL) =>
      request(t, undefined, {
        method: 'POST',
        url: CLAIM_PATH,
        headers: { 'content-type': FORM, origin },
        payload: new URLSearchParams({ token, ...fields }).toString(),
      });
    const open = await request(t, undefined, {
      method: 'GET',
      url: `${CLAIM_PATH}?token=${token}`,
    });
    expect(open.statusCode).toBe(200);
    expect((await form({ action: 'accept' }, 'http://evil.example')).statusCode).toBe(403);
    expect((await form({ action: 'accept' })).statusCode).toBe(400);
    expect((await form({ action: 'decline' })).statusCode).toBe(200);
    expect((await form({ action: 'decline-confirmed' })).statusCode).toBe(200);
    expect((await form({ action: 'accept' })).statusCode).toBe(410);

    const log = lines.join('');
    // The requests were logged (by path), their token was not.
    expect(log).toContain(CLAIM_PATH);
    expect(log).not.toContain(token);
  });
});
