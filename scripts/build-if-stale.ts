// A build that `npm start` makes only when it is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Runs `npm run build` in `dir` (from that workspace, whichever asked) when `built` is older than any of `sources`. */
export function buildIfStale(what: string, dir: string, built: string, sources: string[]): void {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt >= changedAt) return;
  console.log(`Building ${what}…`);
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: dir });
}
