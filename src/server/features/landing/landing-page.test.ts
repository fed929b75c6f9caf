import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import { makeClientBuild } from '#server/testing/client-build.ts';
import { request, seedUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

const HEADLINE = 'Giveaways that grow your list, and a draw everyone trusts.';

/** What the page's root element holds: the server's markup, or nothing for the script to fill. */
function rootContent(html: string): string {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1];
  if (root === undefined) throw new Error(`no root element in ${html}`);
  return root;
}

describe('the landing page is rendered by the server for visitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
  });
  afterAll(() => t.close());

  it('sends a visitor the whole page, with working links, before any script runs', async () => {
    const response = await request(t, undefined, { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Cookie');
    const root = rootContent(response.body);
    expect(root).toContain(HEADLINE);
    expect(root).toContain('Simple pricing');
    expect(root).toContain('href="/signup"');
    expect(root).toContain('href="/login"');
    // Recovery tools are reached from the admin sign-in, not from a visitor's footer.
    for (const tool of ['/forgot-password', '/manual-reset', '/emergency-access']) {
      expect(root).not.toContain(`href="${tool}"`);
    }
    // The template's script and head are kept around it.
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    );
    expect(response.body).toContain(
      '<title>Prizewheel – giveaways with a fair spinning wheel</title>',
    );
  });

  it('renders once and serves the same markup to the next visitor', async () => {
    const first = await request(t, undefined, { method: 'GET', url: '/' });
    const second = await request(t, undefined, { method: 'GET', url: '/?utm_source=newsletter' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
  });

  it("sends a signed-in owner the app's page, which shows their contests", async () => {
    const owner = await seedUser(t);
    const response = await request(t, owner, { method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toContain('Cookie');
    expect(rootContent(response.body)).toBe('');
  });

  it('treats a forged or expired session cookie as a visitor', async () => {
    for (const cookie of [
      `${SESSION_COOKIE}=forged`,
      `${SESSION_COOKIE}=${t.app.signCookie('gone')}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(200);
      expect(rootContent(response.body), cookie).toContain(HEADLINE);
    }
  });
});

describe('without a client build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers / with a JSON 404, as the entry page does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The client is not built.', code: 'NOT_FOUND' });
  });
});
