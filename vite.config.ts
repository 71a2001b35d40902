import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from './scripts/precompress.ts';
import { purgeBootstrap } from './scripts/purgeBootstrap.ts';
import { routeChunks } from './scripts/routeChunks.ts';
import { routerProduction } from './scripts/routerProduction.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), routerProduction(), routeChunks(), precompress()],
  css: {
    postcss: { plugins: [purgeBootstrap()] },
    // Bootstrap 5.3's Sass still uses @import and global functions; those notices concern Bootstrap, not us.
    preprocessorOptions: {
      scss: { silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    // Lazy screens live at static/js/{id}.{hash}.chunk.js (docs/architecture.md, "Build output").
    assetsDir: 'static',
    // Every browser the build targets (Vite's baseline: Chrome 111, Firefox 114, Safari 16.4) loads ES modules; those
    // without <link rel="modulepreload"> (Firefox 114, Safari 16.x) fetch a preloaded chunk when it is imported
    // instead of beforehand. The polyfill that fetched them early was 0.2 kB of every first download (decision 0011).
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        chunkFileNames: 'static/js/[name].[hash].chunk.js',
        entryFileNames: 'static/js/[name].[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'static/css/[name].[hash][extname]'
            : 'static/media/[name].[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
