import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { AuthPluginOptions } from '../src/auth/plugin.ts';
import type { WebhookOptions } from '../src/webhooks/plugin.ts';
import type { Role } from '@bursary/shared';
import { ensureFirstUser } from '../src/auth/bootstrap.ts';
import { createUser, findUserByUsername } from '../src/auth/users.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openTestApps } from './open-test-apps.ts';
import { checkAnswersAgainstDocument } from './http/openapi-check.ts';
import { copyMigratedSqlite } from './sqlite-template.ts';
import type { Database } from '../src/db/types.ts';
import type { ChangeGate } from '../src/records/change-gate.ts';

export type Dialect = 'sqlite' | 'postgres';

const pgUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * The dialects every database suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Without it the PostgreSQL suites are not registered at all (never skipped silently).
 */
export const dialects: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!pgUrl && !(globalThis as { bursaryNoted?: boolean }).bursaryNoted) {
  (globalThis as { bursaryNoted?: boolean }).bursaryNoted = true;
  console.info('TEST_DATABASE_URL is not set: the server suites run on SQLite only.');
}

/** The first user: an administrator (the first-user rule). */
export const TEST_USERNAME = 'editor';
export const TEST_PASSWORD = 'a long test password 42';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  dialect: Dialect;
  /** A live session token of TEST_USERNAME. */
  token: string;
  /** Authorization header with `token`. */
  auth: () => { authorization: string };
  /** app.inject with the token added. */
  injectAs: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export interface BuildTestAppOptions {
  dialect?: Dialect;
  /** Configuration overrides; the data folder and console folder are temporary by default. */
  config?: Partial<Config>;
  auth?: AuthPluginOptions;
  webhooks?: WebhookOptions;
  /** The app's logger (silent by default), for tests of what is logged. */
  logger?: FastifyServerOptions['logger'];
  /** Skip signing in (for tests of the sign-in itself). */
  signIn?: boolean;
  /** PostgreSQL: work in this existing schema (left in place on close) instead of a fresh one. */
  pgSchema?: string;
  /** The app's change gate (by default every change may be stored). */
  changeGate?: ChangeGate;
}

/** A fresh PostgreSQL schema, and how to drop it. */
export async function freshSchema(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, max: 1 }) }),
  });
  await sql`create schema ${sql.id(name)}`.execute(admin);
  return {
    name,
    drop: async () => {
      try {
        await sql`drop schema ${sql.id(name)} cascade`.execute(admin);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/** DATABASE_URL for a process that is to work in one schema of the test database. */
export function pgUrlWithSchema(schema: string): string {
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is needed for PostgreSQL tests');
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** A user with `role` and a password of their own, signed in: their token. */
export async function signInAs(
  t: Pick<TestApp, 'app' | 'db'>,
  role: Role,
  username: string = role === 'admin' ? 'second-admin' : `a-${role}`,
): Promise<string> {
  const password = `${username} has a long password`;
  if (!(await findUserByUsername(t.db, username))) await createUser(t.db, { username, password, role });
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (login.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${login.statusCode} ${login.body}`);
  return (login.json() as { token: string }).token;
}

/**
 * The real app on a real, empty, migrated database, with the first user (an administrator) signed in; closed after the
 * file, or earlier by close().
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  if (dialect === 'postgres' && !pgUrl) throw new Error('TEST_DATABASE_URL is needed for PostgreSQL tests');
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-test-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: dialect === 'postgres' ? pgUrl : undefined,
    consoleDir: join(dataDir, 'no-console-build'),
    adminUsername: TEST_USERNAME,
    adminPassword: TEST_PASSWORD,
    logLevel: 'silent',
    ...options.config,
  };
  const schema =
    dialect !== 'postgres'
      ? undefined
      : options.pgSchema
        ? { name: options.pgSchema, drop: async () => {} }
        : await freshSchema();
  // a data folder the test chose itself may hold a database already; the fresh one starts from the run's migrated copy
  if (dialect === 'sqlite' && !options.config?.dataDir) copyMigratedSqlite(dataDir);
  const db = await openDatabase(config, schema ? { searchPath: schema.name } : {});
  const cleanup = async () => {
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    await migrateToLatest(db);
    await ensureFirstUser(db, config, () => {});
    app = await buildApp({
      config,
      db,
      auth: options.auth ?? {},
      webhooks: options.webhooks ?? {},
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.changeGate ? { changeGate: options.changeGate } : {}),
    });
    checkAnswersAgainstDocument(app);
    await app.ready();
  } catch (error) {
    await db.destroy();
    await cleanup();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      openTestApps.delete(close);
      await app.close();
      await cleanup();
    })();
    return closing;
  };
  openTestApps.add(close);
  let token = '';
  if (options.signIn !== false) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`test sign-in failed: ${login.statusCode} ${login.body}`);
    token = (login.json() as { token: string }).token;
  }
  const auth = () => ({ authorization: `Bearer ${token}` });
  return {
    app,
    db,
    config,
    dialect,
    token,
    auth,
    injectAs: (inject) => app.inject({ ...inject, headers: { ...auth(), ...inject.headers } }),
    close,
  };
}
