import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The player app and organizer console, built into dist/web and served by the Nest server at `/`
// (the API stays under /api). No React plugin: Vite's own transformer compiles JSX, and the app
// needs no fast refresh to be built.
const root = fileURLToPath(new URL('.', import.meta.url));
export default defineConfig({
  root,
  base: '/',
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1000,
    // React Query and react-router mark modules "use client" (for server components): meaningless in a plain SPA bundle.
    rolldownOptions: { onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)) },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
