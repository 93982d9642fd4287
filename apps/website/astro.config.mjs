// The website is rendered on the server by Astro: React components to HTML, no script sent to visitors. The Node
// adapter builds a request handler (middleware mode) that server/serve.ts puts behind its own page cache, so that a
// page served again between changes costs what a plain node:http answer does.
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // one request per page: the stylesheet is small, and a separate file would block the first paint on a slow line
  build: { inlineStylesheets: 'always' },
  // the pages read their content from Astro.locals, handed in by server/serve.ts; nothing is prerendered
  devToolbar: { enabled: false },
});
