import type { ChildProcess } from 'node:child_process';
import { type Load, errorsText, measure } from './load.ts';
import { ownDataFolder, startOwnServer } from './own-server.ts';
import { cpuTimes } from './processes.ts';
import { faqAnswer, insertRows } from './seed.ts';
import { postLoad, putLoad } from './writes.ts';

/**
 * Main-thread-and-all CPU a write costs the server process: its user+system time over a POST load and a PUT load
 * (c=10), divided by the requests answered. Raw req/s on a shared machine moves with the neighbours' load; the CPU
 * a request takes moves much less, so a change to the write path is judged by this figure.
 * WRITE_CPU_SECONDS sets each run's length (default 8); WRITE_CPU_PROFILE=<folder> starts the server with --cpu-prof
 * writing its profile into that folder when it stops.
 */
const CONNECTIONS = 10;
const seconds = Number(process.env.WRITE_CPU_SECONDS ?? 8);

/** CPU seconds the process has used so far, user and system time together. */
function cpuSeconds(child: ChildProcess): number {
  const { user, system } = cpuTimes(child);
  return (user + system) / 1_000_000;
}

async function cpuPerRequest(child: ChildProcess, base: string, load: Load, name: string): Promise<void> {
  await measure(base, load, { warm: 0, run: 1 });
  const before = cpuSeconds(child);
  const result = await measure(base, load, { warm: 0, run: seconds });
  const used = cpuSeconds(child) - before;
  const ms = (used * 1000) / Math.max(result.requests, 1);
  console.log(
    `${name}: ${ms.toFixed(3)} CPU ms/request, ${result.reqPerSec} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.requests} answers, ${errorsText(result)}`,
  );
}

const folder = await ownDataFolder((database) =>
  insertRows(
    database,
    'faqs',
    2_000,
    (n) => ({ title: `Question ${n}`, description: faqAnswer(n) }),
    (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
  ),
);
const profile: Record<string, string> = process.env.WRITE_CPU_PROFILE
  ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.WRITE_CPU_PROFILE}` }
  : {};
const server = await startOwnServer(folder, profile);
try {
  await cpuPerRequest(server.child, server.base, postLoad(server.auth, CONNECTIONS), 'POST /api/faqs (c=10)');
  const ids = Array.from({ length: 200 }, (_, n) => n + 1);
  await cpuPerRequest(
    server.child,
    server.base,
    putLoad(server.auth, ids, CONNECTIONS),
    'PUT /api/faqs/:id If-Match (c=10)',
  );
} finally {
  await server.stop();
  folder.remove();
}
