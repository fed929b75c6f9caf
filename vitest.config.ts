import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const api = (name: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${name}`,
    include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
    env: { TEST_DB: name },
    globalSetup: ['src/server/testing/process-tests-setup.ts'],
  },
});

// The API suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest's default leaves a core to itself: one test file at a time on a 2-core machine,
    // where the files spend much of their time waiting on PostgreSQL, child processes and
    // timers. Two at a time took the whole suite from ~12 to 8.2 minutes there
    // (docs/decisions/027-ci-within-its-time.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      api('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/protocol/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
