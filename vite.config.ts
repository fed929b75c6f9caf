import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = 'dist/client';

/** Writes .br and .gz beside each text asset so the server sends them without compressing live. */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function walk(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? walk(full) : Promise.resolve([full]);
      }),
    );
    return nested.flat();
  }
  return {
    name: 'prizewheel-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await walk(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const content = await readFile(file);
          await writeFile(
            `${file}.br`,
            await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
        }),
      );
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // Browsers without <link rel=modulepreload> only lose the preloading, not the page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything src/web/main.tsx imports statically (React, the entry page and what it
          // uses) is one file: each further script costs a request and ~1 KB of headers. The
          // app's screens stay in their own chunks and import what they share from it.
          // The icons the other screens use are one file too, instead of a file each (the
          // landing page asked for six of ~1.3 KB, most of it headers).
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
});
