import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { config, configs as typescriptConfigs } from 'typescript-eslint';

/**
 * Which features a feature may use, and so the direction every dependency between features runs
 * (docs/architecture.md#boundaries). A feature missing from another's list may not import it at all,
 * which keeps the graph free of cycles; one that is listed is reached through its public modules.
 */
const webFeatureDependencies = {
  account: ['auth', 'contest-entry'],
  admin: ['auth', 'contests', 'draws'],
  auth: [],
  'contest-entry': [],
  contests: ['account', 'auth', 'contest-entry', 'draws'],
  'draw-record': ['contest-entry'],
  draws: [],
  home: ['auth', 'contests'],
  landing: [],
  me: [],
  'not-found': [],
  rules: ['contest-entry'],
};
/** A web feature's public modules: its requests and its components, never its pages or helpers. */
const webPublicModules = ['api', 'components'];

const serverFeatureDependencies = {
  admin: ['auth', 'contests', 'users'],
  auth: ['users'],
  brand: ['auth'],
  claims: ['auth', 'contests', 'draws'],
  contests: ['auth', 'brand', 'rules'],
  draws: ['auth', 'contests', 'rules'],
  entries: ['admin', 'auth', 'contests'],
  health: [],
  images: ['auth', 'brand', 'contests'],
  landing: [],
  me: ['draws', 'entries'],
  rules: [],
  users: [],
};
/** A server feature's public module is its service; auth also lends the session it reads. */
const serverPublicModules = ['service.ts', 'sessions.ts'];

/**
 * The entries feature's slices, one per job (src/server/features/entries/README.md), and which
 * others each may use: core is the entry as data, the write path takes screening, referrals and
 * confirmation, and nothing uses the page, moderation or transfer. Tests may set up through any
 * slice.
 */
const entrySliceDependencies = {
  core: [],
  screening: ['core'],
  referrals: ['core'],
  confirmation: ['core', 'referrals'],
  write: ['core', 'screening', 'referrals', 'confirmation'],
  page: ['core', 'screening', 'write'],
  moderation: ['core', 'referrals', 'confirmation'],
  transfer: ['core', 'write', 'referrals', 'confirmation'],
};
const entrySliceZones = Object.entries(entrySliceDependencies).flatMap(([slice, allowed]) =>
  Object.keys(entrySliceDependencies)
    .filter((other) => other !== slice && !allowed.includes(other))
    .map((other) => ({
      target: `src/server/features/entries/${slice}`,
      from: `src/server/features/entries/${other}`,
      message: `The entries ${slice} slice may not use the ${other} slice.`,
    })),
);

/** One zone per feature and per feature it may not reach (or may reach only in public). */
function featureZones(root, dependencies, publicModules) {
  return Object.entries(dependencies).flatMap(([feature, allowed]) =>
    Object.keys(dependencies)
      .filter((other) => other !== feature)
      .map((other) => {
        const zone = { target: `${root}/${feature}`, from: `${root}/${other}` };
        if (!allowed.includes(other)) {
          return { ...zone, message: `The ${feature} feature may not use the ${other} feature.` };
        }
        return {
          ...zone,
          except: publicModules.map((module) => `./${module}`),
          message: `Use the ${other} feature through its public modules (${publicModules.join(', ')}).`,
        };
      }),
  );
}

const layerZones = [
  {
    target: 'src/shared/**',
    from: ['src/server/**', 'src/web/**'],
    message: 'src/shared is used by both sides and imports from neither.',
  },
  {
    target: 'src/web/**',
    from: ['src/server/**'],
    message: 'The browser bundle never imports server code.',
  },
  {
    target: ['src/web/lib/**', 'src/web/components/**'],
    from: ['src/web/features/**', 'src/web/app/**'],
    message: 'Shared web code does not depend on features or on the app shell.',
  },
  {
    target: ['src/server/lib/**', 'src/server/db/**', 'src/server/mail/**', 'src/server/jobs/**'],
    from: ['src/server/features/**', 'src/server/plugins/**'],
    message: 'Server libraries do not depend on features or plugins.',
  },
];

const boundaryZones = [
  ...layerZones,
  ...featureZones('src/web/features', webFeatureDependencies, webPublicModules),
  ...featureZones('src/server/features', serverFeatureDependencies, serverPublicModules),
];

/** Test helpers and test runners, which production code must never load. */
const testOnlyImports = {
  patterns: [
    {
      group: ['#server/testing/*', '**/testing/*', '#server/testing/suites/*'],
      message: 'Test helpers are for tests only.',
    },
    { group: ['vitest', '@playwright/test'], message: 'Test runners are for tests only.' },
  ],
};
const testFiles = [
  '**/*.test.{ts,tsx}',
  'src/server/testing/**',
  'tests/**',
  'bench/**',
  'vitest.config.ts',
  'playwright.config.ts',
];

export default config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'drizzle'] },
  js.configs.recommended,
  ...typescriptConfigs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/internal-regex': '^#(server|shared|web)/',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['src/server/features/entries/**/*.ts'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...entrySliceZones] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', testOnlyImports] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', 'bench/**', 'src/server/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
