// `npm run admin -- <command> ...`: builds the server bundles when the CLI's is missing or older
// than its sources, then runs the CLI from dist/server/admin.js, as `npm start` runs the server:
// an operator's machine needs no TypeScript loader.
import { pathToFileURL } from 'node:url';
import { adminBundle, buildServer, isStale } from './build-server.mjs';

if (isStale(adminBundle, ['src/server', 'src/shared', 'package.json'])) {
  // On stderr: stdout is the command's own output (a generated password, say).
  console.error('Building the server and the admin CLI (first run or changed sources)...');
  await buildServer();
}

// The CLI reads its command from process.argv, which is this script's.
await import(pathToFileURL(adminBundle).href);
