import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DrawRecord, DrawRecordPick } from '#shared/contracts/draws.ts';
import { webCryptoHashes } from '#shared/draw-protocol.ts';
import {
  findEntry,
  leafOf,
  normalizeEntryId,
  verifyRecord,
  type CheckKind,
  type CheckResult,
} from './verify-record.ts';

const readSample = (name: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/draw-protocol', name),
      'utf8',
    ),
  ) as DrawRecord;
const sample = readSample('sample-record-v1.json');
const sampleV2 = readSample('sample-record-v2.json');

const noPause = async () => {};
const verify = (record: DrawRecord) => verifyRecord(record, { pause: noPause });
const failed = (checks: CheckResult[]) => checks.filter((check) => !check.ok);
const failedKinds = (checks: CheckResult[]) => failed(checks).map((check) => check.kind);
const withPick = (index: number, change: Partial<DrawRecordPick>): DrawRecord => ({
  ...sample,
  picks: sample.picks.map((pick, i) => (i === index ? { ...pick, ...change } : pick)),
});

describe('verifyRecord (the browser verifier of docs/draw-protocol.md)', () => {
  it('passes every check of the published sample record, and says what each one matched', async () => {
    const checks = await verify(sample);
    expect(failed(checks)).toEqual([]);
    expect(checks.map((check) => check.text)).toEqual([
      'The record follows protocol prizewheel-draw-v1',
      'No e-mail address in the record',
      'The commitment is a SHA-256 hash',
      'The revealed seed is 32 bytes',
      'SHA-256(seed) equals the commitment',
      'The list holds 10 leaves, as the record says',
      'Every leaf is a SHA-256 hash',
      '10 leaves hash to the root',
      'Picks are numbered 1 to 3, without gaps',
      "Pick 1 lands on Maria S.'s entry (index 2 of 10 left, 1 attempt)",
      "Pick 2 lands on Tom B.'s entry (index 4 of 9 left, 1 attempt)",
      "Pick 3 lands on Ana K.'s entry (index 1 of 8 left, 1 attempt)",
      'Places match: each pick took the first empty place, and each disqualification gives its reason',
    ]);
    expect(checks.find((check) => check.text.startsWith('Pick 3'))?.detail).toBe(
      sample.picks[2]!.entryId,
    );
  });

  it('reports its progress from the start to the end', async () => {
    const fractions: number[] = [];
    await verifyRecord(sample, {
      pause: noPause,
      onProgress: ({ fraction }) => fractions.push(fraction),
    });
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });

  it('before the draw: the seed stays secret, there is nothing to replay', async () => {
    const before: DrawRecord = { ...sample, seed: null, entries: null, picks: [] };
    const checks = await verify(before);
    expect(failed(checks)).toEqual([]);
    expect(checks.at(-1)?.text).toBe('Not drawn yet: the seed stays secret and there are no picks');
    const uncommitted = await verify({ ...before, seedHash: null });
    expect(failed(uncommitted)).toEqual([]);
    expect(uncommitted.at(-1)?.text).toBe('No commitment yet, and no picks');
  });

  it.each<[string, DrawRecord, CheckKind[]]>([
    ['another protocol version', { ...sample, version: 'v0' as 'prizewheel-draw-v1' }, ['version']],
    ['an e-mail address', withPick(0, { displayName: 'maria@example.com' }), ['no-email']],
    [
      'an e-mail address in place of a leaf',
      {
        ...sample,
        entries: {
          ...sample.entries!,
          leaves: sample.entries!.leaves.map((leaf, i) => (i === 4 ? 'maria@example.com' : leaf)),
        },
      },
      ['no-email', 'leaf-format', 'root'],
    ],
    [
      'a commitment that is not a hash',
      { ...sample, seedHash: 'abc' },
      ['commitment-format', 'seed-hash'],
    ],
    [
      'a seed that is not the committed one',
      { ...sample, seed: 'ff'.repeat(32) },
      // Replayed with it, picks 1 and 2 land elsewhere (pick 3, 1 in 8, happens to agree).
      ['seed-hash', 'pick', 'pick'],
    ],
    [
      'a seed that is not hex',
      { ...sample, seed: 'zz'.repeat(32) },
      ['seed-format', 'seed-hash', 'readable'],
    ],
    ['picks kept secret', { ...sample, seed: null }, ['not-drawn']],
    ['picks without a commitment', { ...sample, seedHash: null }, ['not-committed']],
    [
      'a count that is not the number of leaves',
      { ...sample, entries: { ...sample.entries!, count: 11 } },
      ['leaf-count'],
    ],
    [
      'a leaf that was swapped',
      {
        ...sample,
        entries: {
          ...sample.entries!,
          leaves: sample.entries!.leaves.map((leaf, i) => (i === 9 ? '0'.repeat(64) : leaf)),
        },
      },
      ['root'],
    ],
    [
      'a leaf that is not a hash',
      {
        ...sample,
        entries: {
          ...sample.entries!,
          leaves: sample.entries!.leaves.map((leaf, i) => (i === 9 ? 'not a leaf' : leaf)),
        },
      },
      ['leaf-format', 'root'],
    ],
    [
      'another root',
      { ...sample, entries: { ...sample.entries!, root: '0'.repeat(64) } },
      ['root', 'pick', 'pick', 'pick'],
    ],
    [
      'a winner the sequence did not pick',
      withPick(1, { entryId: sample.picks[2]!.entryId }),
      ['pick', 'pick'],
    ],
    ['a wrong index', withPick(1, { index: 5 }), ['pick']],
    ['a wrong attempt count', withPick(1, { attempts: 2 }), ['pick']],
    ['a pick passed off as chosen by hand', withPick(1, { method: 'manual' }), ['pick']],
    ['a gap in the pick numbers', withPick(2, { p: 4 }), ['pick-numbers', 'pick']],
    [
      'a pick in a place that was not the first empty one',
      withPick(1, { position: 1 }),
      ['places'],
    ],
    ['a disqualification without a reason', withPick(0, { reason: null }), ['places']],
    ['a disqualification without a time', withPick(0, { disqualifiedAt: null }), ['places']],
  ])('fails on %s', async (_, record, kinds) => {
    expect(failedKinds(await verify(record))).toEqual(kinds);
  });

  it('accepts a pick chosen by hand without replaying it, and removes it from the list', async () => {
    // The sample's entries are ...001 to ...010 in the frozen order; pick 1 took ...003, so
    // ...001 is at index 0 of the 9 left.
    const entryId = '01937c4e-0000-7000-8000-000000000001';
    expect(await leafOf(entryId)).toBe(sample.entries!.leaves[0]);
    const record = withPick(1, { method: 'manual', attempts: 0, index: 0, entryId });
    const checks = await verify({ ...record, picks: record.picks.slice(0, 2) });
    expect(failed(checks)).toEqual([]);
    expect(checks.find((check) => check.text.startsWith('Pick 2'))?.text).toBe(
      'Pick 2 (Tom B.) was chosen by hand, not drawn at random (index 0 of 9 left)',
    );
    // The pick after it is replayed from the list without it.
    const next = await verify(record);
    expect(failedKinds(next)).toEqual(['pick']);
  });

  it('checks a beacon: its randomness must be the hash of its signature', async () => {
    const signature = 'ab'.repeat(48);
    const randomness = await webCryptoHashes.sha256Hex(
      new Uint8Array(48).fill(0xab) as Uint8Array<ArrayBuffer>,
    );
    const beacon = {
      url: 'https://drand.example',
      chain: 'c'.repeat(64),
      round: 42,
      signature,
      randomness,
    };
    const checks = await verify({ ...sample, beacon });
    const beaconCheck = checks.find((check) => check.kind === 'beacon');
    expect(beaconCheck).toEqual({
      kind: 'beacon',
      ok: true,
      text: "The beacon's randomness (round 42) is the hash of its signature",
    });
    // The sample's picks were drawn without it: with it they replay elsewhere.
    expect(failedKinds(checks)).toContain('pick');
    const forged = await verify({ ...sample, beacon: { ...beacon, randomness: 'ff'.repeat(32) } });
    expect(failedKinds(forged)).toContain('beacon');
  });
});

