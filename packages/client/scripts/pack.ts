import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm pack` (and `npm publish`) of the client, run by its prepack and postpack scripts.
 *
 * In this repository `exports` names the TypeScript sources, as @bursary/shared's does: Node (type stripping; the
 * workspace link resolves to packages/client, outside node_modules), Vite, Astro, Vitest and tsc all read them, and
 * nothing has to be built first or kept from going stale. A package installed elsewhere needs JavaScript and
 * declarations instead: `prepack` builds dist/ afresh and writes `publishConfig.exports` (the dist/ entry points,
 * which pnpm and Yarn apply by themselves) over `exports` for the tarball; `postpack` puts package.json back.
 */

const PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));
const KEPT = `${PACKAGE}.source`;
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TSC = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
const BUILD_CONFIG = fileURLToPath(new URL('../tsconfig.build.json', import.meta.url));

/** dist/ made afresh from src/ (nothing left from a file since removed). */
function build(): void {
  rmSync(DIST, { recursive: true, force: true });
  const built = spawnSync(process.execPath, [TSC, '-p', BUILD_CONFIG], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('The build of dist/ failed.');
}

function prepack(): void {
  if (existsSync(KEPT)) restore(); // a pack that stopped half-way
  build();
  const manifest = JSON.parse(readFileSync(PACKAGE, 'utf8')) as {
    exports: unknown;
    publishConfig?: { exports?: unknown };
  };
  if (!manifest.publishConfig?.exports) throw new Error('package.json has no publishConfig.exports to pack.');
  copyFileSync(PACKAGE, KEPT);
  manifest.exports = manifest.publishConfig.exports;
  writeFileSync(PACKAGE, `${JSON.stringify(manifest, null, 2)}\n`);
}

function restore(): void {
  if (existsSync(KEPT)) renameSync(KEPT, PACKAGE);
}

const step = process.argv[2];
if (step === 'build') build();
else if (step === 'prepack') prepack();
else if (step === 'postpack') restore();
else throw new Error('Usage: node scripts/pack.ts build|prepack|postpack');
