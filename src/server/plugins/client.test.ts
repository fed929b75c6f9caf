import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '#server/testing/test-app.ts';

function makeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  return dir;
}

describe.runIf(testDatabaseKind() === 'pglite')('serving the built client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: makeClientBuild() });
  });
  afterAll(() => t.close());

  it('caches hashed assets for a year and serves them pre-compressed', async () => {
    const brotli = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-encoding']).toBe('br');

    const gzip = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('answers every client route with index.html, revalidated each time', async () => {
    for (const url of ['/', '/login', '/dashboard/123', '/no-such-page?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('id="root"');
    }
  });

  it('keeps unknown API paths and missing assets as JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: `Not found: GET ${url}`, code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
