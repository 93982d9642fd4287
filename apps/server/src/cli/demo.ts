import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/config.ts';
import { startServer } from '../start-server.ts';
import { seedDemo } from './demo-seed.ts';

/**
 * `npm run demo`: a throwaway SQLite data folder filled with a fund's sample
 * content, a demo user whose credentials are printed, then the server as `npm start` runs it.
 * The folder is removed when the demo stops.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bursary-demo-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const username = 'demo';
const password = randomBytes(12).toString('base64url');

try {
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: '' }),
    dataDir,
    adminUsername: username,
    adminPassword: password,
  };
  await startServer(config, {
    prepare: (db) => seedDemo(db, config, username),
    print: (line) => {
      if (!line.startsWith('Created the first user')) console.log(line);
    },
  });
  console.log(
    [
      '',
      'Demo content is loaded in a throwaway database (deleted when you stop the demo with Ctrl+C).',
      `Sign in with username: ${username}`,
      `            password: ${password}`,
      '',
    ].join('\n'),
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(`The demo could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
