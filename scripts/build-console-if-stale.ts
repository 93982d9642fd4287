// `npm start` builds the console only when its build is missing or older than its sources.
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.ts';

const consoleDir = join(import.meta.dirname, '..', 'apps', 'console');
buildIfStale('the console', consoleDir, join(consoleDir, 'dist', 'index.html'), [
  join(consoleDir, 'src'),
  join(consoleDir, 'index.html'),
  join(consoleDir, 'vite.config.ts'),
  join(import.meta.dirname, '..', 'packages', 'shared', 'src'),
]);
