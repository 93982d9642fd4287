// Starts the server the way `npm start` does, on a fresh temporary data folder that is removed
// when the server stops: builds the console when its build is missing or stale, then serves it. Its password
// hashes are cheap (apps/server/test/preload-cheap-hashes.ts); the server's own tests check the real cost.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_PASSWORD, ADMIN_USERNAME, E2E_PORT } from './env.ts';
import { storeUnusedImages } from './unused-images.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..');
execFileSync(process.execPath, [join(root, 'scripts', 'build-console-if-stale.ts')], { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'bursary-e2e-'));
await storeUnusedImages(dataDir);
const serverDir = join(root, 'apps', 'server');
const preload = pathToFileURL(join(serverDir, 'test', 'preload-cheap-hashes.ts')).href;
const server = spawn(process.execPath, ['--import', preload, join(serverDir, 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    // the webhook tests send to a receiver they start on this machine, an address otherwise refused
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
