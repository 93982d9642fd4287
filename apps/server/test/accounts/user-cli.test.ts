import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../cli-env.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const serverDir = new URL('../..', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the user command as `npm run user` does, with the given standard input. */
function cli(env: NodeJS.ProcessEnv, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli/user.ts', ...args], {
      cwd: serverDir,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** A refusal is one line on stderr, with no stack trace. */
function expectRefusal(run: Run, code: number, pattern: RegExp) {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^error: /);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe.each(dialects)('user command on %s', (dialect) => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-cli-'));
    t = await buildTestApp({ dialect, config: { dataDir } });
    const base = cliEnv(dataDir);
    if (dialect === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const url = new URL(t.config.databaseUrl!);
      url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
      env = { ...base, DATABASE_URL: url.toString() };
    } else env = base;
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  it('adds a user with a password from standard input, who can then sign in', async () => {
    const run = await cli(
      env,
      ['add', 'alice', '--name', 'Alice Adams', '--email', 'alice@example.org', '--password-stdin'],
      'alice has a long password\n',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Added user "alice" \(id \d+, editor\)\.\n$/);
    const res = await login('alice', 'alice has a long password');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: unknown }).user).toMatchObject({ username: 'alice', name: 'Alice Adams' });
  });

  it('lists users with their status', async () => {
    const run = await cli(env, ['list']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+USERNAME\s+NAME\s+EMAIL\s+ROLE\s+STATUS\s+2FA\s+CREATED$/);
    expect(
      lines.some((l) =>
        /^\d+\s+alice\s+Alice Adams\s+alice@example\.org\s+editor\s+active\s+off\s+\d{4}-\d{2}-\d{2}$/.test(l),
      ),
    ).toBe(true);
    expect(run.stdout).not.toMatch(/scrypt|password/i);
  });

  it('refuses duplicates, weak passwords and passwords on the command line, creating nothing', async () => {
    expectRefusal(await cli(env, ['add', 'ALICE', '--password-stdin'], 'another long password'), 1, /already exists/);
    expectRefusal(await cli(env, ['add', 'bob', '--password-stdin'], 'short'), 1, /at least 12 characters/);
    expectRefusal(await cli(env, ['add', 'bob', '--password-stdin'], 'x'.repeat(129)), 1, /at most 128 characters/);
    expectRefusal(await cli(env, ['add', 'bob', '--password-stdin'], 'password1234'), 1, /too common/);
    expectRefusal(
      await cli(env, ['add', 'bob', '--password', 'bob has a long password']),
      2,
      /never taken as arguments/,
    );
    expectRefusal(await cli(env, ['add', 'bob', '--password=bob has a long password']), 2, /never taken as arguments/);
    expectRefusal(await cli(env, ['add', 'bob']), 2, /--password-stdin/);
    expectRefusal(await cli(env, ['add', 'bad name!', '--password-stdin'], 'bob has a long password'), 1, /username/i);
    expect((await cli(env, ['list'])).stdout).not.toMatch(/\bbob\b/);
  });

  it('refuses wrong usage with exit code 2', async () => {
    expectRefusal(await cli(env, ['frobnicate']), 2, /Unknown command "frobnicate"/);
    expectRefusal(await cli(env, ['passwd']), 2, /takes one username/);
    expectRefusal(await cli(env, ['disable', 'a', 'b']), 2, /takes one username/);
    const help = await cli(env, []);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run user -- add USERNAME');
  });

  it("passwd sets a new password and ends the user's sessions at once", async () => {
    const { token } = (await login('alice', 'alice has a long password')).json() as { token: string };
    expect((await me(token)).statusCode).toBe(200);
    const run = await cli(env, ['passwd', 'Alice', '--password-stdin'], 'alice has a newer password\r\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('sessions have ended');
    expect((await me(token)).statusCode).toBe(401);
    expect((await login('alice', 'alice has a long password')).statusCode).toBe(401);
    expect((await login('alice', 'alice has a newer password')).statusCode).toBe(200);
    expectRefusal(
      await cli(env, ['passwd', 'nobody', '--password-stdin'], 'a long enough password'),
      1,
      /No user named "nobody"/,
    );
    expectRefusal(await cli(env, ['passwd', 'alice', '--password-stdin'], 'too short'), 1, /at least 12/);
    expect((await login('alice', 'alice has a newer password')).statusCode).toBe(200);
  });

  it('adds with a role, changes a role, and never demotes the last administrator', async () => {
    const added = await cli(env, ['add', 'vera', '--role', 'viewer', '--password-stdin'], 'vera has a long password');
    expect(added.code, added.stderr).toBe(0);
    const { token } = (await login('vera', 'vera has a long password')).json() as { token: string };
    expect((await me(token)).json()).toMatchObject({ role: 'viewer' });
    const promoted = await cli(env, ['role', 'vera', 'admin']);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect((await me(token)).json()).toMatchObject({ role: 'admin' });
    expectRefusal(await cli(env, ['role', 'vera', 'owner']), 2, /role must be one of admin, editor, viewer/);
    expectRefusal(
      await cli(env, ['add', 'walt', '--role', 'root', '--password-stdin'], 'walt has a long password'),
      2,
      /role must be one of/,
    );
    expectRefusal(await cli(env, ['role', 'vera']), 2, /takes a username and a role/);
    expect((await cli(env, ['role', 'vera', 'editor'])).code).toBe(0);
    // vera is an editor again: the first user is the only administrator left
    expectRefusal(await cli(env, ['role', t.config.adminUsername, 'viewer']), 1, /last active administrator/);
    expectRefusal(await cli(env, ['disable', t.config.adminUsername]), 1, /last active administrator/);
  });

  it('totp-off turns off a lost second factor', async () => {
    const { token } = (await login('vera', 'vera has a long password')).json() as { token: string };
    await t.app.inject({ method: 'POST', url: '/api/me/totp', headers: { authorization: `Bearer ${token}` } });
    await t.db.updateTable('users').set({ totp_enabled: 1 }).where('username', '=', 'vera').execute();
    expect((await login('vera', 'vera has a long password')).json()).toMatchObject({ mfa_required: true });
    const run = await cli(env, ['totp-off', 'vera']);
    expect(run.code, run.stderr).toBe(0);
    expect((await login('vera', 'vera has a long password')).json()).toMatchObject({ token: expect.any(String) });
    expectRefusal(await cli(env, ['totp-off', 'nobody']), 1, /No user named "nobody"/);
  });

  it("disable ends the user's sessions at once and stops their sign-in", async () => {
    const { token } = (await login('alice', 'alice has a newer password')).json() as { token: string };
    const run = await cli(env, ['disable', 'alice']);
    expect(run.code, run.stderr).toBe(0);
    expect((await me(token)).statusCode).toBe(401);
    const res = await login('alice', 'alice has a newer password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid username or password', message: 'Invalid username or password' });
    expect((await cli(env, ['list'])).stdout).toMatch(/alice\s+Alice Adams\s+alice@example\.org\s+editor\s+disabled/);
    expectRefusal(await cli(env, ['disable', 'nobody']), 1, /No user named "nobody"/);
  });
});
