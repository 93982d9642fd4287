import { enableCompileCache } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Run by idle-parts.ts in a process of its own: imports the modules named on the command line one after the other
 * and prints, after each, the resident set size once a memory-reducing garbage collection has run (the one V8 runs by
 * itself some seconds into an idle process), as JSON lines. Started with --expose-gc.
 */
enableCompileCache();
const gc = (globalThis as { gc?: (options: object) => void }).gc;
if (!gc) throw new Error('idle-parts-child.ts needs --expose-gc');
const settledRssMb = async () => {
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  await sleep(50);
  return process.memoryUsage().rss / 1_048_576;
};
console.log(JSON.stringify({ part: 'node', rssMb: await settledRssMb() }));
for (const part of process.argv.slice(2)) {
  await import(part);
  console.log(JSON.stringify({ part, rssMb: await settledRssMb() }));
}
