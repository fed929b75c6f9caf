import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { processTests } from './process-tests.ts';
import { root } from './processes.ts';
import { buildServerBundle } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundle the process tests start, built once per test project. */
    serverBundle: string;
  }
}

/**
 * Vitest's global setup: when the process tests run, builds the server bundle they start (and
 * the admin CLI beside it), into a directory of each project's own (the projects start at once),
 * removed after the run.
 */
export default function setup(project: TestProject) {
  if (!processTests()) return;
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(path.join(root, 'dist', 'server-test-'));
  project.provide('serverBundle', buildServerBundle(path.join(dir, 'main.js')));
  return () => rmSync(dir, { recursive: true, force: true });
}
