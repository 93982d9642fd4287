import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Proxy {
  base: string;
  stop: () => Promise<void>;
}

/**
 * nginx in front of the instances, as the README's sample configuration has it, on loopback ports
 * and with every file it writes in `dir`. Not reusing upstream connections means an instance that
 * stops listening refuses new connections, which nginx passes to the next instance.
 */
export async function startNginx(dir: string, port: number, upstreams: readonly number[]): Promise<Proxy> {
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
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
  upstream bursary {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bursary;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_503;
    }
  }
}
`,
  );
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
  for (let i = 0; i < 100; i++) {
    if (spawnError) throw new Error(`nginx could not start: ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr} ${readLog(dir)}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return { base, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not answer: ${stderr} ${readLog(dir)}`);
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8').slice(-2000);
  } catch {
    return '';
  }
}
