import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecondFactor } from '../../src/auth/second-factor.ts';
import { SecretBox, keyFilePath } from '../../src/auth/secret-box.ts';
import { createUser } from '../../src/auth/users.ts';
import { type Config, loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { startServer } from '../../src/start-server.ts';

const SECRET_KEY = 'the key the two-factor secrets were sealed with';
const MISSING =
  'Two-factor secrets are in the database but the key that opens them is missing: set SECRET_KEY, or put the key file secret.key back in DATA_DIR (npm run user -- totp-off NAME lets a user sign in without the second factor)';

describe('start-up with two-factor secrets in the database', () => {
  let dataDir: string;
  const configWith = (env: NodeJS.ProcessEnv): Config => ({
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'a start-up test password 7', LOG_LEVEL: 'silent', ...env }),
    consoleDir: join(dataDir, 'no-console'),
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bursary-secret-key-'));
    const config = configWith({ SECRET_KEY });
    const db = await openDatabase(config);
    try {
      await migrateToLatest(db);
      const user = await createUser(db, { username: 'ada', password: 'ada has a long password', role: 'admin' });
      const secondFactor = new SecondFactor(db, new SecretBox(config), () => new Date());
      const { secret } = await secondFactor.begin({ id: user.id, username: 'ada' });
      const { TOTP } = await import('otpauth');
      const code = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
      expect(await secondFactor.confirm({ id: user.id, username: 'ada' }, code)).toHaveLength(10);
    } finally {
      await db.destroy();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the real server; a start that succeeds is closed at once and reported as undefined. */
  async function startError(env: NodeJS.ProcessEnv): Promise<unknown> {
    try {
      const app = await startServer({ ...configWith(env), port: 0 }, { print: () => {} });
      await app.close();
      return undefined;
    } catch (error) {
      return error;
    }
  }

  it('stops with one sentence when SECRET_KEY is unset and no key file is there, and makes no new key', async () => {
    const error = await startError({});
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(MISSING);
    expect(existsSync(keyFilePath(dataDir))).toBe(false);
  });

  it('stops with one sentence when SECRET_KEY is not the key the secrets were sealed with', async () => {
    const error = await startError({ SECRET_KEY: 'another key, long enough to be accepted' });
    expect((error as Error | undefined)?.message).toBe(
      'The two-factor secrets in the database do not open with this key: set SECRET_KEY (or the key file secret.key in DATA_DIR) to the one they were sealed with',
    );
  });

  it('starts with the key they were sealed with', async () => {
    expect(await startError({ SECRET_KEY })).toBeUndefined();
  });
});
