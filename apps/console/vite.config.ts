import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each text file, which the server sends as they are: a
    // request never waits for compression, and the build can afford the slowest, smallest settings.
    // Files under 1 KB or that would not shrink keep no copy; Vite's manifest is build metadata the
    // server refuses, so it needs none.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      include: /\.(?:html|css|js|mjs|json|svg|txt|webmanifest)$/,
      exclude: /(?:^|\/)\.vite\//,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    // images only: /media itself is the console's media library screen
    proxy: { '/api': apiServer, '^/media/': apiServer },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // read by scripts/check-bundle-budget.ts to sum the JS each first screen needs
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files compress better: what the first screen needs comes as one file, and
        // TanStack Query (used by every signed-in screen, never by the sign-in page) as another. TanStack
        // Virtual is left out of that file: only the list screens use it, and they load it with their code.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](?:react-)?query/ },
          ],
        },
      },
    },
  },
});
