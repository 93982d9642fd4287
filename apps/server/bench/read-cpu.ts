import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, ownDataFolder, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopChild } from './processes.ts';
import { base } from './run-server.ts';
import { faqAnswer, insertRows } from './seed.ts';

/**
 * `npm run bench:read-cpu`: the server's CPU time per request of the website's list (GET /api/faqs, c=50) beside
 * raw node:http answering the same bytes, measured in turn. CPU time per request, read from the kernel's count
 * for each process, holds steadier than req/s on a shared machine. READ_CPU_SECONDS and READ_CPU_ROUNDS set
 * the length; READ_CPU_PATH a path other than the list.
 */
const here = import.meta.dirname;
const FAQS = 50;
const seconds = Number(process.env.READ_CPU_SECONDS ?? 5);
const rounds = Number(process.env.READ_CPU_ROUNDS ?? 3);
const path = process.env.READ_CPU_PATH ?? '/api/faqs';

/** User and system time of a process, in microseconds, from /proc/<pid>/stat (counted in 1/100 s). */
function cpuMicros(child: ChildProcess): { user: number; system: number } {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

interface CpuMeasure {
  reqPerSec: number;
  /** Microseconds of the process's CPU time per answer, in user space and in the kernel. */
  user: number;
  system: number;
}

async function measureCpu(child: ChildProcess, url: string): Promise<CpuMeasure> {
  const before = cpuMicros(child);
  const result = await autocannon({ url, connections: 50, duration: seconds });
  const after = cpuMicros(child);
  const answered = Math.max(
    Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0),
    1,
  );
  return {
    reqPerSec: Math.round(result.requests.average),
    user: (after.user - before.user) / answered,
    system: (after.system - before.system) / answered,
  };
}

const folder = await ownDataFolder((database) =>
  insertRows(
    database,
    'faqs',
    FAQS,
    (n) => ({ title: `How does question ${n} work?`, description: faqAnswer(n) }),
    (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
  ),
);
const server = await startOwnServer(folder);
let raw: ChildProcess | undefined;
try {
  const listFile = join(folder.dataDir, 'faqs.json');
  writeFileSync(listFile, Buffer.from(await (await fetch(`${server.base}${path}`)).arrayBuffer()));
  const rawPort = await freePort();
  raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(rawPort), listFile]);
  await readyMessage(raw);
  const targets = [
    { name: 'raw node:http', child: raw, url: `${base(rawPort)}${path}` },
    { name: `Bursary ${path}`, child: server.child, url: `${server.base}${path}` },
  ];
  // a warm-up for the JIT, not counted
  for (const target of targets) await autocannon({ url: target.url, connections: 50, duration: 1 });
  for (let round = 1; round <= rounds; round++)
    for (const target of targets) {
      const m = await measureCpu(target.child, target.url);
      const perRequest = `${(m.user + m.system).toFixed(1)} µs (user ${m.user.toFixed(1)}, system ${m.system.toFixed(1)})`;
      console.log(`${target.name}: ${m.reqPerSec} req/s, CPU per request ${perRequest}`);
    }
} finally {
  if (raw) await stopChild(raw);
  await server.stop();
  folder.remove();
}
