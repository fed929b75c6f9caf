import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestEntries, contests } from '#server/db/schema.ts';
import { issueFormToken } from '#server/lib/form-token.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { inputValue, stateIn } from '#server/testing/entry-page-html.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { FORM_TOKEN_SLOT } from '#shared/contracts/entries.ts';
import { entryMessages } from '#shared/contracts/entry-messages.ts';

/**
 * The entry form without JavaScript (docs/product.md#the-entry-form-without-javascript): a plain
 * POST to the page's address, answered with a redirect to the page showing "You're In!", or with
 * the page itself showing why, in place, with what was typed.
 */

const FORM = 'application/x-www-form-urlencoded';
const YOURE_IN = /You(&#x27;|')re In!/;

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().map((cookie) => cookie.split(';')[0]!);

describe('the entry form without JavaScript', () => {
  let t: TestApp;
  let owner: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
  });
  afterAll(() => t.close());

  /** A token from a page served `ageMs` ago: a person's pace by default. */
  const tokenFor = (contestId: string, ageMs = 5_000) =>
    issueFormToken(t.config.sessionSecret, contestId, Date.now() - ageMs);

  function post(contestId: string, fields: Record<string, string>, url = `/c/${contestId}`) {
    return request(t, undefined, {
      method: 'POST',
      url,
      headers: { 'content-type': FORM },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const page = (contestId: string, cookies: string[] = [], query = '') =>
    request(t, undefined, {
      method: 'GET',
      url: `/c/${contestId}${query}`,
      headers: cookies.length ? { cookie: cookies.join('; ') } : {},
    });

  async function rows(contestId: string) {
    return t.database.db
      .select({
        name: contestEntries.name,
        email: contestEntries.email,
        referredBy: contestEntries.referredBy,
        referralCode: contestEntries.referralCode,
      })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contestId));
  }

  it('renders a plain form posting to the page, with this answer’s own form token', async () => {
    const contest = await seedContest(t.database, owner);
    const first = await page(contest.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const form = /<form[^>]*>/.exec(first.body)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/c/${contest.id}"`);
    expect(first.body).not.toContain(FORM_TOKEN_SLOT);
    const token = inputValue(first.body, 'formToken');
    expect(token).toMatch(/^\d{13}\.[\w-]{32}$/);
    // The meta tag the script reads carries the same token.
    expect(first.body).toContain(`<meta name="entry-form-token" content="${token}" />`);
    // The rendering is reused (2 s), the token is not.
    const second = await page(contest.id);
    expect(inputValue(second.body, 'formToken')).not.toBe(token);
    // The button works before (and without) any script.
    expect(first.body).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    expect(stateIn(first.body)).toBeNull();
  });

  it('takes the entry, redirects to the page, and the page then says You’re In on every visit', async () => {
    const contest = await seedContest(t.database, owner, { confirmationMessage: 'See you soon!' });
    const answer = await post(contest.id, {
      name: 'Pat Plain',
      email: 'pat.plain@example.com',
      homepage: '',
      formToken: tokenFor(contest.id),
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/c/${contest.id}`);
    const cookies = cookieOf(answer.headers['set-cookie']);
    expect(cookies).toHaveLength(1);
    expect(String(answer.headers['set-cookie'])).toMatch(
      /Path=\/c\/[\w-]+; HttpOnly; SameSite=Lax/,
    );
    expect(await rows(contest.id)).toMatchObject([
      { name: 'Pat Plain', email: 'pat.plain@example.com' },
    ]);

    for (let visit = 0; visit < 2; visit += 1) {
      const shown = await page(contest.id, cookies);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toMatch(YOURE_IN);
      expect(shown.body).toContain('See you soon!');
      expect(shown.body).not.toMatch(/<form[^>]*method="post"/);
      expect(stateIn(shown.body)?.entered).toMatchObject({
        contestId: contest.id,
        name: 'Pat Plain',
        status: 'confirmed',
      });
    }
    // Reloading the page sent nothing again.
    expect(await rows(contest.id)).toHaveLength(1);
    // Another browser (no cookie) sees the form, and the new count.
    const stranger = await page(contest.id);
    expect(stranger.body).toMatch(/<form[^>]*method="post"/);
    expect(stranger.body).not.toMatch(YOURE_IN);
  });

  it('shows a refusal in place, with what was typed, and stores nothing', async () => {
    const contest = await seedContest(t.database, owner);
    await post(contest.id, {
      name: 'First Comer',
      email: 'taken@example.com',
      formToken: tokenFor(contest.id),
    });

    const tokenOfDuplicate = tokenFor(contest.id);
    const duplicate = await post(contest.id, {
      name: 'Second <b>Comer</b>',
      email: 'Taken@Example.com',
      formToken: tokenOfDuplicate,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.headers['content-type']).toMatch(/^text\/html/);
    expect(duplicate.headers['set-cookie']).toBeUndefined();
    expect(duplicate.body).toContain(entryMessages.duplicate);
    expect(duplicate.body).toContain('role="alert"');
    expect(inputValue(duplicate.body, 'name')).toBe('Second &lt;b&gt;Comer&lt;/b&gt;');
    expect(inputValue(duplicate.body, 'email')).toBe('Taken@Example.com');
    expect(duplicate.body).not.toContain('<b>Comer</b>');
    // The next try carries the token of the page first served: its time is the person's.
    expect(inputValue(duplicate.body, 'formToken')).toBe(tokenOfDuplicate);
    expect(stateIn(duplicate.body)?.refusal).toEqual({
      message: entryMessages.duplicate,
      fieldErrors: {},
      values: { name: 'Second <b>Comer</b>', email: 'Taken@Example.com' },
    });

    const invalid = await post(contest.id, {
      name: '',
      email: 'not-an-address',
      formToken: tokenFor(contest.id),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Full name is required');
    expect(inputValue(invalid.body, 'email')).toBe('not-an-address');
    expect(stateIn(invalid.body)?.refusal?.message).toBeNull();
    expect(Object.keys(stateIn(invalid.body)?.refusal?.fieldErrors ?? {}).sort()).toEqual([
      'email',
      'name',
    ]);

    const throwaway = await post(contest.id, {
      name: 'Temp Person',
      email: 'temp@mailinator.com',
      formToken: tokenFor(contest.id),
    });
    expect(throwaway.statusCode).toBe(400);
    expect(throwaway.body).toContain(entryMessages.disposable);
    expect(await rows(contest.id)).toHaveLength(1);
  });

  it('takes a typo fixed within 2 s of a refusal, as a person sends it (not dropped as a script)', async () => {
    const contest = await seedContest(t.database, owner);
    // The page was served a few seconds ago; the person typed, and sent a mistyped address.
    const firstPageToken = tokenFor(contest.id);
    const refused = await post(contest.id, {
      name: 'Pat Typo',
      email: 'pat.typo@example',
      homepage: '',
      formToken: firstPageToken,
    });
    expect(refused.statusCode).toBe(400);

    // Fixed at once (well within 2 s), with the fields the refused page holds.
    const fixed = await post(contest.id, {
      name: inputValue(refused.body, 'name')!,
      email: 'pat.typo@example.com',
      homepage: inputValue(refused.body, 'homepage')!,
      formToken: inputValue(refused.body, 'formToken')!,
    });
    expect(fixed.statusCode).toBe(303);
    const shown = await page(contest.id, cookieOf(fixed.headers['set-cookie']));
    expect(shown.body).toMatch(YOURE_IN);
    const stored = await t.database.db
      .select({ id: contestEntries.id, flags: contestEntries.flags })
      .from(contestEntries)
      .where(eq(contestEntries.contestId, contest.id));
    expect(stored).toEqual([{ id: stateIn(shown.body)!.entered!.id, flags: [] }]);
    // Because the refused page kept the first page's token, and with it its time.
    expect(inputValue(refused.body, 'formToken')).toBe(firstPageToken);
  });

  it('gives a refused form whose token is forged or missing a fresh one', async () => {
    const contest = await seedContest(t.database, owner);
    const forged = await post(contest.id, {
      name: 'Forged Token',
      email: 'bad',
      formToken: `${Date.now() - 60_000}.${'x'.repeat(32)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(inputValue(forged.body, 'formToken')).toMatch(/^\d{13}\.[\w-]{32}$/);
    expect(inputValue(forged.body, 'formToken')).not.toContain('x'.repeat(32));
    const missing = await post(contest.id, { name: 'No Token', email: 'bad' });
    expect(inputValue(missing.body, 'formToken')).toMatch(/^\d{13}\.[\w-]{32}$/);
  });

  it('says when the contest is full or has ended', async () => {
    const full = await seedContest(t.database, owner, { maxEntries: 1 });
    await post(full.id, {
      name: 'Only One',
      email: 'one@example.com',
      formToken: tokenFor(full.id),
    });
    const late = await post(full.id, {
      name: 'Too Late',
      email: 'late@example.com',
      formToken: tokenFor(full.id),
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Contest Full');

    const ended = await seedContest(t.database, owner);
    await t.database.db
      .update(contests)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(contests.id, ended.id));
    const after = await post(ended.id, {
      name: 'After End',
      email: 'after@example.com',
      formToken: tokenFor(ended.id),
    });
    expect(after.statusCode).toBe(409);
    expect(after.body).toContain('Contest Ended');
    expect(await rows(ended.id)).toHaveLength(0);
  });

  it('asks to try again in a few seconds while the draw is starting, as a page', async () => {
    // The first draw froze the entries and waits for its beacon round (no round, no pick yet).
    const starting = await seedContest(t.database, owner);
    await t.database.db
      .update(contests)
      .set({ frozenAt: new Date() })
      .where(eq(contests.id, starting.id));
    const answer = await post(starting.id, {
      name: 'Almost There',
      email: 'almost@example.com',
      formToken: tokenFor(starting.id),
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain(entryMessages.drawStarting);
    expect(await rows(starting.id)).toHaveLength(0);
  });

  it('answers a script’s form (trap filled, or sent at once) exactly as an entry, and stores nothing', async () => {
    const contest = await seedContest(t.database, owner);
    const honest = await post(contest.id, {
      name: 'Honest Person',
      email: 'honest@example.com',
      homepage: '',
      formToken: tokenFor(contest.id),
    });
    const trapped = await post(contest.id, {
      name: 'Bot Trapped',
      email: 'bot1@example.com',
      homepage: 'https://spam.example',
      formToken: tokenFor(contest.id),
    });
    const hasty = await post(contest.id, {
      name: 'Bot Hasty',
      email: 'bot2@example.com',
      formToken: tokenFor(contest.id, 100),
    });
    for (const answer of [trapped, hasty]) {
      expect(answer.statusCode).toBe(honest.statusCode);
      expect(answer.headers.location).toBe(honest.headers.location);
      expect(cookieOf(answer.headers['set-cookie'])).toHaveLength(1);
    }
    expect((await rows(contest.id)).map((row) => row.email)).toEqual(['honest@example.com']);
  });

  it('carries the friend’s code: in the rendered form, through a refusal, into the entry', async () => {
    const contest = await seedContest(t.database, owner, { referralBonus: 3 });
    await post(contest.id, {
      name: 'Ref Errer',
      email: 'referrer@example.com',
      formToken: tokenFor(contest.id),
    });
    const [referrer] = await rows(contest.id);
    const code = referrer!.referralCode!;
    // The referrer's network is another one (every test request comes from one address).
    await t.database.db
      .update(contestEntries)
      .set({ clientHash: 'another-network' })
      .where(eq(contestEntries.email, 'referrer@example.com'));

    const opened = await page(contest.id, [], `?ref=${code}`);
    expect(inputValue(opened.body, 'ref')).toBe(code);
    expect(opened.body).toMatch(new RegExp(`action="/c/${contest.id}\\?ref=${code}"`));
    expect(stateIn(opened.body)?.referralCode).toBe(code);
    // A value that is not a code is dropped, never refused.
    const mangled = await page(contest.id, [], '?ref=%3Cscript%3E');
    expect(inputValue(mangled.body, 'ref')).toBeNull();

    const refused = await post(
      contest.id,
      { name: 'Friend', email: 'bad', ref: code, formToken: tokenFor(contest.id) },
      `/c/${contest.id}?ref=${code}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(inputValue(refused.body, 'ref')).toBe(code);

    const taken = await post(
      contest.id,
      { name: 'Friend', email: 'friend@example.com', ref: code, formToken: tokenFor(contest.id) },
      `/c/${contest.id}?ref=${code}`,
    );
    expect(taken.statusCode).toBe(303);
    const friend = (await rows(contest.id)).find((row) => row.email === 'friend@example.com');
    expect(friend?.referredBy).toBeTruthy();
    // The friend's page shows their own link to share.
    const shown = await page(contest.id, cookieOf(taken.headers['set-cookie']));
    expect(stateIn(shown.body)?.entered?.referral?.code).toBe(friend!.referralCode);
    expect(shown.body).toContain(`?ref=${friend!.referralCode}`);
  });

  it('shows no entry for a cookie it did not sign, or another contest’s', async () => {
    const contest = await seedContest(t.database, owner);
    const other = await seedContest(t.database, owner);
    const answer = await post(contest.id, {
      name: 'Cookie Owner',
      email: 'cookie@example.com',
      formToken: tokenFor(contest.id),
    });
    const [cookie] = cookieOf(answer.headers['set-cookie']);
    const [name, value] = cookie!.split('=');
    const forged = `${name}=${Buffer.from(
      JSON.stringify({ id: 'x', contestId: contest.id, name: 'Forged Winner' }),
    ).toString('base64url')}.${value!.split('.').at(-1)}`;
    const withForged = await page(contest.id, [forged]);
    expect(withForged.body).not.toMatch(YOURE_IN);
    expect(withForged.body).not.toContain('Forged Winner');
    const elsewhere = await page(other.id, [cookie!]);
    expect(elsewhere.body).not.toMatch(YOURE_IN);
  });

  it('answers bad requests clearly: unknown contest, oversized or odd bodies', async () => {
    const contest = await seedContest(t.database, owner);
    const unknown = await post('00000000-0000-7000-8000-000000000000', {
      name: 'Nobody',
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await post('not-a-contest', { name: 'N', email: 'n@example.com' });
    expect(notAnId.statusCode).toBe(404);
    const huge = await post(contest.id, {
      name: 'Big',
      email: 'big@example.com',
      pad: 'x'.repeat(20_000),
    });
    expect(huge.statusCode).toBe(413);
    const repeated = await request(t, undefined, {
      method: 'POST',
      url: `/c/${contest.id}`,
      headers: { 'content-type': FORM },
      payload: 'name=Twice&name=Again&email=twice%40example.com',
    });
    expect(repeated.statusCode).toBe(303);
    expect((await rows(contest.id)).map((row) => row.name)).toEqual(['Twice']);
    const empty = await request(t, undefined, {
      method: 'POST',
      url: `/c/${contest.id}`,
      headers: { 'content-type': FORM },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Full name is required');
  });
});
