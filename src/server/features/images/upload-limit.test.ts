import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatPicture, imageForm } from '#server/testing/images.ts';
import { request, seedContest, seedUser, type SeededUser } from '#server/testing/seed.ts';
import { createTestApp, type TestApp } from '#server/testing/test-app.ts';
import { IMAGE_UPLOADS_PER_HOUR } from './upload-limit.ts';

describe('the image upload rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(() => t.close());

  const upload = async (as: SeededUser, contestId: string) =>
    request(t, as, {
      method: 'POST',
      url: `/api/contests/${contestId}/images`,
      ...imageForm('logo', await flatPicture({ width: 32, height: 32 })),
    });

  it('takes 30 uploads an hour per account, then answers 429 with Retry-After', async () => {
    const [owner, other] = [await seedUser(t), await seedUser(t)];
    const contest = await seedContest(t.database, owner);
    for (let n = 1; n <= IMAGE_UPLOADS_PER_HOUR.max; n += 1) {
      expect((await upload(owner, contest.id)).statusCode).toBe(201);
    }
    const refused = await upload(owner, contest.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(
      /^You have uploaded 30 images in the last hour\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another owner's uploads are their own.
    const othersContest = await seedContest(t.database, other);
    expect((await upload(other, othersContest.id)).statusCode).toBe(201);
  });
});
