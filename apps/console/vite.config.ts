import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    proxy: { '/api': apiServer, '/media': apiServer },
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
        // TanStack Query (used by every signed-in screen, never by the sign-in page) as another.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
