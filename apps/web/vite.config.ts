import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin';
import { routePreloads } from './route-preloads-plugin';
import { ANTD_SHELL_MODULE, PUBLIC_PAGES } from './src/app/public-paths';

/** Where the dev server sends /api; the API listens on 3000 unless told otherwise. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // A public page's chunks are announced with index.html; the Ant Design theme with the pages using it.
    routePreloads({
      ...Object.fromEntries(
        Object.entries(PUBLIC_PAGES).map(([pattern, page]) => [
          pattern,
          [page.module, ...(page.usesAntd ? [ANTD_SHELL_MODULE] : [])].map((module) => `src/${module}`),
        ]),
      ),
      '*': ['src/app/app.tsx', 'src/app/session-expiry.ts'],
    }),
    precompress(),
  ],
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
              priority: 3,
            },
            // What the entry itself runs (queries, translations): kept apart, or the merging below would
            // fold it in with admin pages' libraries (an icon set) that every page would then download.
            {
              name: 'shell',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
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
