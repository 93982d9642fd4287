import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftAfterStop, npmRun, root } from './npm-run.ts';
import { refuses } from './process-tree.ts';

/**
 * `npm run demo` behaves as `npm start` does: it checks the Node.js version first, in one sentence, and whatever
 * signal stops the process it started reaches the server, which stops and removes its throwaway data folder.
 */
const fakeVersion = new URL('../fixtures/fake-node-version.cjs', import.meta.url).pathname;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('npm run demo', () => {
  it('stops an old Node.js with the same one sentence as npm start, and no stack trace', () => {
    const run = spawnSync('npm', ['run', '--silent', 'demo'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        // every Node.js process npm starts sees this version, the version check among them
        NODE_OPTIONS: `-r ${fakeVersion}`,
        FAKE_NODE_VERSION: '20.11.1',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Bursary needs Node.js 22.18 or later (22 LTS or 24 LTS); this is Node.js 20.11.1, so install a newer Node.js and run the command again.\n',
    );
  }, 90_000);

  it('hands SIGTERM to the server, which stops, leaving no process, no listener and no data folder', async () => {
    // the demo makes its throwaway folder in the system's temporary folder: one of this test's own
    const temp = mkdtempSync(join(tmpdir(), 'bursary-demo-signals-'));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    const started = await npmRun(['run', 'demo'], root, { TMPDIR: temp }, cleanups);
    expect(started.tree.length).toBeGreaterThan(0);
    expect(readdirSync(temp).filter((name) => name.startsWith('bursary-demo-'))).toHaveLength(1);

    started.npm.kill('SIGTERM');

    expect(await leftAfterStop(started)).toEqual([]);
    expect(await refuses(started.port)).toBe(true);
    expect(started.output().match(/SIGTERM received: finishing open requests/g)).toHaveLength(1);
    expect(readdirSync(temp).filter((name) => name.startsWith('bursary-demo-'))).toEqual([]);
    expect(started.npm.exitCode).toBe(0);
  }, 120_000);
});
