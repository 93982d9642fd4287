import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/db/connection.ts';
import { leftAfterStop, npmRun, root, sleep } from './npm-run.ts';
import { refuses } from './process-tree.ts';

/**
 * `npm start` as a process manager runs it: whatever signal stops the process it started must reach the server, which
 * then stops gracefully, and nothing of it may go on serving.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('npm start under a process manager', () => {
  it('hands SIGTERM to the server, which drains and stops, leaving no process and no listener', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-signals-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = await npmRun(['start'], root, { DATA_DIR: dataDir }, cleanups);
    expect(started.tree.length).toBeGreaterThan(0);

    started.npm.kill('SIGTERM');

    expect(await leftAfterStop(started)).toEqual([]);
    expect(await refuses(started.port)).toBe(true);
    expect(started.output().match(/SIGTERM received: finishing open requests/g)).toHaveLength(1);
    expect(started.npm.exitCode).toBe(0);
  }, 120_000);

  it('tells a kept-alive connection to close while it drains, so that nothing is sent on one it is about to drop', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-signals-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = await npmRun(['start'], root, { DATA_DIR: dataDir }, cleanups);
    // one connection, kept open between requests as a proxy's upstream keep-alive does
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ reused: boolean; connection: string | undefined }>((resolve, reject) => {
        const request = get({ host: '127.0.0.1', port: started.port, path: '/api/health', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ reused: request.reusedSocket, connection: response.headers.connection }));
        });
        request.on('error', reject);
      });
    try {
      expect(await health()).toEqual({ reused: false, connection: 'keep-alive' });
      started.npm.kill('SIGTERM');
      while (!started.output().includes('SIGTERM received')) await sleep(20);
      expect(await health()).toEqual({ reused: true, connection: 'close' });
    } finally {
      agent.destroy();
    }
    expect(await leftAfterStop(started)).toEqual([]);
  }, 120_000);

  it("stops gracefully on a terminal's Ctrl-C, and a relative DATA_DIR is the folder npm was run in", async () => {
    const here = mkdtempSync(join(tmpdir(), 'bursary-signals-cwd-'));
    cleanups.push(() => rmSync(here, { recursive: true, force: true }));
    const started = await npmRun(['--prefix', root, 'start'], here, { DATA_DIR: 'data' }, cleanups);
    expect(existsSync(join(here, 'data', SQLITE_FILE_NAME))).toBe(true);

    // A terminal sends Ctrl-C's SIGINT to every process of its foreground group at once, and npm passes its copy on
    // to its child: the copies reach the launcher apart, and must be taken as one request, not as "stop waiting".
    process.kill(-(started.npm.pid ?? -1), 'SIGINT');
    await sleep(100);
    started.npm.kill('SIGINT');

    expect(await leftAfterStop(started)).toEqual([]);
    expect(await refuses(started.port)).toBe(true);
    expect(started.output()).toContain('SIGINT received: finishing open requests');
    expect(started.npm.exitCode).toBe(0);
  }, 120_000);
});

/** The server process under `tree`: its address space, in MB (Linux's /proc). */
function serverAddressSpaceMb(tree: number[]): number {
  const server = tree.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('src/server.ts'));
  if (server === undefined) throw new Error('no server process under npm');
  const kb = /VmSize:\s+(\d+) kB/.exec(readFileSync(`/proc/${server}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

describe.runIf(process.platform === 'linux')('npm start keeps compiled code between starts', () => {
  // Node strips TypeScript's types with a WebAssembly module that reserves about 8 GB of address space (and holds
  // about 20 MB of memory) once loaded; a start whose every file comes from the compile cache never loads it.
  it('reads no TypeScript on a warm start: the type stripper stays out of the server', async () => {
    // a compile cache of this test's own, so that the first start is cold
    const temp = mkdtempSync(join(tmpdir(), 'bursary-compile-cache-'));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    const addressSpace: number[] = [];
    for (const start of ['cold', 'warm']) {
      const started = await npmRun(['start'], root, { DATA_DIR: join(temp, `data-${start}`), TMPDIR: temp }, cleanups);
      addressSpace.push(serverAddressSpaceMb(started.tree));
      started.npm.kill('SIGTERM');
      expect(await leftAfterStop(started)).toEqual([]);
    }
    const [cold = 0, warm = 0] = addressSpace;
    expect(cold).toBeGreaterThan(8_000);
    expect(warm).toBeLessThan(cold - 6_000);
  }, 180_000);
});
