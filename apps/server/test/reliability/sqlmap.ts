import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from './profile.ts';
import { ADMIN_USERNAME, signIn, startServer } from './server-process.ts';

/**
 * No injection: Debian's sqlmap (level 3, risk 2) against sign-in, the search query,
 * record ids and log paging, on loopback, finds nothing.
 */
export interface SqlmapOptions extends Settings {
  dataDir: string;
  log: (line: string) => void;
}

interface Target {
  name: string;
  args: string[];
  level?: number;
}

const FOUND =
  /identified the following injection point|parameter '[^']*' (is|appears to be) (vulnerable|injectable)|is vulnerable\b/i;
const CLEAN = /do not appear to be injectable/i;
/** Bounded: a scan that runs past this is stopped and counts as a failure. */
const SCAN_TIMEOUT_MS = 20 * 60_000;

function targets(base: string, token: string, loginLevel: number): Target[] {
  const auth = ['--headers', `Authorization: Bearer ${token}`];
  return [
    // the username is what sign-in looks up; the password only ever reaches scrypt. Every attempt
    // costs a deliberate hash, so time-based payloads there would take hours
    {
      name: 'sign-in (username)',
      args: [
        '-u',
        `${base}/api/login`,
        '--data',
        `{"username":"${ADMIN_USERNAME}*","password":"wrong password"}`,
        '--technique=BEUS',
      ],
      level: loginLevel,
    },
    { name: 'search (?q=)', args: ['-u', `${base}/api/faqs?q=loan`, '-p', 'q'] },
    {
      name: 'content search and paging (?q=, limit, offset)',
      args: ['-u', `${base}/api/content?q=news&limit=5&offset=0`, '-p', 'q,limit,offset'],
    },
    { name: 'record id (/api/faqs/{id})', args: ['-u', `${base}/api/faqs/1*`] },
    {
      name: 'sub-item id (DELETE /api/steps/sub/{id})',
      args: ['-u', `${base}/api/steps/sub/999999*`, '--method', 'DELETE', ...auth],
    },
    {
      name: 'log paging (limit, offset)',
      args: ['-u', `${base}/api/logs?limit=5&offset=0`, '-p', 'limit,offset', ...auth],
    },
  ];
}

function runSqlmap(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += '\n(stopped: past the time bound)';
      child.kill('SIGKILL');
    }, SCAN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export async function sqlmapScan(opts: SqlmapOptions): Promise<{ ok: boolean; detail: string }> {
  mkdirSync(opts.dataDir, { recursive: true });
  // the sign-in throttle would answer 429 to a scanner and hide what it is looking for
  const server = await startServer({
    port: opts.port,
    dataDir: opts.dataDir,
    extra: { LOGIN_MAX_FAILURES: '100000000' },
  });
  const problems: string[] = [];
  let requests = 0;
  try {
    const token = await signIn(server.base);
    // records to find: a FAQ and the steps section with an item
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${server.base}/api/faqs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'How do I apply for a loan?', description: '<p>Online.</p>' }),
    });
    await fetch(`${server.base}/api/content`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Campus news', excerpt: 'News', body: '<p>News</p>' }),
    });
    await fetch(`${server.base}/api/steps`, { method: 'PUT', headers: auth, body: JSON.stringify({ title: 'Steps' }) });
    for (const target of targets(server.base, token, opts.sqlmapLoginLevel)) {
      const common = [
        '--batch',
        '--disable-coloring',
        `--level=${target.level ?? opts.sqlmapLevel}`,
        `--risk=${opts.sqlmapRisk}`,
        '--flush-session',
        `--output-dir=${join(opts.dataDir, 'sqlmap')}`,
        '--ignore-code=400,401,404,405,409',
        '--time-sec=2',
        '--timeout=15',
        '--retries=1',
        '--threads=4',
        '-v',
        '1',
        // headers never reach a query; the parameters above are what is scanned
        '--skip=user-agent,referer,host',
      ];
      const started = Date.now();
      const { code, output } = await runSqlmap([...target.args, ...common]);
      const sent = Number(/(\d+) HTTP\(s\) requests/.exec(output)?.[1] ?? 0);
      requests += sent;
      const found = FOUND.exec(output);
      const clean = CLEAN.test(output);
      const verdict = found ? `FOUND: ${found[0]}` : clean ? 'nothing injectable' : `no verdict (exit ${code})`;
      opts.log(`  ${target.name}: ${verdict}, ${Math.round((Date.now() - started) / 1000)} s`);
      if (found || !clean) {
        problems.push(`${target.name}: ${verdict}`);
        opts.log(
          output
            .split('\n')
            .filter((line) => /CRITICAL|ERROR|injectable|vulnerable|identified/i.test(line))
            .slice(0, 10)
            .map((l) => `    ${l}`)
            .join('\n'),
        );
      }
    }
    const health = await fetch(`${server.base}/api/health`);
    if (health.status !== 200) problems.push(`health answered ${health.status} after the scans`);
  } finally {
    await server.stop();
  }
  return {
    ok: problems.length === 0,
    detail: `${targets('', '', 0).length} targets at level ${opts.sqlmapLevel} (sign-in ${opts.sqlmapLoginLevel}), risk ${opts.sqlmapRisk}${requests ? `, ${requests} requests` : ''}: ${problems.length ? problems.join('; ') : 'nothing injectable'}`,
  };
}
