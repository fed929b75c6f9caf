import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of eslint.config.js, shown to hold: each rule fires on a violation and stays quiet
 * on the allowed form. The code is linted as if it were a file of the real tree (`filePath`), so
 * the config's zones and the resolver apply, and imported modules are read from disk.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Imports a whole module and uses it, so no rule but the one under test has a reason to speak. */
const importOf = (source: string) =>
  `import * as imported from '${source}';\nexport { imported };\n`;

type Case = {
  name: string;
  filePath: string;
  code: string;
  /** The rule expected to fire (with a fragment of its message), or null when nothing may. */
  fires: { ruleId: string; message?: string } | null;
};

const layers: Case[] = [
  {
    name: 'src/shared importing from #server',
    filePath: 'src/shared/constants.ts',
    code: importOf('#server/config.ts'),
    fires: { ruleId: 'import-x/no-restricted-paths', message: 'src/shared is used by both sides' },
  },
  {
    name: 'src/shared importing from #shared',
    filePath: 'src/shared/constants.ts',
    code: importOf('#shared/contest-time.ts'),
    fires: null,
  },
  {
    name: 'src/web importing from #server',
    filePath: 'src/web/lib/use-now.ts',
    code: importOf('#server/config.ts'),
    fires: { ruleId: 'import-x/no-restricted-paths', message: 'never imports server code' },
  },
  {
    name: 'src/web importing from #shared',
    filePath: 'src/web/lib/use-now.ts',
    code: importOf('#shared/constants.ts'),
    fires: null,
  },
];

const webFeatures: Case[] = [
  {
    name: 'draws importing a contests request (contests is not among its dependencies)',
    filePath: 'src/web/features/draws/components/spin-card.tsx',
    code: importOf('#web/features/contests/api/get-contest.ts'),
    fires: {
      ruleId: 'import-x/no-restricted-paths',
      message: 'The draws feature may not use the contests feature.',
    },
  },
  {
    name: 'home importing a contests page (internal)',
    filePath: 'src/web/features/home/pages/signed-in-home.tsx',
    code: importOf('#web/features/contests/pages/contest-edit-page.tsx'),
    fires: { ruleId: 'import-x/no-restricted-paths', message: 'through its public modules' },
  },
  {
    name: 'home importing a contests request (public)',
    filePath: 'src/web/features/home/pages/signed-in-home.tsx',
    code: importOf('#web/features/contests/api/get-contests.ts'),
    fires: null,
  },
];

const serverFeatures: Case[] = [
  {
    name: "draws importing an entries internal (entries is not among draws' dependencies)",
    filePath: 'src/server/features/draws/service.ts',
    code: importOf('#server/features/entries/write/insert-entries.ts'),
    fires: {
      ruleId: 'import-x/no-restricted-paths',
      message: 'The draws feature may not use the entries feature.',
    },
  },
  {
    name: 'entries importing a contests internal',
    filePath: 'src/server/features/entries/moderation/list-entries.ts',
    code: importOf('#server/features/contests/routes.ts'),
    fires: { ruleId: 'import-x/no-restricted-paths', message: 'through its public modules' },
  },
  {
    name: 'entries importing the contests service.ts (public)',
    filePath: 'src/server/features/entries/moderation/list-entries.ts',
    code: importOf('#server/features/contests/service.ts'),
    fires: null,
  },
];

const entrySlices: Case[] = [
  {
    name: 'the entries core importing the moderation slice (core uses no slice)',
    filePath: 'src/server/features/entries/core/entry-refusals.ts',
    code: importOf('#server/features/entries/moderation/moderation.ts'),
    fires: {
      ruleId: 'import-x/no-restricted-paths',
      message: 'The entries core slice may not use the moderation slice.',
    },
  },
  {
    name: 'the entries confirmation slice importing the page (nothing uses the page)',
    filePath: 'src/server/features/entries/confirmation/confirm.ts',
    code: importOf('#server/features/entries/page/entry-page.ts'),
    fires: {
      ruleId: 'import-x/no-restricted-paths',
      message: 'The entries confirmation slice may not use the page slice.',
    },
  },
  {
    name: 'the entries write slice importing screening (allowed)',
    filePath: 'src/server/features/entries/write/submit-entry.ts',
    code: importOf('#server/features/entries/screening/screening.ts'),
    fires: null,
  },
  {
    name: 'an entries test setting up through another slice',
    filePath: 'src/server/features/entries/confirmation/double-opt-in.test.ts',
    code: importOf('#server/features/entries/write/insert-entries.ts'),
    fires: null,
  },
];

