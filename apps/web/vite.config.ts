import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin';

/** Where the dev server sends /api; the API listens on 3000 unless told otherwise. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route is its own chunk (app/lazy-page.ts); shared modules are split by use, so that a public
    // page loads the few Ant Design components it shows, not the admin screens' (docs/performance.md).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React changes less often than the app: its own chunk stays cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // Libraries grouped by the set of routes that use them, small groups merged: a page loads
            // only what it uses, in a few requests rather than one per component.
            {
              name: 'vendor',
              test: /node_modules/,
              entriesAware: true,
              entriesAwareMergeThreshold: 40_000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
