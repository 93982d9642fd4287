import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Load, measure } from './load.ts';
import { freePort, ownDataFolder, startOwnServer } from './own-server.ts';
import { cpuTimes, readyMessage, startChild, stopChild } from './processes.ts';
import { base } from './run-server.ts';
import { insertFaqs } from './seed.ts';

/**
 * `npm run bench:read-cpu`: the server's CPU time per request of the website's list (GET /api/faqs, c=50) beside
 * raw node:http answering the same bytes, measured in turn, user and system time apart: a per-request cost (a system
 * call, a hook) shows here when req/s on a shared machine hides it. READ_CPU_SECONDS and READ_CPU_ROUNDS set the
 * length; READ_CPU_PATH a path other than the list.
 */
const here = import.meta.dirname;
const FAQS = 50;
const seconds = Number(process.env.READ_CPU_SECONDS ?? 5);
const rounds = Number(process.env.READ_CPU_ROUNDS ?? 3);
const path = process.env.READ_CPU_PATH ?? '/api/faqs';
const load: Load = { path, connections: 50, expect: 200 };

async function measureCpu(child: ChildProcess, url: string): Promise<string> {
  const before = cpuTimes(child);
  const result = await measure(url, load, { warm: 0, run: seconds });
  const after = cpuTimes(child);
  const answers = Math.max(result.requests, 1);
  const user = (after.user - before.user) / answers;
  const system = (after.system - before.system) / answers;
  return `${result.reqPerSec} req/s, p99 ${result.p99} ms, CPU per request ${(user + system).toFixed(1)} µs (user ${user.toFixed(1)}, system ${system.toFixed(1)})`;
}

const folder = await ownDataFolder((database) => insertFaqs(database, FAQS));
const server = await startOwnServer(folder);
let raw: ChildProcess | undefined;
try {
  // fetch undoes the compression it asked for: the baseline serves the plain bytes, as the bench's client reads them
  const listFile = join(folder.dataDir, 'list.json');
  writeFileSync(listFile, Buffer.from(await (await fetch(`${server.base}${path}`)).arrayBuffer()));
  const rawPort = await freePort();
  raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(rawPort), listFile]);
  await readyMessage(raw);
  const targets = [
    { name: 'raw node:http', child: raw, base: base(rawPort) },
    { name: `Bursary GET ${path}`, child: server.child, base: server.base },
  ];
  // a warm-up for the JIT, not counted
  for (const target of targets) await measure(target.base, load, { warm: 0, run: 1 });
  for (let round = 1; round <= rounds; round++)
    for (const target of targets) console.log(`${target.name}: ${await measureCpu(target.child, target.base)}`);
} finally {
  if (raw) await stopChild(raw);
  await server.stop();
  folder.remove();
}
