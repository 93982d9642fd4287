// What the website's browser tests and its bench both stand on: Bursary with the demo's content, on a free port,
// and Debian's Chromium with the flags a headless measurement needs.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

/** Debian's Chromium (CI installs it with apt-get): Playwright's and Lighthouse's own are not downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** No GPU, sandbox or background traffic: none of which a headless run uses, and the last is refused here. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The website as `npm start` builds it, made when its sources are newer than the build. */
export function buildWebsite(): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-website-if-stale.ts')], { stdio: 'inherit' });
}

/** Waits for `pattern` in what a child prints, answering its first group. */
export function printed(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 120 s: ${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = pattern.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] ?? '');
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} stopped (exit code ${code}): ${output}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface DemoBursary {
  url: string;
  /** The demo user's password (its name is `demo`). */
  password: string;
  stop(): Promise<void>;
}

/**
 * `npm run demo`'s Bursary (English and French, images with their sizes and alternative text) on a free port and a
 * throwaway data folder, answered once its content is in (the demo prints the credentials after seeding).
 */
export async function startDemoBursary(): Promise<DemoBursary> {
  const port = await freePort();
  const { DATABASE_URL: _database, ...env } = process.env;
  const demo = spawn(process.execPath, [join(root, 'apps', 'server', 'src', 'cli', 'demo.ts')], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const password = await printed(demo, /password: (\S+)/, 'the demo');
  return { url: `http://127.0.0.1:${port}`, password, stop: () => stop(demo) };
}
