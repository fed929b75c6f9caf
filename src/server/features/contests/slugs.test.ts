import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '#server/lib/form-token.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { contestBody, request, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { RESERVED_SLUGS, slugMessages } from '#shared/contracts/contest-slugs.ts';
import type { OwnerContest, PublicContest } from '#shared/contracts/contests.ts';

/** The short link, /c/{slug} (docs/product.md#short-links, decision 043). */
describe('contest short links', () => {
  let t: TestApp;
  let owner: SeededUser;
  let other: SeededUser;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
    owner = await seedUser(t);
    other = await seedUser(t);
  });
  afterAll(() => t.close());

  const create = (as: SeededUser, overrides: Record<string, unknown>) =>
    request(t, as, { method: 'POST', url: '/api/contests', payload: contestBody(overrides) });
  const page = (address: string, headers: Record<string, string> = {}) =>
    request(t, undefined, { method: 'GET', url: `/c/${address}`, headers });

  async function created(as: SeededUser, slug?: string | null) {
    const response = await create(as, slug === undefined ? {} : { slug });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OwnerContest>();
  }

  /** The edit form sends every field again (PUT). */
  const setSlug = (as: SeededUser, contest: OwnerContest, slug: string | null) =>
    request(t, as, {
      method: 'PUT',
      url: `/api/contests/${contest.id}`,
      payload: {
        title: contest.title,
        description: contest.description,
        prizeDetails: contest.prizeDetails,
        prizeValue: contest.prizeValue,
        endDate: contest.endDate,
        maxEntries: contest.maxEntries,
        confirmationMessage: contest.confirmationMessage,
        slug,
      },
    });

  const embedded = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="contest-data">(.*?)<\/script>/s.exec(html)![1]!,
    ) as PublicContest;

  let serial = 0;
  const freshSlug = (stem: string) => `${stem}-${(serial += 1)}-${Date.now().toString(36)}`;

  it('takes a slug on create, and both JSONs carry it', async () => {
    const slug = freshSlug('summer-glow');
    const contest = await created(owner, slug);
    expect(contest.slug).toBe(slug);
    const seen = await request(t, undefined, { method: 'GET', url: `/api/contests/${contest.id}` });
    expect(seen.json<PublicContest>().slug).toBe(slug);
    expect((await created(owner)).slug).toBeNull();
  });

  it.each([
    ['Upper-Case', slugMessages.characters],
    ['-leading', slugMessages.characters],
    ['trailing-', slugMessages.characters],
    ['double--hyphen', slugMessages.characters],
    ['under_score', slugMessages.characters],
    ['ab', slugMessages.length],
    ['a'.repeat(41), slugMessages.length],
    ['admin', slugMessages.reserved],
    ['api', slugMessages.reserved],
    ['new', slugMessages.reserved],
    ['123e4567-e89b-12d3-a456-426614174000', slugMessages.looksLikeId],
    ['00000000-0000-0000-0000-000000000000', slugMessages.looksLikeId],
  ])('refuses %j with a 400 on the slug field', async (slug, message) => {
    const response = await create(owner, { slug });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', errors: { slug: message } });
  });

  it('refuses every reserved word', async () => {
    for (const slug of RESERVED_SLUGS) {
      if (slug.length < 3) continue;
      const response = await create(owner, { slug });
      expect(response.json().errors?.slug, slug).toBe(slugMessages.reserved);
    }
  });

  it('refuses a slug another contest holds, 409 on the slug field, on create and update', async () => {
    const slug = freshSlug('taken');
    await created(owner, slug);
    const taken = await create(other, { slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'SLUG_TAKEN',
      message: slugMessages.taken,
      errors: { slug: slugMessages.taken },
    });
    const mine = await created(other);
    const update = await setSlug(other, mine, slug);
    expect(update.statusCode).toBe(409);
    expect(update.json().code).toBe('SLUG_TAKEN');
  });

  it('serves the same page at /c/{slug} as /c/{id} did, and /c/{id} redirects keeping ?ref=', async () => {
    const before = await created(owner);
    const byId = await page(before.id);
    expect(byId.statusCode).toBe(200);
    const slug = freshSlug('same-page');
    const updated = await setSlug(owner, before, slug);
    expect(updated.statusCode, updated.body).toBe(200);
    const bySlug = await page(slug);
    expect(bySlug.statusCode).toBe(200);
    expect(embedded(bySlug.body)).toMatchObject({ ...embedded(byId.body), slug });
    expect(bySlug.body).toContain(`content="${t.config.appUrl}/c/${slug}"`);
    // The form still posts to the id address.
    expect(/<form[^>]*>/.exec(bySlug.body)![0]).toContain(`action="/c/${before.id}"`);

    const redirect = await page(`${before.id}?ref=0123456789abcdef&utm_source=ig`);
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`/c/${slug}?ref=0123456789abcdef&utm_source=ig`);
  });

  it('redirects from an old slug to the new one, and to the id once cleared', async () => {
    const first = freshSlug('first');
    const second = freshSlug('second');
    const contest = await created(owner, first);
    expect((await setSlug(owner, contest, second)).json<OwnerContest>().slug).toBe(second);
    const moved = await page(`${first}?ref=0123456789abcdef`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/c/${second}?ref=0123456789abcdef`);

    const cleared = await setSlug(owner, contest, '');
    expect(cleared.json<OwnerContest>().slug).toBeNull();
    for (const old of [first, second]) {
      const answer = await page(old);
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe(`/c/${contest.id}`);
    }
    expect((await page(contest.id)).statusCode).toBe(200);
  });

  it('keeps a retired slug from other contests, and lets its contest take it back', async () => {
    const old = freshSlug('retired');
    const contest = await created(owner, old);
    await setSlug(owner, contest, freshSlug('newer'));
    const stolen = await create(other, { slug: old });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().errors).toEqual({ slug: slugMessages.taken });
    const stolenByEdit = await setSlug(other, await created(other), old);
    expect(stolenByEdit.statusCode).toBe(409);

    const back = await setSlug(owner, contest, old);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<OwnerContest>().slug).toBe(old);
    expect((await page(old)).statusCode).toBe(200);
  });

  it('answers an unknown slug with the same 404 page as an unknown id', async () => {
    const unknownSlug = await page('no-such-contest-here');
    const unknownId = await page('00000000-0000-4000-8000-000000000000');
    expect(unknownSlug.statusCode).toBe(404);
    expect(unknownId.statusCode).toBe(404);
    expect(unknownSlug.body).toBe(unknownId.body);
  });

  it('hides a draft at its slug, and 404s every address of a deleted contest', async () => {
    const draftSlug = freshSlug('draft');
    const draft = await create(owner, { slug: draftSlug, isActive: false });
    expect(draft.statusCode).toBe(201);
    expect((await page(draftSlug)).statusCode).toBe(404);

    const old = freshSlug('gone-old');
    const current = freshSlug('gone');
    const contest = await created(owner, old);
    await setSlug(owner, contest, current);
    const deleted = await request(t, owner, {
      method: 'DELETE',
      url: `/api/contests/${contest.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    for (const address of [contest.id, old, current]) {
      expect((await page(address)).statusCode, address).toBe(404);
    }
  });

  it('lands a plain-form entry on the slug, remembered there', async () => {
    const slug = freshSlug('plain');
    const contest = await created(owner, slug);
    const answer = await request(t, undefined, {
      method: 'POST',
      url: `/c/${contest.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Pat Plain',
        email: 'pat.slug@example.com',
        homepage: '',
        formToken: issueFormToken(t.config.sessionSecret, contest.id, Date.now() - 5_000),
      }).toString(),
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/c/${slug}`);
    const setCookies = [answer.headers['set-cookie'] ?? []].flat();
    expect(setCookies.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([
      `/c/${contest.id}`,
      `/c/${slug}`,
    ]);
    const shown = await page(slug, { cookie: setCookies[1]!.split(';')[0]! });
    expect(shown.body).toMatch(/You(&#x27;|')re In!/);
  });
});
