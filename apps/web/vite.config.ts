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
    // Ant Design alone is ~900 kB minified (290 kB gzipped); it is one cached vendor chunk.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // Only the Excel import wizard loads it, on demand: kept out of the vendor chunk every page loads.
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/, priority: 3 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
              priority: 1,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
