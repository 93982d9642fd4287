import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { loadWebsiteConfig } from '../server/config.ts';
import { createWebsite } from '../server/website-server.ts';

const root = join(import.meta.dirname, '..', '..', '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Bursary with the demo's content (`npm run demo`: English and French, images with their sizes and alternative
 * text) and the website reading it, for the whole run; both are stopped by the function answered.
 */
export default async function servers(): Promise<() => Promise<void>> {
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, [join(root, 'scripts', 'build-website-if-stale.ts')], { stdio: 'inherit' });
  const port = await freePort();
  const bursaryUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const demo = spawn(process.execPath, [join(root, 'apps', 'server', 'src', 'cli', 'demo.ts')], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  demo.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${bursaryUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (demo.exitCode !== null) throw new Error(`the demo did not start: ${printed}`);
    if (Date.now() > deadline) throw new Error('the demo did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // the demo answers health before its content is seeded: wait for the sign-in line it prints after
  while (!printed.includes('password:')) await new Promise((resolve) => setTimeout(resolve, 100));
  const config = { ...loadWebsiteConfig({ BURSARY_URL: bursaryUrl, WEBSITE_NAME: 'Student Loans Fund' }), port: 0 };
  const website = await createWebsite(config, (line) => console.log(line));
  while (website.store.version === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const { port: websitePort } = website.server.address() as AddressInfo;
  process.env.WEBSITE_E2E_URL = `http://127.0.0.1:${websitePort}`;
  return async () => {
    await website.close();
    const exited = new Promise((resolve) => demo.once('exit', resolve));
    demo.kill('SIGTERM');
    await exited;
  };
}
