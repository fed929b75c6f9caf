// Bundles the server (src/server/main.ts) into dist/server/main.js (or the path given as the
// first argument), run by `npm start`, the benchmarks and the process tests: plain JavaScript in
// one file starts faster and holds ~100 MB less than compiling TypeScript at run time through
// tsx's loader (decision 009).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = path.join(root, 'dist/server/main.js');

/**
 * Sources find files beside them (`new URL('../../../drizzle', import.meta.url)`); inside the
 * bundle, import.meta.url names the bundle. Each source's own URL is put back, relative to the
 * bundle so that the built tree can move as a whole.
 */
const keepSourceUrls = (outfile) => ({
  name: 'keep-source-urls',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep);
      const url = `new URL(${JSON.stringify(relative.join('/'))}, import.meta.url).href`;
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
});

/**
 * Dependencies stay in node_modules, except the front end's component libraries that the entry
 * page's server render imports: loaded whole, lucide-react's ~1,600 icons and every Radix
 * primitive held ~40 MB of a ~150 MB idle server; bundled, only what the pages use is kept.
 * React stays shared with react-dom's renderer (one instance of its hooks).
 */
const bundledPackages =
  /^(lucide-react|radix-ui|@radix-ui\/|tailwind-merge|clsx|class-variance-authority)(\/|$)/;
const sharedPackages = /^(react|react-dom)(\/|$)/;

const keepDependenciesExternal = {
  name: 'keep-dependencies-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) => {
      const fromOwnSources = !args.importer.includes(`${path.sep}node_modules${path.sep}`);
      const bundled =
        !sharedPackages.test(args.path) &&
        (fromOwnSources ? bundledPackages.test(args.path) : !args.path.startsWith('node:'));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

export async function buildServer(outfile = serverBundle) {
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A package's ES module build where it has one: the CommonJS build of a bundled package
    // would require() React, which ESM output cannot do (the bundle throws when loaded).
    mainFields: ['module', 'main'],
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepSourceUrls(outfile), keepDependenciesExternal],
  });
  // What that would have looked like, caught here rather than when a server starts.
  if ((await readFile(outfile, 'utf8')).includes('Dynamic require of')) {
    throw new Error(
      `${outfile} requires a package at run time: bundle its ESM build or keep it external`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverBundle);
}