const withWeights = (weights: unknown): DrawRecord => ({
  ...sampleV2,
  entries: { ...sampleV2.entries!, weights: weights as number[] },
});
/** The v2 sample's weights with the one at `index` changed to `weight`. */
const changeWeight = (index: number, weight: number) =>
  withWeights(sampleV2.entries!.weights!.map((w, i) => (i === index ? weight : w)));

describe('verifyRecord on a weighted record (prizewheel-draw-v2)', () => {
  it("passes every check of the published v2 sample, and says each pick's weight", async () => {
    const checks = await verify(sampleV2);
    expect(failed(checks)).toEqual([]);
    expect(checks.map((check) => check.text)).toEqual([
      'The record follows protocol prizewheel-draw-v2',
      'No e-mail address in the record',
      'The commitment is a SHA-256 hash',
      'The revealed seed is 32 bytes',
      'SHA-256(seed) equals the commitment',
      'The list holds 10 leaves, as the record says',
      'Every leaf is a SHA-256 hash',
      'Every leaf has its weight, a whole number of at least 1 (31 in all)',
      '10 leaves hash to the root',
      'Picks are numbered 1 to 3, without gaps',
      "Pick 1 lands on Kwame A.'s entry (index 9 of 10 left, weight 10 of 31, 1 attempt)",
      "Pick 2 lands on Ana K.'s entry (index 1 of 9 left, weight 4 of 21, 1 attempt)",
      "Pick 3 lands on Tom B.'s entry (index 4 of 8 left, weight 1 of 17, 1 attempt)",
      'Places match: each pick took the first empty place, and each disqualification gives its reason',
    ]);
  });

  it.each<[string, DrawRecord, CheckKind[]]>([
    // Pick 1 landed on the last entry (weight 10), whose leaf does not hash "id:9"; that entry
    // then stays in the list, so the later picks replay elsewhere too.
    ["the winning entry's weight changed", changeWeight(9, 9), ['pick', 'pick', 'pick']],
    ['a weight of 0', changeWeight(3, 0), ['weights']],
    ['a weight that is not whole', changeWeight(3, 2.5), ['weights']],
    ['a weight missing', withWeights(sampleV2.entries!.weights!.slice(1)), ['weights']],
    ['no weights at all', withWeights(undefined), ['weights']],
    [
      'a pick at another index',
      {
        ...sampleV2,
        picks: sampleV2.picks.map((pick, i) => (i === 1 ? { ...pick, index: 0 } : pick)),
      },
      ['pick'],
    ],
    [
      'a v2 record labelled v1',
      { ...sampleV2, version: 'prizewheel-draw-v1' },
      ['weights', 'pick', 'pick', 'pick'],
    ],
  ])('fails on %s', async (_, record, kinds) => {
    expect(failedKinds(await verify(record))).toEqual(kinds);
  });

  it('says what is wrong with the weights', async () => {
    const texts = async (record: DrawRecord) =>
      failed(await verify(record)).map((check) => check.text);
    expect(await texts(changeWeight(3, 0))).toEqual([
      'Weight 4 (0) is not a whole number of at least 1',
    ]);
    expect(await texts(withWeights([1]))).toEqual(['The list holds 1 weight for 10 leaves']);
    expect(await texts(withWeights(undefined))).toEqual([
      'A prizewheel-draw-v2 record must give every leaf a weight',
    ]);
  });

  it('accepts a pick chosen by hand, and replays the next one without its entry and weight', async () => {
    // Pick 2 named entry …001 (weight 1) by hand: index 0 of the 9 left after pick 1.
    const entryId = '01937c4e-0000-7000-8000-000000000001';
    const manual = { method: 'manual' as const, attempts: 0, index: 0, entryId };
    const record: DrawRecord = {
      ...sampleV2,
      picks: sampleV2.picks.map((pick, i) => (i === 1 ? { ...pick, ...manual } : pick)),
    };
    const checks = await verify({ ...record, picks: record.picks.slice(0, 2) });
    expect(failed(checks)).toEqual([]);
    expect(checks.find((check) => check.text.startsWith('Pick 2'))?.text).toBe(
      'Pick 2 (Ana K.) was chosen by hand, not drawn at random (index 0 of 9 left)',
    );
    // Pick 3 is replayed without …001 and its weight (21 - 1 = 20 left, …002's 4 among them).
    const next = await verify(record);
    expect(next.find((check) => check.text.startsWith('Pick 3'))?.text).toBe(
      "Pick 3 lands on Tom B.'s entry (index 4 of 8 left, weight 1 of 20, 1 attempt)",
    );
  });
});

