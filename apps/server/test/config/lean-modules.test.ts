import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const src = (path: string) => JSON.stringify(new URL(`../../src/${path}`, import.meta.url).href);
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A started server that has answered a list, a missing address and a refused sign-in, in a process of its own: which
 * of Node's internal modules it then holds. Requests go over a plain socket, so the check itself loads nothing.
 */
function internalModulesAfterServing(): string[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-lean-'));
  folders.push(dataDir);
  const script = `
    import { connect } from 'node:net';
    const { loadConfig } = await import(${src('config/config.ts')});
    const { startServer } = await import(${src('start-server.ts')});
    const app = await startServer(loadConfig(), { print: () => {} });
    const { port } = app.server.address();
    const send = (request) => new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      socket.on('data', () => {}).on('end', resolve).on('error', reject);
    });
    const body = JSON.stringify({ username: 'nobody', password: 'not the password' });
    await send('GET /api/faqs HTTP/1.1\\r\\nHost: t\\r\\nConnection: close\\r\\n\\r\\n');
    await send('GET /api/no-such-section HTTP/1.1\\r\\nHost: t\\r\\nConnection: close\\r\\n\\r\\n');
    await send('POST /api/login HTTP/1.1\\r\\nHost: t\\r\\nConnection: close\\r\\nContent-Type: application/json\\r\\n' +
      'Content-Length: ' + body.length + '\\r\\n\\r\\n' + body);
    console.log(JSON.stringify(process.moduleLoadList));
    process.exit(0);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'a lean-modules test password 7',
      CONSOLE_DIR: '/nonexistent-console-build',
      BURSARY_CHEAP_TEST_HASHES: 'true',
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

// Node's fetch implementation (undici) is loaded by an ES import of node:http or node:https, through their WebSocket
// export, and holds about 13 MB for as long as the process runs; the server never calls fetch (lib/node-http.ts).
it('serves without loading Node’s fetch implementation', () => {
  const loaded = internalModulesAfterServing();
  expect(loaded).toContain('NativeModule http');
  expect(loaded.filter((name) => /undici/i.test(name))).toEqual([]);
});
