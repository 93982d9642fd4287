import { readdirSync, readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * How far below the event loop the thread pool runs. The pool does the work that may take a core
 * for long: password hashes (a few hundred milliseconds of scrypt each), image variants, file
 * reads. On a machine with as many cores as hashes allowed at once, a burst of sign-ins shared
 * the cores evenly with the event loop and held every console file and API answer behind it. Ten
 * steps gives the event loop about nine tenths of a contested core, while a hash still finishes
 * within seconds on a saturated machine (nineteen would all but stop it).
 */
export const THREAD_POOL_NICE_INCREMENT = 10;

/** libuv names the threads of its pool so (since libuv 1.50); with an older libuv the pool keeps its priority. */
const POOL_THREAD_NAME = 'libuv-worker';

/**
 * Lowers the priority of each thread of the process's thread pool, not of the process: on Linux
 * each thread has its own nice value, set through its thread id. libuv starts all its pool's
 * threads at the pool's first use, so one file-system call first makes sure they exist. Elsewhere
 * than Linux nothing changes.
 */
export async function lowerThreadPoolPriority(): Promise<void> {
  if (process.platform !== 'linux') return;
  await access('/proc/self/task');
  for (const entry of readdirSync('/proc/self/task')) {
    const tid = Number(entry);
    try {
      if (readFileSync(`/proc/self/task/${entry}/comm`, 'utf8').trim() !== POOL_THREAD_NAME) continue;
      setPriority(tid, Math.min(19, getPriority(tid) + THREAD_POOL_NICE_INCREMENT));
    } catch {
      // a thread that ended meanwhile, or a system that refuses: the pool keeps its priority
    }
  }
}
