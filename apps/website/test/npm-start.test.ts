import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/** `npm start` runs the API and the website together, points previews at the website, and stops both on SIGTERM. */

const root = join(import.meta.dirname, '..', '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'website-npm-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port whose next one is free too: the website's default is PORT + 1. */
async function twoFreePorts(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await free(port)) && (await free(port + 1))) return port;
  }
  throw new Error('no two free ports in a row');
}

const status = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    (r) => r.status,
    () => 0,
  );

it('serves the API and the website on PORT + 1, previews on the website, and SIGTERM ends both', async () => {
  const port = await twoFreePorts();
  const api = `http://127.0.0.1:${port}`;
  const site = `http://127.0.0.1:${port + 1}`;
  const password = 'a website start test password';
  const start = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(temp, 'data'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'error',
      // the API and the website are enough here: no console build
      CONSOLE_DIR: join(temp, 'no-console'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 90_000;
    while ((await status(`${api}/api/health`)) !== 200 || (await status(`${site}/`)) !== 200) {
      if (Date.now() > deadline || start.exitCode !== null) throw new Error(`npm start did not serve both: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const login = await fetch(`${api}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const preview = await fetch(`${api}/api/preview-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ section: 'faqs', id: 1 }),
    });
    const { url } = (await preview.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${site}/preview\\?token=[\\w-]+&section=faqs&id=1&locale=$`));
    expect(await status(url)).toBe(200);
  } finally {
    start.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(await status(`${api}/api/health`)).toBe(0);
  expect(await status(`${site}/`)).toBe(0);
}, 120_000);
