import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { descendants, freePort, hasEnded } from './process-tree.ts';

/** The repository's root, where `npm start` and `npm run demo` are run. */
export const root = new URL('../../../../', import.meta.url).pathname;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Started {
  npm: ChildProcess;
  port: number;
  /** Every process under npm once the server answered. */
  tree: number[];
  output: () => string;
  exited: Promise<unknown>;
}

/**
 * Runs `npm <args>` in its own process group as a process manager would, with a fresh port and the first user's
 * credentials, and waits until the server answers /api/health. `cleanups` gets what kills whatever is left.
 */
export async function npmRun(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  cleanups: (() => void)[],
): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', args, {
    cwd,
    // its own process group, so that the test can signal the group as a terminal's Ctrl-C does
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'a signals test password 25',
      LOG_LEVEL: 'error',
      // the API is enough here, and a console build would take minutes
      CONSOLE_DIR: '/nonexistent-console-build',
      // the website's own tests run `npm start` with it; a build of it here could race theirs
      WEBSITE: 'off',
      ...env,
    },
  });
  const tree: number[] = [];
  cleanups.push(() => {
    for (const pid of [npm.pid ?? -1, ...tree]) if (!hasEnded(pid)) process.kill(pid, 'SIGKILL');
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  npm.stdout.on('data', collect);
  npm.stderr.on('data', collect);
  const exited = once(npm, 'exit');
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && npm.exitCode === null) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) {
      tree.push(...descendants(npm.pid ?? -1));
      return { npm, port, tree, output: () => output, exited };
    }
    await sleep(200);
  }
  throw new Error(`npm ${args.join(' ')} did not answer /api/health: ${output}`);
}

/** Waits (bounded) until npm exited, then until every process under it ended; answers those still running. */
export async function leftAfterStop(started: Started): Promise<number[]> {
  await Promise.race([started.exited, sleep(15_000)]);
  for (let i = 0; i < 50 && started.tree.some((pid) => !hasEnded(pid)); i++) await sleep(100);
  return started.tree.filter((pid) => !hasEnded(pid));
}