const testOnly: Case[] = [
  {
    name: 'a production file importing #server/testing/seed.ts',
    filePath: 'src/server/features/health/routes.ts',
    code: importOf('#server/testing/seed.ts'),
    fires: { ruleId: 'no-restricted-imports', message: 'Test helpers are for tests only.' },
  },
  {
    name: 'a production file importing vitest',
    filePath: 'src/server/lib/passwords.ts',
    code: importOf('vitest'),
    fires: { ruleId: 'no-restricted-imports', message: 'Test runners are for tests only.' },
  },
  {
    name: 'a test importing #server/testing/seed.ts and vitest',
    filePath: 'src/server/features/contests/ownership.test.ts',
    code: [
      "import * as runner from 'vitest';",
      "import * as seed from '#server/testing/seed.ts';",
      'export { runner, seed };',
      '',
    ].join('\n'),
    fires: null,
  },
];

/**
 * refresh-contests.ts imports get-contest.ts: get-contest.ts importing it back closes a cycle.
 * The linted text is the real file's, read now, with or without that one added line.
 */
const getContestPath = 'src/web/features/contests/api/get-contest.ts';
const getContest = readFileSync(`${root}/${getContestPath}`, 'utf8');
const cycles: Case[] = [
  {
    name: 'get-contest.ts importing refresh-contests.ts, which imports it',
    filePath: getContestPath,
    code: `${getContest}export { refreshContests } from './refresh-contests.ts';\n`,
    fires: { ruleId: 'import-x/no-cycle', message: 'Dependency cycle detected' },
  },
  { name: 'get-contest.ts as it is', filePath: getContestPath, code: getContest, fires: null },
];

const order: Case[] = [
  {
    name: 'an internal import before an external one',
    filePath: 'src/web/lib/use-now.ts',
    code: [
      "import { COUNTDOWN_TICK_MS } from '#shared/constants.ts';",
      "import { useEffect } from 'react';",
      'export const used = [useEffect, COUNTDOWN_TICK_MS];',
      '',
    ].join('\n'),
    fires: { ruleId: 'import-x/order', message: '`react` import should occur before' },
  },
  {
    name: 'internal imports out of alphabetical order',
    filePath: 'src/web/lib/use-now.ts',
    code: [
      "import { cn } from '#web/lib/cn.ts';",
      "import { COUNTDOWN_TICK_MS } from '#shared/constants.ts';",
      'export const used = [cn, COUNTDOWN_TICK_MS];',
      '',
    ].join('\n'),
    fires: { ruleId: 'import-x/order', message: '`#shared/constants.ts` import should occur' },
  },
  {
    name: 'external, then internal imports, each group sorted',
    filePath: 'src/web/lib/use-now.ts',
    code: [
      "import { useEffect } from 'react';",
      "import { COUNTDOWN_TICK_MS } from '#shared/constants.ts';",
      "import { cn } from '#web/lib/cn.ts';",
      'export const used = [useEffect, COUNTDOWN_TICK_MS, cn];',
      '',
    ].join('\n'),
    fires: null,
  },
];

describe('lint boundaries (eslint.config.js)', () => {
  // One instance for every case: the resolver's and import-x's caches are then reused.
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  const lint = async ({ filePath, code }: Case) => {
    const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
    return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  };

  describe.each([
    ['layers', layers],
    ['web features', webFeatures],
    ['server features', serverFeatures],
    ['entries slices', entrySlices],
    ['test-only imports', testOnly],
    ['import cycles', cycles],
    ['import order', order],
  ])('%s', (_group, cases) => {
    it.each(cases)('$name', async (testCase) => {
      const messages = await lint(testCase);
      if (testCase.fires === null) {
        expect(messages).toEqual([]);
        return;
      }
      expect(messages.map(({ ruleId }) => ruleId)).toEqual([testCase.fires.ruleId]);
      expect(messages[0]!.message).toContain(testCase.fires.message ?? '');
    });
  });
});
