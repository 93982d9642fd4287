import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { startScriptNodeFlags } from '../../bench/start-script.ts';
import { stopOnInterrupt } from '../../bench/processes.ts';

/**
 * The server as users run it: `npm start`'s command (`node [options] src/server.ts`), its own process, configured by
 * environment.
 */
const SERVER_ENTRY = new URL('../../src/server.ts', import.meta.url).pathname;
const NODE_FLAGS = startScriptNodeFlags(new URL('../../package.json', import.meta.url).pathname);

export const ADMIN_USERNAME = 'reliability';
export const ADMIN_PASSWORD = 'a long reliability password 77';

export interface ServerEnv {
  port: number;
  /** The SQLite folder, or undefined with databaseUrl. */
  dataDir?: string;
  databaseUrl?: string;
  /** More environment, e.g. LOGIN_MAX_FAILURES for sqlmap. */
  extra?: Record<string, string>;
}

export interface RunningServer {
  process: ChildProcess;
  pid: number;
  base: string;
  /** Sends SIGKILL and waits until the process is gone. */
  kill: () => Promise<void>;
  /** Graceful stop (SIGTERM), then SIGKILL after a bound. */
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and waits (bounded) until /api/health answers 200. */
export async function startServer(env: ServerEnv, timeoutMs = 60_000): Promise<RunningServer> {
  const base = `http://127.0.0.1:${env.port}`;
  const child = spawn(process.execPath, [...NODE_FLAGS, SERVER_ENTRY], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(env.port),
      LOG_LEVEL: 'error',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      ...(env.dataDir ? { DATA_DIR: env.dataDir } : {}),
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
      // no console build is needed: these suites speak to the API
      CONSOLE_DIR: '/nonexistent-console-build',
      ...env.extra,
    },
  });
  // a server left listening after Ctrl-C would answer the next run's writers on the same port
  stopOnInterrupt(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = once(child, 'exit');
  const gone = async () => {
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  const running: RunningServer = {
    process: child,
    pid: child.pid ?? -1,
    base,
    kill: async () => {
      child.kill('SIGKILL');
      await gone();
    },
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone();
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting: ${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return running;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  await running.kill();
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms: ${stderr}`);
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** Signs in as the first user; answers the bearer token. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
