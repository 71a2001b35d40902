import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { precompress } from './scripts/precompress.ts';
import { purgeBootstrap } from './scripts/purgeBootstrap.ts';
import { routeChunks } from './scripts/routeChunks.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), routeChunks(), precompress()],
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
