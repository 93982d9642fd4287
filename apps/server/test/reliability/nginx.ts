import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The common nginx "microcache": answers kept as the origin's Cache-Control says, a stale copy served while one
 * request fetches the new one, revalidation with the ETag; X-Cache-Status says HIT, MISS, STALE, UPDATING, ….
 */
const MICROCACHE = `      proxy_cache bursary;
      proxy_cache_lock on;
      proxy_cache_revalidate on;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_background_update on;
      add_header X-Cache-Status $upstream_cache_status always;
`;

/**
 * Started by root (as in CI), nginx runs its worker as nobody, which cannot enter the suite's private scratch
 * folder where the cache is kept; the worker stays the user that started it instead.
 */
const WORKER_AS_ROOT = 'user root;\n';

export interface Proxy {
  base: string;
  stop: () => Promise<void>;
  /**
   * Takes an instance out of the upstream group (marked down) or puts it back, and waits until the old worker,
   * which may still pick it, has finished its requests and exited.
   */
  setDown: (upstream: number, down: boolean) => Promise<void>;
  /** nginx's own account of the upstream errors so far (why it answered 502), for a failed check's report. */
  upstreamErrors: () => string[];
}

/**
 * nginx in front of the instances, as the README's sample configuration has it, on loopback ports
 * and with every file it writes in `dir`. Not reusing upstream connections means an instance that
 * stops listening refuses new connections, which nginx passes to the next instance.
 */
export async function startNginx(
  dir: string,
  port: number,
  upstreams: readonly number[],
  options: { microcache?: boolean } = {},
): Promise<Proxy> {
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const down = new Set<number>();
  const configuration = () =>
    `worker_processes 1;
${process.getuid?.() === 0 ? WORKER_AS_ROOT : ''}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 13m;
${options.microcache ? `  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=bursary:1m max_size=64m inactive=10m;\n` : ''}  upstream bursary {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0${down.has(p) ? ' down' : ''};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bursary;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_503;
${options.microcache ? MICROCACHE : ''}    }
  }
}
`;
  writeFileSync(conf, configuration());
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // nginx missing from the machine is an 'error', not an exit: the suite reports it and stops its servers
  let spawnError: Error | undefined;
  child.on('error', (error) => (spawnError = error));
  const exited = once(child, 'exit').catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT');
    await exited;
  };
  const setDown = async (upstream: number, isDown: boolean) => {
    if (isDown) down.add(upstream);
    else down.delete(upstream);
    writeFileSync(conf, configuration());
    const before = workersOf(child.pid ?? -1);
    // SIGHUP: nginx reads the configuration again, starts a new worker and lets the old one finish its requests
    child.kill('SIGHUP');
    for (let i = 0; i < 300; i++) {
      const now = workersOf(child.pid ?? -1);
      if (now.length > 0 && !now.some((pid) => before.includes(pid))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`nginx did not reload within 15 s: ${readLog(dir)}`);
  };
  for (let i = 0; i < 100; i++) {
    if (spawnError) throw new Error(`nginx could not start: ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr} ${readLog(dir)}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200)
        return { base, stop, setDown, upstreamErrors: () => upstreamErrors(dir) };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not answer: ${stderr} ${readLog(dir)}`);
}

/** The nginx master's worker processes (Linux). */
function workersOf(master: number): number[] {
  try {
    return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function upstreamErrors(dir: string): string[] {
  return readLog(dir, Infinity)
    .split('\n')
    .filter((line) => line.includes('upstream'));
}

function readLog(dir: string, keep = 2000): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8').slice(-keep);
  } catch {
    return '';
  }
}
