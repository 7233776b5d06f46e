// Vite configuration of the renderer. Vite 8 transforms TSX itself (oxc) with the automatic JSX
// runtime, so no React plugin is needed.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
// npm run dev (api/dev/run.ts) runs the API on API_PORT: every path it serves goes there.
const api = `http://localhost:${process.env.API_PORT || '3000'}`;

export default defineConfig({
  root: rendererRoot,
  base: '/with-ag/',
  oxc: {
    jsx: { runtime: 'automatic' },
  },
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
    },
  },
  build: {
    outDir: resolve(rendererRoot, '../dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // react-router marks its modules "use client"; meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/healthz': api,
      '/readyz': api,
      '/metrics': api,
    },
  },
});
