import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { root } from '#server/testing/processes.ts';
import { testDatabaseKind } from '#server/testing/test-app.ts';
import { holdEmbeddedDatabase } from './server-lock.ts';

function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-lock-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

const lockIn = (dataDir: string) => path.join(dataDir, 'server.pid');
const takeoverIn = (dataDir: string) => path.join(dataDir, 'server.pid.takeover');

/** The pid of a process that runs until the test ends. */
function livePid(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
  onTestFinished(() => void child.kill('SIGKILL'));
  return child.pid!;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const RACERS = 4;
const RACES = 40;
/** Time between two races: enough for every racer to have its answer for the previous one. */
const RACE_SLOT_MS = 40;

/**
 * RACERS processes try to take the lock of each directory in turn, all at the same instant
 * (each spins until it), and keep what they get. Each answers, per directory, "won" or
 * "refused". One set of processes runs many races: starting Node costs far more than a race.
 * The racers hold what they won until the test ends.
 */
async function race(dataDirs: string[]): Promise<string[][]> {
  const startAt = Date.now() + 5000;
  const script = `
    const { holdEmbeddedDatabase } = await import(${JSON.stringify(path.join(root, 'src/server/db/server-lock.ts'))});
    const outcomes = [];
    for (const [index, dataDir] of ${JSON.stringify(dataDirs)}.entries()) {
      while (Date.now() < ${startAt} + index * ${RACE_SLOT_MS});
      try {
        await holdEmbeddedDatabase(dataDir, 'server');
        outcomes.push('won');
      } catch (error) {
        outcomes.push(error.message.startsWith('The embedded database in') ? 'refused' : error.message);
      }
    }
    // Holding on until every racer is done: a lock of a process that has exited is stale.
    process.stdout.write(JSON.stringify(outcomes) + '\\n');
    setInterval(() => {}, 60000);`;
  const answers = await Promise.all(
    Array.from({ length: RACERS }, async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      onTestFinished(() => void child.kill('SIGKILL'));
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.endsWith('\n')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`a racer exited (${code}): ${output}`)));
      });
      return JSON.parse(output) as string[];
    }),
  );
  return dataDirs.map((_dataDir, index) => answers.map((outcomes) => outcomes[index]!).sort());
}

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database lock', () => {
  it('is taken in a directory it creates, names this process, and is released', async () => {
    const dataDir = path.join(freshDataDir(), 'not-yet');
    const release = await holdEmbeddedDatabase(dataDir, 'admin CLI');
    expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${process.pid}\nadmin CLI\n`);
    release();
    expect(existsSync(lockIn(dataDir))).toBe(false);
  });

  it('refuses while another running process holds it, naming the directory, holder and pid', async () => {
    const dataDir = freshDataDir();
    const pid = livePid();
    writeFileSync(lockIn(dataDir), `${pid}\nserver\n`);
    await expect(holdEmbeddedDatabase(dataDir, 'server')).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by the Prizewheel server (pid ${pid}). ` +
        'Only one process may open it at a time: stop that one first, or run several servers on ' +
        `PostgreSQL (DATABASE_URL). If pid ${pid} is not Prizewheel, delete ${lockIn(dataDir)} and try again.`,
    );
    expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${pid}\nserver\n`);
  });

  it('names the holder of a lock written before holders were recorded as the server', async () => {
    const dataDir = freshDataDir();
    const pid = livePid();
    writeFileSync(lockIn(dataDir), String(pid));
    await expect(holdEmbeddedDatabase(dataDir, 'admin CLI')).rejects.toThrow(
      `is in use by the Prizewheel server (pid ${pid})`,
    );
  });

  it('waits for a lock whose pid is still being written, then names its holder', async () => {
    const dataDir = freshDataDir();
    const pid = livePid();
    writeFileSync(lockIn(dataDir), '');
    setTimeout(() => writeFileSync(lockIn(dataDir), `${pid}\nadmin CLI\n`), 200);
    await expect(holdEmbeddedDatabase(dataDir, 'server')).rejects.toThrow(
      `is in use by the Prizewheel admin CLI (pid ${pid})`,
    );
  });

  describe('takes over a stale lock', () => {
    it('of a process that no longer runs', async () => {
      const dataDir = freshDataDir();
      writeFileSync(lockIn(dataDir), `${await deadPid()}\nserver\n`);
      const release = await holdEmbeddedDatabase(dataDir, 'server');
      expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${process.pid}\nserver\n`);
      expect(existsSync(takeoverIn(dataDir))).toBe(false);
      release();
    });

    it('naming this very pid (a restarted container numbers its processes alike)', async () => {
      const dataDir = freshDataDir();
      writeFileSync(lockIn(dataDir), `${process.pid}\nserver\n`);
      const release = await holdEmbeddedDatabase(dataDir, 'server');
      expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${process.pid}\nserver\n`);
      release();
    });

    it('left without a pid by a process that died right after creating it', async () => {
      const dataDir = freshDataDir();
      writeFileSync(lockIn(dataDir), '');
      const aMinuteAgo = new Date(Date.now() - 60_000);
      utimesSync(lockIn(dataDir), aMinuteAgo, aMinuteAgo);
      const release = await holdEmbeddedDatabase(dataDir, 'server');
      expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${process.pid}\nserver\n`);
      release();
    });

    it('but not while a takeover left unfinished by a dead process is in the way', async () => {
      const dataDir = freshDataDir();
      const dead = await deadPid();
      writeFileSync(lockIn(dataDir), `${dead}\nserver\n`);
      writeFileSync(takeoverIn(dataDir), `${dead}\n`);
      await expect(holdEmbeddedDatabase(dataDir, 'server')).rejects.toThrow(
        `A takeover of the lock on the embedded database in ${dataDir} was left unfinished by ` +
          `pid ${dead}, which no longer runs. If no Prizewheel process is using that directory, ` +
          `delete ${takeoverIn(dataDir)} and try again.`,
      );
      expect(readFileSync(lockIn(dataDir), 'utf8')).toBe(`${dead}\nserver\n`);
    });
  });

  it(`lets exactly one of ${RACERS} processes trying at the same instant take it, ${RACES} times`, async () => {
    // Every other directory holds a stale lock: the racers meet in its takeover.
    const dataDirs = await Promise.all(
      Array.from({ length: RACES }, async (_, index) => {
        const dataDir = freshDataDir();
        if (index % 2) writeFileSync(lockIn(dataDir), `${await deadPid()}\nserver\n`);
        return dataDir;
      }),
    );
    const outcomes = await race(dataDirs);
    const oneWinner = [...Array<string>(RACERS - 1).fill('refused'), 'won'];
    expect(outcomes.filter((outcome) => outcome.join() !== oneWinner.join())).toEqual([]);
    expect(dataDirs.filter((dataDir) => existsSync(takeoverIn(dataDir)))).toEqual([]);
  }, 120_000);
});
