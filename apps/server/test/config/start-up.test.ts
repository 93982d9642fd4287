import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { THREAD_POOL_NICE_INCREMENT } from '../../src/lib/thread-pool-priority.ts';

const root = new URL('../../../../', import.meta.url).pathname;
const serverEntry = new URL('../../src/server.ts', import.meta.url).pathname;
const fakeVersion = new URL('../fixtures/fake-node-version.cjs', import.meta.url).pathname;
const PASSWORD = 'a start-up test password 5';

describe('the Node.js version check run first by npm start', () => {
  const check = (version: string) =>
    spawnSync(process.execPath, ['-r', fakeVersion, join(root, 'scripts/check-node.cjs')], {
      env: { PATH: process.env.PATH, FAKE_NODE_VERSION: version },
      encoding: 'utf8',
    });

  it.each(['20.11.1', '22.17.0', '18.0.0'])(
    'stops Node.js %s with one sentence naming the version needed',
    (version) => {
      const run = check(version);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `Bursary needs Node.js 22.18 or later (22 LTS or 24 LTS); this is Node.js ${version}, so install a newer Node.js and run the command again.\n`,
      );
    },
  );

  it.each(['22.18.0', '22.20.1', '24.1.0', '25.0.0'])('lets Node.js %s through silently', (version) => {
    const run = check(version);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('comes first in npm start', async () => {
    const { scripts } = (await import(join(root, 'package.json'), { with: { type: 'json' } })).default as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toMatch(/^node scripts\/check-node\.cjs && /);
  });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

async function startServer(port: number, env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-logs-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
      CONSOLE_DIR: '/nonexistent-console-build',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (let i = 0; i < 300 && !output.includes('Bursary is running'); i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => output, dataDir };
}

async function exercise(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const me = await fetch(`${base}/api/me`, {
    headers: { authorization: `Bearer ${token}`, 'x-request-id': 'proxy-id-42' },
  });
  expect(me.headers.get('x-request-id')).toBe('proxy-id-42');
  await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'a wrong password here' }),
  });
  return token;
}

async function stop({ child, dataDir }: Started): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

/** Each thread of a process: its name and its nice value (field 19 of /proc/PID/task/TID/stat). */
function threadsOf(pid: number): { name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // the name, in brackets, may hold spaces: count the fields after it
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), nice: Number(fields[16]) };
  });
}

describe.runIf(process.platform === 'linux')('the thread pool', () => {
  it('runs below the event loop, so password hashes leave it the cores', async () => {
    const started = await startServer(3563, {});
    try {
      const threads = threadsOf(started.child.pid!);
      const pool = threads.filter((thread) => thread.name === 'libuv-worker');
      expect(pool.length).toBeGreaterThanOrEqual(4);
      expect(pool.map((thread) => thread.nice)).toEqual(pool.map(() => THREAD_POOL_NICE_INCREMENT));
      expect(threads.filter((thread) => thread.name !== 'libuv-worker').map((thread) => thread.nice)).toEqual(
        threads.filter((thread) => thread.name !== 'libuv-worker').map(() => 0),
      );
      // a sign-in still works: its hash runs on the lowered pool
      await exercise(3563);
    } finally {
      await stop(started);
    }
  });
});

describe('logs', () => {
  let started: Started | undefined;
  afterEach(async () => {
    if (started) await stop(started);
    started = undefined;
  });

  it('LOG_FORMAT=json: one JSON line per request with its request id, and no password or token', async () => {
    started = await startServer(3560, { LOG_FORMAT: 'json' });
    const token = await exercise(3560);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = started
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string }; msg: string });
    const requests = entries.filter((e) => e.msg === 'incoming request');
    expect(requests.map((e) => e.req?.url)).toEqual(['/api/login', '/api/me', '/api/login']);
    expect(entries.filter((e) => e.reqId === 'proxy-id-42').map((e) => e.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    expect(started.output()).not.toContain(token);
    expect(started.output()).not.toContain('a wrong password here');
    expect(started.output()).not.toContain(PASSWORD);
  });

  it('LOG_FORMAT=pretty: a readable banner and no line per request', async () => {
    started = await startServer(3561, { LOG_FORMAT: 'pretty', METRICS_TOKEN: 'a metrics token for the banner' });
    await exercise(3561);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = started.output();
    expect(output).toContain('Bursary is running at http://127.0.0.1:3561 (console at /, API at /api)');
    expect(output).toMatch(/^ {2}database {2}SQLite, .*bursary\.sqlite$/m);
    expect(output).toMatch(/^ {2}backups {3}not scheduled/m);
    expect(output).toContain('  metrics   http://127.0.0.1:3561/api/metrics with METRICS_TOKEN');
    expect(output).not.toContain('a metrics token for the banner');
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).not.toMatch(/\/api\/(me|login)\b/);
  });

  it('refuses an unknown LOG_FORMAT with a sentence naming the variable', async () => {
    const run = spawnSync(process.execPath, [serverEntry], {
      env: { PATH: process.env.PATH, LOG_FORMAT: 'xml', PORT: '3562' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('Configuration error: LOG_FORMAT must be "pretty" or "json", not "xml"');
  });
});
