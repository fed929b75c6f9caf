import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';

describe('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not, as does the API', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      message: 'The database is not answering.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/contests/0b8f9c4e-6a43-4bb5-8b7e-3f36c2a1d9e0',
    });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
