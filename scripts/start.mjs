// `npm start`: builds the client and the server bundle when missing or older than their sources,
// then serves from the bundle (plain JavaScript: no TypeScript compiler in the running server).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, serverBundle } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any of `sources` (files or directories). */
function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const newestSource = Math.max(
    ...sources
      .map((p) => path.join(root, p))
      .map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs)),
  );
  return newestSource > statSync(output).mtimeMs;
}

if (isStale(builtIndex, ['src/web', 'src/shared', 'index.html', 'vite.config.ts'])) {
  console.log('Building the client (first start or changed sources)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}

// The server renders the entry page with src/web: its bundle depends on every source tree.
if (isStale(serverBundle, ['src/server', 'src/web', 'src/shared', 'package.json'])) {
  await buildServer();
}

await import(pathToFileURL(serverBundle).href);
