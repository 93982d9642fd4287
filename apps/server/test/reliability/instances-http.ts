import { spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';

/** The multi-instance suite's requests: plain fetches, a sign-in and `npm run user` against the shared database. */

interface Answer {
  status: number;
  body: string;
  etag: string | null;
}

export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.text(), etag: res.headers.get('etag') };
}

/**
 * `call` on a connection of its own, closed after the answer. While nginx reloads (an instance taken out of its
 * rotation or put back), its old worker closes the idle connections it kept open for clients: a request sent on one
 * at that moment meets a closed socket before nginx read it, a race of HTTP keep-alive that a browser answers by
 * sending again and fetch reports as "fetch failed". A fresh connection goes to a worker that takes it.
 */
export function callOnFreshConnection(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: init.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const etag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), etag: etag ?? null });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await call(base, '/api/login', { method: 'POST', body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

/** `npm run user` against the shared database. */
export function userCommand(databaseUrl: string, args: string[], stdin = ''): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../src/cli/user.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(stdin);
  });
}
