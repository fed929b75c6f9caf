import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const sample = JSON.parse(
  readFileSync(path.join(root, 'docs/draw-protocol/sample-record-v1.json'), 'utf8'),
) as { seed: string; picks: { entryId: string; displayName: string }[] };
const scratch = mkdtempSync(path.join(tmpdir(), 'verify-draw-'));

/** `npm run verify` on a record: its exit status and what it printed. */
async function verify(record: unknown, ...args: string[]) {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(record));
  try {
    const { stdout } = await run('node', ['scripts/verify-draw.mjs', file, ...args], { cwd: root });
    return { status: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run verify (scripts/verify-draw.mjs)', () => {
  it('confirms the published sample record, and finds an entrant by their entry id', async () => {
    const entryId = sample.picks[1]!.entryId;
    const { status, output } = await verify(sample, '--entry', entryId);
    expect(output).toMatch(/All \d+ checks hold\./);
    expect(output).toContain(`entry ${entryId} is in the draw`);
    expect(status).toBe(0);
  });

  it.each([
    ['a seed that is not the committed one', { seed: 'ff'.repeat(32) }, /FAIL SHA-256\(seed\)/],
    [
      'a winner the sequence did not pick',
      {
        picks: sample.picks.map((pick, i) =>
          i === 1 ? { ...pick, entryId: sample.picks[2]!.entryId } : pick,
        ),
      },
      /FAIL pick 2/,
    ],
    [
      'an e-mail address in the record',
      { picks: sample.picks.map((pick) => ({ ...pick, displayName: 'maria@example.com' })) },
      /FAIL the record holds no e-mail address/,
    ],
  ])('fails on %s', async (_, change, failure) => {
    const { status, output } = await verify({ ...sample, ...change });
    expect(output).toMatch(failure);
    expect(status).toBe(1);
  });

  it('runs from a folder whose path has a space, and still fails a bad record', async () => {
    const folder = path.join(scratch, 'a folder');
    mkdirSync(folder);
    copyFileSync(path.join(root, 'scripts/verify-draw.mjs'), path.join(folder, 'verify-draw.mjs'));
    const file = path.join(scratch, 'wrong-version.json');
    writeFileSync(file, JSON.stringify({ ...sample, version: 'prizewheel-draw-v0' }));
    const failed = await run('node', [path.join(folder, 'verify-draw.mjs'), file]).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stdout: expect.stringContaining('FAIL protocol') });
  });

  it('says so, with status 2, when the record cannot be read', async () => {
    const { status, output } = await verify('not a record');
    expect(status).toBe(1);
    expect(output).toMatch(/malformed|FAIL/);
    const missing = await run(
      'node',
      ['scripts/verify-draw.mjs', path.join(scratch, 'none.json')],
      {
        cwd: root,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Cannot read the record'),
    });
  });
});

type SampleV2 = typeof sample & {
  entries: { count: number; root: string; leaves: string[]; weights: number[] };
  picks: { entryId: string; displayName: string; index: number }[];
};
const sampleV2 = JSON.parse(
  readFileSync(path.join(root, 'docs/draw-protocol/sample-record-v2.json'), 'utf8'),
) as SampleV2;
const withWeights = (weights: unknown) => ({
  ...sampleV2,
  entries: { ...sampleV2.entries, weights },
});
/** The sample's weights with the one at `index` changed to `weight`. */
const changeWeight = (index: number, weight: unknown) =>
  withWeights(sampleV2.entries.weights.map((w, i) => (i === index ? weight : w)));

describe('npm run verify on a weighted record (prizewheel-draw-v2)', () => {
  it('confirms the published v2 sample, and finds an entrant by id with their weight', async () => {
    // Entry …005 has weight 7: its leaf hashes "id:7".
    const entryId = '01937c4e-0000-7000-8000-000000000005';
    const { status, output } = await verify(sampleV2, '--entry', entryId);
    expect(output).toMatch(/All \d+ checks hold\./);
    expect(output).toContain('ok   protocol is prizewheel-draw-v2');
    expect(output).toContain(`entry ${entryId} is in the draw: leaf 5 of 10`);
    expect(output).toContain(', weight 7)');
    expect(status).toBe(0);
  });

  it.each([
    // Pick 1 landed on the last entry (weight 10): its leaf does not hash "id:9".
    ["the winning entry's weight changed", changeWeight(9, 9), /FAIL pick 1/],
    ['a weight of 0', changeWeight(3, 0), /FAIL every leaf has its weight/],
    ['a weight that is not whole', changeWeight(3, 2.5), /FAIL every leaf has its weight/],
    ['a weight missing', withWeights(sampleV2.entries.weights.slice(1)), /FAIL every leaf/],
    ['no weights at all', withWeights(undefined), /FAIL every leaf has its weight/],
    [
      'a pick at another index',
      {
        ...sampleV2,
        picks: sampleV2.picks.map((pick, i) => (i === 1 ? { ...pick, index: 0 } : pick)),
      },
      /FAIL pick 2/,
    ],
    [
      'a winner the sequence did not pick',
      {
        ...sampleV2,
        picks: sampleV2.picks.map((pick, i) =>
          i === 1 ? { ...pick, entryId: sampleV2.picks[2]!.entryId } : pick,
        ),
      },
      /FAIL pick 2/,
    ],
    [
      'a v2 record labelled v1',
      { ...sampleV2, version: 'prizewheel-draw-v1' },
      /FAIL a prizewheel-draw-v1 record carries no weights/,
    ],
  ])('fails on %s', async (_, record, failure) => {
    const { status, output } = await verify(record);
    expect(output).toMatch(failure);
    expect(status).toBe(1);
  });
});
