import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_LOOP_DELAY_QUESTION } from './event-loop-question.ts';

/** Every child the bench starts, so that an error or Ctrl-C still stops them all. */
const started = new Set<ChildProcess>();
/** Set by Ctrl-C: the run goes on until the exit, and a child it started then would outlive the bench. */
let interrupted = false;

export function startChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  nodeFlags: string[] = [],
): ChildProcess {
  if (interrupted) throw new Error('the bench is stopping: no new process');
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    // the baselines keep compiled code as the server does (server.ts), so RSS and start-up compare fairly
    env: { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'), ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/** Resolves when the child says it listens (baselines report over IPC). */
export function readyMessage(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a baseline did not start in time')), timeoutMs);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a baseline stopped with code ${code}`));
    });
  });
}

/** Polls /api/health every few milliseconds; answers the milliseconds from `since` to the first 200. */
export async function waitForHealth(
  base: string,
  since: number,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return performance.now() - since;
    } catch {
      /* not listening yet */
    }
    await sleep(5);
  }
  throw new Error(`${base} did not answer /api/health in ${timeoutMs} ms`);
}

/** Resident set size of a child, in MB, from the kernel's own count. */
export function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/**
 * CPU time a child has used so far, in microseconds, in user space and in the kernel (utime and stime of
 * /proc/<pid>/stat, counted in ticks of 1/100 s): a per-request figure a shared machine's neighbours move far less
 * than req/s.
 */
export function cpuTimes(child: ChildProcess): { user: number; system: number } {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

/** Node flags that load the event-loop probe into a child (event-loop-probe.ts). */
export const eventLoopProbeFlags = ['--import', join(import.meta.dirname, 'event-loop-probe.ts')];

/** The longest event-loop delay of a child started with eventLoopProbeFlags since it was last asked, in ms. */
export function eventLoopDelayMax(child: ChildProcess, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', answer);
      reject(new Error('the server did not answer the event-loop question'));
    }, timeoutMs);
    function answer(message: unknown) {
      if (typeof message !== 'object' || message === null || !('eventLoopDelayMaxMs' in message)) return;
      clearTimeout(timer);
      child.off('message', answer);
      resolve(Number(message.eventLoopDelayMaxMs));
    }
    child.on('message', answer);
    child.send(EVENT_LOOP_DELAY_QUESTION);
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A child started elsewhere (the reliability suites' servers) that Ctrl-C must stop with the bench's own. */
export function stopOnInterrupt(child: ChildProcess): void {
  // started while the others are being stopped: the caller runs on until the exit, so this one goes at once
  if (interrupted) {
    child.kill('SIGKILL');
    return;
  }
  started.add(child);
  child.once('exit', () => started.delete(child));
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map(stopChild));
}

/**
 * What must still be undone when Ctrl-C ends the bench, once the children are stopped (a throwaway database): the
 * exit on a signal skips every `finally`. Answers a function that takes the task back, for when it ran anyway.
 */
const undoOnSignal = new Set<() => Promise<void>>();
export function undoOnInterrupt(task: () => Promise<void>): () => void {
  undoOnSignal.add(task);
  return () => undoOnSignal.delete(task);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    void stopAll()
      .then(() => Promise.allSettled([...undoOnSignal].map((task) => task())))
      .finally(() => process.exit(130));
  });
}
