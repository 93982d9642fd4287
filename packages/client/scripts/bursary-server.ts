import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real Bursary server of the monorepo, started as `npm start` starts it, on a free loopback port and a
 * throwaway data folder: what the client's tests read and its types are generated from.
 */

const SERVER = fileURLToPath(new URL('../../../apps/server/src/server.ts', import.meta.url));
export const ADMIN = { username: 'admin', password: 'a long admin password 42' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningBursary {
  url: string;
  stop(): Promise<void>;
}

export async function startBursary(env: Record<string, string> = {}): Promise<RunningBursary> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-client-'));
  const url = `http://127.0.0.1:${port}`;
  // the server's own environment, less a database another suite set up
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Bursary did not start: ${stderr}`);
    }
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Bursary did not answer within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
