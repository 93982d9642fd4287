import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { startChild } from './processes.ts';
import { startScriptNodeFlags } from './start-script.ts';

/** The server under the bench: its data folder, its admin, its environment and how it is started. */

const here = import.meta.dirname;
export const ports = { server: 3510, raw: 3511, fastify: 3512 };
export const base = (port: number) => `http://127.0.0.1:${port}`;
export const admin = { username: 'bench', password: `Bench-${randomBytes(12).toString('base64url')}` };

export const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bench-'));
const serverEnv = {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  // a log line per request would be measured too; warnings and errors still print
  LOG_LEVEL: 'warn',
};

export const serverNodeFlags = startScriptNodeFlags(join(here, '..', 'package.json'));

export function startServer(port: number): { child: ChildProcess; since: number } {
  const since = performance.now();
  return {
    child: startChild(join(here, '..', 'src', 'server.ts'), [], { ...serverEnv, PORT: String(port) }, serverNodeFlags),
    since,
  };
}

export async function json<T>(url: string, init?: RequestInit): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}`);
  return { body: (await res.json()) as T, headers: res.headers };
}
