/// <reference types="astro/client" />
import type { SiteAccess } from './lib/site.ts';

declare global {
  namespace App {
    interface Locals {
      /** The content and the reads a page may make, handed in by server/serve.ts for every render. */
      site: SiteAccess;
      /** Called with every rendered public answer, so that the server keeps it; answers its ETag. */
      keep?: (answer: { status: number; headers: Headers; body: string }) => string;
    }
  }
}
