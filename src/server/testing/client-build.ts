import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for `dist/client` shaped like Vite's output (title, description, one module script,
 * the root div), so the server's HTML answers can be tested without building the client.
 */
export const CLIENT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Run giveaways that grow your list." />
    <title>Prizewheel – giveaways with a fair spinning wheel</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export const CLIENT_ASSET = '/assets/index-abc123.js';

/** Lies next to the build directory: no URL may ever serve it. */
export const SECRET_BESIDE_BUILD = 'secret-beside-the-client-build';

/** The build directory, inside a temporary directory that also holds `secret.txt`. */
export function makeClientBuild(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'pw-hostile-client-'));
  writeFileSync(path.join(parent, 'secret.txt'), SECRET_BESIDE_BUILD);
  const dir = path.join(parent, 'client');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), CLIENT_INDEX_HTML);
  writeFileSync(path.join(dir, CLIENT_ASSET), 'console.log("client");');
  return dir;
}

/** How many `<script` tags a page holds: each one more than the template's is a finding. */
export function scriptTagCount(html: string): number {
  return html.match(/<script\b/gi)?.length ?? 0;
}
