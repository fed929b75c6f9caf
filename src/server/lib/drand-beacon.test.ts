import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDrand, type FakeDrand } from '#server/testing/fake-drand.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import { BEACON_DELAY_MS, describeChain, fetchRoundAfter, isValidRound } from './drand-beacon.ts';

// No database: once, in the PGlite project.
describe.runIf(testDatabaseKind() === 'pglite')('the drand beacon (against a local chain)', () => {
  let honest: FakeDrand;
  let forging: FakeDrand;
  beforeAll(async () => {
    honest = await startFakeDrand();
    forging = await startFakeDrand({ forge: () => true });
  });
  afterAll(async () => {
    await honest.close();
    await forging.close();
  });

  it('waits for the first round published 3 s after the freeze, and checks its signature', async () => {
    const frozenAt = new Date();
    const round = await fetchRoundAfter(honest, frozenAt);
    expect(round).toMatchObject({ url: honest.url, chain: honest.chain });
    expect(round).toMatchObject(honest.roundOf(round.round));
    // Round r is published at genesis + (r - 1) s: the first one at or after the freeze + 3 s.
    const info = (await (await fetch(`${honest.url}/${honest.chain}/info`)).json()) as {
      genesis_time: number;
    };
    const publishedAt = (info.genesis_time + round.round - 1) * 1000;
    expect(publishedAt).toBeGreaterThanOrEqual(frozenAt.getTime() + BEACON_DELAY_MS);
    expect(publishedAt - 1000).toBeLessThan(frozenAt.getTime() + BEACON_DELAY_MS);
    expect(Date.now()).toBeGreaterThanOrEqual(publishedAt);
  });

  it("verifies a round signed by a real drand network (the scheme's published test data)", () => {
    // drand's "walkthrough" network, scheme bls-unchained-g1-rfc9380 (as quicknet), round 38.
    const publicKey =
      '81d320f220ee9c79e60e19dedc838c31e3ab919b15481e9feb52f643628c4f6a13fdc52129493875a818109d767272ca0541cbcdcea9335f2870d781b39b845ba8cbd44fdfe4967781cf72ca5917fc9398bcf97ca0548ed5a709016c4b1ff0f3';
    const round = {
      url: 'https://drand.example',
      chain: 'af8b6fc95693b058a3a59efe586eb31c2c352fe00cf40c62a427d87c34f7a235',
      round: 38,
      randomness: 'b2fc21325a24904a6a9e81a6c63f65f6cec3f0b2400df3f4a56b214770e9ccca',
      signature:
        '95c93585c513ebbcb4777ff15599b3140e5ec0295faa0e483f3deadd88fa6d43f0d3703e3a4ce106e8fd6c6987f32126',
    };
    expect(isValidRound(publicKey, round)).toBe(true);
    expect(isValidRound(publicKey, { ...round, round: 55 })).toBe(false);
    // Its chain information hashes to its chain hash, which pins that public key.
    const info = {
      public_key: publicKey,
      period: 3,
      genesis_time: 1687506816,
      groupHash: '02d678e93908888871b70e3f015b396a8c082bc1493ae5479f8743cb5d972b54',
      schemeID: 'bls-unchained-g1-rfc9380',
      metadata: { beaconID: 'walkthrough' },
    };
    expect(describeChain(info)?.hash).toBe(round.chain);
    expect(describeChain({ ...info, period: 30 })?.hash).not.toBe(round.chain);
  });

  it("refuses a relay that serves its own key as the chain's, signing rounds with it", async () => {
    const relay = await startFakeDrand({ forge: () => true, forgeInfo: true });
    await expect(fetchRoundAfter(relay, new Date(Date.now() - 10_000))).rejects.toThrow(
      /does not hash to the configured chain/,
    );
    await relay.close();
  });

  it('refuses a round signed by another key, and a randomness that is not its signature hash', async () => {
    await expect(fetchRoundAfter(forging, new Date(Date.now() - 10_000))).rejects.toThrow(
      /does not carry a valid signature/,
    );
    const round = { url: honest.url, chain: honest.chain, ...honest.roundOf(7) };
    expect(isValidRound(honest.publicKey, round)).toBe(true);
    expect(isValidRound(honest.publicKey, { ...round, randomness: 'ab'.repeat(32) })).toBe(false);
    expect(isValidRound(honest.publicKey, { ...round, round: 8 })).toBe(false);
    expect(isValidRound(honest.publicKey, { ...round, signature: 'zz' })).toBe(false);
  });

  it('stops with a clear error when the beacon is unreachable, unknown or late', async () => {
    const gone = await startFakeDrand();
    await gone.close();
    await expect(fetchRoundAfter(gone, new Date())).rejects.toThrow(/could not be reached/);
    await expect(
      fetchRoundAfter({ url: honest.url, chain: 'ab'.repeat(32) }, new Date()),
    ).rejects.toThrow(/answered 404/);
    // A round an hour ahead never comes; a clock past the grace period gives up at once.
    const frozenAt = new Date(Date.now() + 3_600_000);
    const lateClock = { now: () => frozenAt.getTime() + 60_000, sleep: async () => {} };
    await expect(fetchRoundAfter(honest, frozenAt, lateClock)).rejects.toThrow(
      /has not published round \d+ in time/,
    );
  });
});
