// Bundles the server (src/server/main.ts) into dist/server/main.js (or the path given as the
// first argument), run by `npm start`, the benchmarks and the process tests: plain JavaScript in
// one file starts faster and holds ~100 MB less than compiling TypeScript at run time through
// tsx's loader (decision 009). The admin CLI (src/server/cli/admin.ts) is bundled beside it as
// admin.js, run by `npm run admin`: production needs no TypeScript loader at all.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = path.join(root, 'dist/server/main.js');
export const adminBundle = path.join(root, 'dist/server/admin.js');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any of `sources` (files or directories). */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const newestSource = Math.max(
    ...sources
      .map((p) => path.join(root, p))
      .map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs)),
  );
  return newestSource > statSync(output).mtimeMs;
}

/**
 * Sources find files beside them (`new URL('../../../drizzle', import.meta.url)`); inside the
 * bundle, import.meta.url names the bundle. Each source's own URL is put back, relative to the
 * bundle so that the built tree can move as a whole.
 */
const keepSourceUrls = (outdir) => ({
  name: 'keep-source-urls',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const relative = path.relative(outdir, args.path).split(path.sep);
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
const bundledPackages = /^(lucide-react|radix-ui|@radix-ui\/)(\/|$)/;
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

/** Builds the server into `outfile` and the admin CLI beside it, as `admin.js`. */
export async function buildServer(outfile = serverBundle) {
  const outdir = path.dirname(outfile);
  const outfiles = [outfile, path.join(outdir, 'admin.js')];
  await build({
    entryPoints: [
      { in: path.join(root, 'src/server/main.ts'), out: path.basename(outfile, '.js') },
      { in: path.join(root, 'src/server/cli/admin.ts'), out: 'admin' },
    ],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A package's ES module build where it has one: the CommonJS build of a bundled package
    // would require() React, which ESM output cannot do (the bundle throws when loaded).
    mainFields: ['module', 'main'],
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepSourceUrls(outdir), keepDependenciesExternal],
  });
  // What that would have looked like, caught here rather than when a server starts.
  for (const file of outfiles) {
    if ((await readFile(file, 'utf8')).includes('Dynamic require of')) {
      throw new Error(
        `${file} requires a package at run time: bundle its ESM build or keep it external`,
      );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverBundle);
}
