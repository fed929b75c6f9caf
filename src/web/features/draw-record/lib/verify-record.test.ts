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

const sample = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../../../../../docs/draw-protocol/sample-record-v1.json'),
    'utf8',
  ),
) as DrawRecord;

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

describe('findEntry and normalizeEntryId (Find my entry)', () => {
  it('finds an entrant by their entry id, with their picks', async () => {
    const winner = sample.picks[1]!;
    const found = await findEntry(sample, winner.entryId);
    expect(found.index).toBe(sample.entries!.leaves.indexOf(found.leaf));
    expect(found.index).toBeGreaterThanOrEqual(0);
    expect(found.picks).toEqual([winner]);
  });

  it('says when an entry id is not in the list', async () => {
    const found = await findEntry(sample, '01937c4e-0000-7000-8000-0000000000ff');
    expect(found.index).toBe(-1);
    expect(found.picks).toEqual([]);
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
