import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';

/**
 * A server process whose only work here is its schedule runner: the app as the server builds it,
 * looking for due schedules every second. ACTION_DELAY_MS slows every scheduled action inside its
 * transaction, so a test can kill the process while it is running them; each action started is
 * announced on stdout.
 */
const STARTED = 'action started';
const READY = 'ready';

export interface ScheduleProcess {
  /** How many actions it has started. */
  started: () => number;
  kill: () => Promise<void>;
}

/** Starts this file as its own process on the given database and waits until its runner is on. */
export async function startScheduleProcess(
  database: { dataDir: string; databaseUrl?: string | undefined },
  actionDelayMs = 0,
): Promise<ScheduleProcess> {
  const child: ChildProcess = spawn(process.execPath, [new URL(import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SCHEDULE_CHECK_SECONDS: '1',
      LOG_LEVEL: 'silent',
      ACTION_DELAY_MS: String(actionDelayMs),
    },
  });
  let started = 0;
  let stderr = '';
  let ready = false;
  const readyNow = new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line === STARTED) started += 1;
        if (line === READY) {
          ready = true;
          resolve();
        }
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`the schedule process exited with ${code} while starting: ${stderr}`));
    });
  });
  await readyNow;
  const exited = once(child, 'exit');
  return {
    started: () => started,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const delayMs = Number(process.env.ACTION_DELAY_MS ?? 0);
  const app = await buildApp({
    config,
    db,
    publishing: {
      beforeScheduledAction: async () => {
        process.stdout.write(`${STARTED}\n`);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      },
    },
  });
  await app.ready();
  process.stdout.write(`${READY}\n`);
  // the runner's timer does not keep a process alive: this one lives until it is killed
  setInterval(() => {}, 60_000);
}

if (import.meta.main) await main();
