// `npm start` builds the console only when its build is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const consoleDir = join(import.meta.dirname, '..', 'apps', 'console');
const sharedDir = join(import.meta.dirname, '..', 'packages', 'shared', 'src');
const builtIndex = join(consoleDir, 'dist', 'index.html');
const sources = [
  join(consoleDir, 'src'),
  join(consoleDir, 'index.html'),
  join(consoleDir, 'vite.config.ts'),
  sharedDir,
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log('Building the console…');
  // from the project's root, whichever workspace asked (the bench runs from the server's)
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: consoleDir });
}
