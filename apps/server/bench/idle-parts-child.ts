import { createRequire, enableCompileCache } from 'node:module';
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
const require = createRequire(import.meta.url);
for (const part of process.argv.slice(2)) {
  // a built-in module is required, as the server requires node:http (src/lib/node-http.ts): an ES import of node:http
  // would load Node's fetch implementation with it
  if (part.startsWith('node:')) require(part);
  else await import(part);
  console.log(JSON.stringify({ part, rssMb: await settledRssMb() }));
}
