import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './load.ts';
import { serverNodeFlags } from './run-server.ts';

/**
 * `npm run bench:idle-parts`: what each part the server loads at start costs in resident memory, for the idle RSS
 * goal (the server against raw node:http). Each run is a fresh process with the start script's Node flags and the
 * compile cache, importing the parts in the server's order, each on top of the ones before; the figure is the median
 * growth over RUNS runs. node:http comes first, as raw node:http has it too. What the running server holds beyond its
 * modules (routes, the database, caches) is the idle server's RSS less the last line.
 */
const RUNS = 5;
const here = import.meta.dirname;
const PARTS = [
  'node:http',
  'pino',
  'fastify',
  '@fastify/multipart',
  '@fastify/static',
  '@fastify/cors',
  'kysely',
  'better-sqlite3',
  'zod',
  '@bursary/shared',
  '../src/app.ts',
  '../src/start-server.ts',
];

const runs = Array.from({ length: RUNS }, () => {
  const output = execFileSync(
    process.execPath,
    [...serverNodeFlags, '--expose-gc', join(here, 'idle-parts-child.ts'), ...PARTS],
    { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') } },
  );
  return output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { part: string; rssMb: number });
});
const label = (part: string) => (part.startsWith('../src/') ? `the server's own modules to ${part.slice(7)}` : part);
const width = Math.max(...PARTS.map((part) => label(part).length));
console.log(`RSS at each step, median of ${RUNS} processes (MB)`);
let before = median(runs.map((run) => run[0]?.rssMb ?? 0));
console.log(`${'node alone'.padEnd(width)}  ${before.toFixed(1).padStart(6)}`);
for (const [n, part] of PARTS.entries()) {
  const rss = median(runs.map((run) => run[n + 1]?.rssMb ?? 0));
  console.log(`${label(part).padEnd(width)}  ${rss.toFixed(1).padStart(6)}  +${(rss - before).toFixed(1)}`);
  before = rss;
}
