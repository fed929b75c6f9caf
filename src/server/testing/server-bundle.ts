import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './processes.ts';

/**
 * Node's flags of `npm start`, read from package.json: the process tests and the benchmarks
 * run the server exactly as it is deployed, and cannot drift from it.
 */
export function serverNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Builds the server bundle `npm start` runs (scripts/build-server.mjs) into `file`, which must
 * lie inside the project: its dependencies resolve from node_modules, as deployed.
 */
export function buildServerBundle(file = path.join(root, 'dist/server/main.js')): string {
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(process.execPath, ['scripts/build-server.mjs', file], {
    cwd: root,
    stdio: 'inherit',
  });
  return file;
}
