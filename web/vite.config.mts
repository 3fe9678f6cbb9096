import { defineConfig, type Plugin } from 'vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Files worth compressing: text (scripts, styles, HTML, SVG, JSON); source maps are never served. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip level 9) beside every text file of
 * the build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing per request: on a store's slow Wi-Fi the 490 KB script becomes about 130 KB.
 * Files under 1 KB are left alone (the headers would cost more than they save).
 */
function precompress(outDir: string): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'podium-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The player app and organizer console, built into dist/web and served by the Nest server at `/`
// (the API stays under /api). No React plugin: Vite's own transformer compiles JSX, and the app
// needs no fast refresh to be built.
const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));
export default defineConfig({
  root,
  base: '/',
  publicDir: 'public',
  plugins: [precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    // Maps are written for debugging a build by hand but not referenced by the scripts, and the
    // server refuses to serve them (a public 2.4 MB map is the source for anyone, and a cost).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1000,
    // React Query and react-router mark modules "use client" (for server components): meaningless in a plain SPA bundle.
    rolldownOptions: { onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)) },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
