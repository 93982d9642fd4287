import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The website as `npm start` builds it, made once before the tests when its sources are newer. */
export default function setup(): void {
  const script = fileURLToPath(new URL('../../../scripts/build-website-if-stale.ts', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