describe('findEntry and normalizeEntryId (Find my entry)', () => {
  it('finds an entrant by their entry id, with their picks', async () => {
    const winner = sample.picks[1]!;
    const lookup = await findEntry(sample, winner.entryId);
    expect(lookup.found).toEqual({
      index: 5,
      leaf: await leafOf(winner.entryId),
      weight: null,
    });
    expect(sample.entries!.leaves[5]).toBe(lookup.found?.leaf);
    expect(lookup.picks).toEqual([winner]);
  });

  it('finds an entrant of a weighted draw with the weight their leaf binds them to', async () => {
    // Entry …002 has weight 4 in the v2 sample: its leaf hashes "id:4".
    const winner = sampleV2.picks[1]!;
    const lookup = await findEntry(sampleV2, winner.entryId);
    const leaf = await webCryptoHashes.sha256Hex(new TextEncoder().encode(`${winner.entryId}:4`));
    expect(lookup.found).toEqual({ index: 1, leaf, weight: 4 });
    expect(lookup.picks).toEqual([winner]);
  });

  it('says when an entry id is not in the list', async () => {
    for (const record of [sample, sampleV2]) {
      const lookup = await findEntry(record, '01937c4e-0000-7000-8000-0000000000ff');
      expect(lookup.found).toBeNull();
      expect(lookup.picks).toEqual([]);
    }
  });

  it('takes a UUID in any case, with spaces around it, and refuses anything else', () => {
    expect(normalizeEntryId('  01937C4E-0000-7000-8000-000000000003 ')).toBe(
      '01937c4e-0000-7000-8000-000000000003',
    );
    expect(normalizeEntryId('maria@example.com')).toBeNull();
    expect(normalizeEntryId('01937c4e00007000800000000000003')).toBeNull();
    expect(normalizeEntryId('')).toBeNull();
  });
});
