// `npm start`: builds the client and the server bundle when missing or older than their sources,
// then serves from the bundle (plain JavaScript: no TypeScript compiler in the running server).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, isStale, serverBundle } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');

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
