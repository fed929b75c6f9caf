import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkIn } from '#server/testing/auth-helpers.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { flatPicture, formatOfBytes } from '#server/testing/images.ts';
import {
  contestBody,
  request,
  seedContest,
  seedUser,
  type SeededUser,
} from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { multipartForm } from '#server/testing/uploads.ts';
import { brandMessages, type AccountBrand, type BrandFieldsBody } from '#shared/contracts/brand.ts';
import type { OwnerContest } from '#shared/contracts/contests.ts';

/**
 * The owner's brand (docs/product.md#the-owners-brand): the account's fields and logo, their
 * rules, and where a contest shows them (its JSON, its page, its entrants' mails).
 */
describe("the account's brand", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
  });
  afterAll(() => t.close());

  const getBrand = (as: SeededUser) => request(t, as, { method: 'GET', url: '/api/account/brand' });
  const putBrand = (as: SeededUser, payload: BrandFieldsBody | Record<string, unknown>) =>
    request(t, as, { method: 'PUT', url: '/api/account/brand', payload });
  const uploadLogo = (as: SeededUser, bytes: Buffer) =>
    request(t, as, {
      method: 'POST',
      url: '/api/account/brand/logo',
      ...multipartForm([
        { field: 'file', content: bytes, filename: 'logo.png', type: 'image/png' },
      ]),
    });
  const deleteLogo = (as: SeededUser) =>
    request(t, as, { method: 'DELETE', url: '/api/account/brand/logo' });

  async function saved(as: SeededUser, payload: BrandFieldsBody): Promise<AccountBrand> {
    const response = await putBrand(as, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AccountBrand>();
  }

  function expectRefused(
    response: Awaited<ReturnType<typeof putBrand>>,
    field: string,
    message: string,
  ) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', errors: { [field]: message } });
  }

  const contestJson = async (contestId: string, as?: SeededUser) => {
    const response = await request(t, as, { method: 'GET', url: `/api/contests/${contestId}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OwnerContest>();
  };

  it('has nothing set on a new account', async () => {
    const owner = await seedUser(t);
    const response = await getBrand(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      brandName: null,
      brandColor: null,
      callToAction: null,
      showEntryCount: null,
      logo: null,
    });
  });

  it('keeps a field left out, clears one sent as null', async () => {
    const owner = await seedUser(t);
    const callToAction = { label: 'Book a free session', url: 'https://ana.example/book' };
    expect(
      await saved(owner, {
        brandName: '  Coach Ana Fitness ',
        brandColor: '#0F766E',
        callToAction,
      }),
    ).toEqual({
      brandName: 'Coach Ana Fitness',
      brandColor: '#0f766e',
      callToAction,
      showEntryCount: null,
      logo: null,
    });
    expect(await saved(owner, { showEntryCount: false })).toMatchObject({
      brandName: 'Coach Ana Fitness',
      brandColor: '#0f766e',
      showEntryCount: false,
    });
    expect(await saved(owner, { brandColor: null, callToAction: null })).toMatchObject({
      brandName: 'Coach Ana Fitness',
      brandColor: null,
      callToAction: null,
      showEntryCount: false,
    });
    expect((await getBrand(owner)).json()).toMatchObject({ brandColor: null });
  });

  it('refuses a colour text cannot be read on, in white or in black', async () => {
    const owner = await seedUser(t);
    expectRefused(
      await putBrand(owner, { brandColor: '#808080' }),
      'brandColor',
      brandMessages.colorContrast,
    );
    expectRefused(
      await putBrand(owner, { brandColor: 'teal' }),
      'brandColor',
      brandMessages.colorFormat,
    );
    expect(await saved(owner, { brandColor: '#0f766e' })).toMatchObject({ brandColor: '#0f766e' });
    expect(await saved(owner, { brandColor: '#fde047' })).toMatchObject({ brandColor: '#fde047' });
  });

  it('takes only an https address for the button, and both of its parts', async () => {
    const owner = await seedUser(t);
    for (const url of ['http://ana.example/book', 'javascript:alert(1)', 'ana.example']) {
      expectRefused(
        await putBrand(owner, { callToAction: { label: 'Book', url } }),
        'callToAction.url',
        brandMessages.urlInvalid,
      );
    }
    expectRefused(
      await putBrand(owner, { callToAction: { label: ' ', url: 'https://ana.example' } }),
      'callToAction.label',
      brandMessages.labelRequired,
    );
    expectRefused(
      await putBrand(owner, {
        callToAction: { label: 'x'.repeat(31), url: 'https://ana.example' },
      }),
      'callToAction.label',
      brandMessages.labelLength,
    );
  });

  it('takes a name of 1 to 60 characters, of plain text', async () => {
    const owner = await seedUser(t);
    expect(await saved(owner, { brandName: 'a'.repeat(60) })).toMatchObject({
      brandName: 'a'.repeat(60),
    });
    expectRefused(
      await putBrand(owner, { brandName: 'a'.repeat(61) }),
      'brandName',
      brandMessages.nameLength,
    );
    expectRefused(
      await putBrand(owner, { brandName: '   ' }),
      'brandName',
      brandMessages.nameRequired,
    );
    const control = await putBrand(owner, { brandName: 'Coach\u0007Ana' });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({ errors: { brandName: expect.any(String) } });
    expect((await getBrand(owner)).json()).toMatchObject({ brandName: 'a'.repeat(60) });
  });

  it("shows on every contest of the account, under the contest's own fields", async () => {
    const owner = await seedUser(t);
    const [first, second] = [
      await seedContest(t.database, owner),
      await seedContest(t.database, owner),
    ];
    await saved(owner, {
      brandName: 'Coach Ana Fitness',
      brandColor: '#0f766e',
      showEntryCount: false,
    });
    for (const contest of [first!, second!]) {
      expect((await contestJson(contest.id)).brand).toMatchObject({
        name: 'Coach Ana Fitness',
        color: '#0f766e',
        textColor: '#ffffff',
        showEntryCount: false,
        logo: null,
      });
    }
    const edited = await request(t, owner, {
      method: 'PUT',
      url: `/api/contests/${second!.id}`,
      payload: contestBody({ brand: { brandName: 'Ana Summer Camp', brandColor: '#fde047' } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await saved(owner, { brandName: 'Ana Fitness Studio' });
    expect((await contestJson(first!.id)).brand.name).toBe('Ana Fitness Studio');
    const overridden = await contestJson(second!.id, owner);
    expect(overridden.brand).toMatchObject({
      name: 'Ana Summer Camp',
      color: '#fde047',
      textColor: '#18181b',
    });
    expect(overridden.brandOverride).toEqual({
      brandName: 'Ana Summer Camp',
      brandColor: '#fde047',
      callToAction: null,
      showEntryCount: null,
    });
  });

  it("stores a logo's renditions, with a JPEG for mails, and takes it away", async () => {
    const owner = await seedUser(t);
    const response = await uploadLogo(owner, await flatPicture({ width: 600, height: 400 }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/),
      width: 600,
      height: 400,
    });
    expect((await getBrand(owner)).json<AccountBrand>().logo).toEqual(response.json());

    const contest = await seedContest(t.database, owner);
    await saved(owner, { brandName: 'Coach Ana Fitness' });
    const { logo } = (await contestJson(contest.id)).brand;
    const mailJpeg = logo?.renditions.find((file) => file.purpose === 'mail');
    expect(mailJpeg).toMatchObject({ format: 'jpeg' });
    expect(
      logo?.renditions.filter((file) => file.format === 'webp').map((file) => file.width),
    ).toEqual([128, 256]);

    for (const file of logo!.renditions) {
      const served = await request(t, undefined, { method: 'GET', url: file.url });
      expect(served.statusCode, file.url).toBe(200);
      if (file.purpose === 'mail') expect(formatOfBytes(served.rawPayload)).toBe('jpeg');
    }

    expect((await deleteLogo(owner)).statusCode).toBe(204);
    expect((await getBrand(owner)).json<AccountBrand>().logo).toBeNull();
    expect((await contestJson(contest.id)).brand.logo).toBeNull();
    const again = await deleteLogo(owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: brandMessages.noLogo });
  });

  it('renders the entry page in the brand: its name, its colour, and the count hidden', async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner);
    await saved(owner, {
      brandName: 'Coach Ana Fitness',
      brandColor: '#0f766e',
      showEntryCount: false,
    });
    const page = await request(t, undefined, { method: 'GET', url: `/c/${contest.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coach Ana Fitness');
    expect(page.body).toMatch(/data-brand="dark"/);
    expect(page.body).toMatch(/style="--brand:#0f766e;--brand-text:#ffffff"/);
    expect(page.body).not.toContain('Current Entries');
    // The public JSON still says how many have entered.
    expect((await contestJson(contest.id)).entryCount).toBe(0);
  });

  it("heads an entrant's mail with the brand's name and logo", async () => {
    const owner = await seedUser(t);
    const contest = await seedContest(t.database, owner, { requireConfirmation: true });
    expect(
      (await uploadLogo(owner, await flatPicture({ width: 300, height: 300 }))).statusCode,
    ).toBe(201);
    await saved(owner, { brandName: 'Coach Ana Fitness', brandColor: '#0f766e' });
    const mailJpeg = (await contestJson(contest.id)).brand.logo?.renditions.find(
      (file) => file.purpose === 'mail',
    );
    const email = 'branded-mail@example.com';
    const entered = await request(t, undefined, {
      method: 'POST',
      url: `/api/contests/${contest.id}/entries`,
      payload: { name: 'Sam Rivera', email },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const mail = await latestMailTo(t, email);
    expect(mail.html).toContain('Coach Ana Fitness');
    expect(mail.html).toContain(`${t.config.appUrl}${mailJpeg!.url}`);
    expect(mail.text).toContain('Coach Ana Fitness');

    // The link's page (rendered on the server, no script) wears the brand too.
    const confirmUrl = new URL(linkIn(mail.text, '/entries/confirm'));
    const page = await request(t, undefined, {
      method: 'GET',
      url: `${confirmUrl.pathname}${confirmUrl.search}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coach Ana Fitness');
    expect(page.body).toMatch(/style="--brand:#0f766e;--brand-text:#ffffff"/);
  });

  it('refuses the brand routes without a session', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = method === 'DELETE' ? '/api/account/brand/logo' : '/api/account/brand';
      const payload = method === 'PUT' ? { brandName: 'X' } : undefined;
      expect((await request(t, undefined, { method, url, payload })).statusCode).toBe(401);
    }
  });
});
