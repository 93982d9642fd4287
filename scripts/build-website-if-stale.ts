// `npm start` builds the fund's website only when its build is missing or older than its sources.
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.ts';

const websiteDir = join(import.meta.dirname, '..', 'apps', 'website');
buildIfStale('the website', websiteDir, join(websiteDir, 'dist', 'server', 'entry.mjs'), [
  join(websiteDir, 'src'),
  join(websiteDir, 'astro.config.mjs'),
  join(import.meta.dirname, '..', 'packages', 'client', 'src'),
]);
