import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './processes.ts';

/** A checkout of an earlier revision with the packages it shipped with, and its server bundle. */
export type EarlierRevision = { tree: string; bundle: string; remove: () => void };

/**
 * Checks `revision` out into a temporary git worktree, installs its own locked packages (the old
 * code must run on what it shipped with) and builds its server bundle, for a benchmark that
 * measures this checkout beside it in the same run.
 */
export function checkOutRevision(revision: string): EarlierRevision {
  const tree = path.join(tmpdir(), `pw-bench-before-${revision}`);
  if (!existsSync(tree)) {
    execFileSync('git', ['worktree', 'add', '--detach', tree, revision], { cwd: root });
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: tree,
      stdio: 'ignore',
    });
  }
  const bundle = path.join(tree, 'dist/server/main.js');
  execFileSync(process.execPath, ['scripts/build-server.mjs', bundle], { cwd: tree });
  return {
    tree,
    bundle,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
      rmSync(tree, { recursive: true, force: true });
    },
  };
}
