// Promise 21 of the security testing plan: authority ends with its holder, and no token or secret reaches a log line.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingFor } from '../../src/lib/logging.ts';
import { findUserByUsername } from '../../src/auth/users.ts';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { previewToken } from '../publishing/publishing-helpers.ts';

describe.each(dialects)('authority ends with its holder (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const { logger } = await loggingFor({ logFormat: 'json', logLevel: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ dialect, logger: { ...(logger as object), stream } });
  });
  afterAll(() => t.close());

  it('logs request URLs with the preview token and any other secret parameter hidden', async () => {
    const token = await previewToken(t);
    lines.length = 0;
    const urls = [
      `/api/faqs?preview=${token}`,
      `/api/faqs?limit=5&preview=${token}&offset=0`,
      `/api/faqs?access_token=${token}&api%5Fkey=${token}`,
    ];
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
    expect(logged).toEqual([
      '/api/faqs?preview=[redacted]',
      '/api/faqs?limit=5&preview=[redacted]&offset=0',
      '/api/faqs?access_token=[redacted]&api%5Fkey=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });

  /** A new preview token of `username` (an editor, signed in with their own password). */
  async function tokenOf(username: string): Promise<{ id: number; token: string }> {
    const bearer = await signInAs(t, 'editor', username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/preview-tokens',
      headers: { authorization: `Bearer ${bearer}` },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const reads = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'bursary-preview': token } })).statusCode;
  const change = async (username: string, payload: object) => {
    const user = await findUserByUsername(t.db, username);
    const res = await t.injectAs({ method: 'PATCH', url: `/api/users/${String(user!.id)}`, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('ends a preview token at once when its issuer is demoted to viewer, disabled or deleted', async () => {
    const demoted = await tokenOf('ana');
    const disabled = await tokenOf('bea');
    const deleted = await tokenOf('cai');
    for (const { token } of [demoted, disabled, deleted]) expect(await reads(token)).toBe(200);
    await change('ana', { role: 'viewer' });
    await change('bea', { disabled: true });
    await t.db.deleteFrom('users').where('username', '=', 'cai').execute();
    for (const { token } of [demoted, disabled, deleted]) expect(await reads(token)).toBe(401);
  });

  it('keeps a token ended for good when its disabled or demoted issuer is enabled or promoted again', async () => {
    const demoted = await tokenOf('fay');
    const disabled = await tokenOf('gus');
    for (const { token } of [demoted, disabled]) expect(await reads(token)).toBe(200);
    await change('fay', { role: 'viewer' });
    await change('gus', { disabled: true });
    await change('fay', { role: 'editor' });
    await change('gus', { disabled: false });
    for (const { token } of [demoted, disabled]) expect(await reads(token)).toBe(401);
    // their new tokens read
    expect(await reads((await tokenOf('fay')).token)).toBe(200);
    expect(await reads((await tokenOf('gus')).token)).toBe(200);
  });

  it('lists every live token to administrators, who can revoke any of them', async () => {
    const mine = await tokenOf('dee');
    const theirs = await tokenOf('eli');
    const listed = async () => {
      const res = await t.injectAs({ method: 'GET', url: '/api/preview-tokens' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; created_by: string; created_at: string; expires_at: string }[]>();
    };
    const before = await listed();
    expect(before.find((row) => row.id === mine.id)).toMatchObject({ created_by: 'dee' });
    expect(before.find((row) => row.id === theirs.id)).toMatchObject({ created_by: 'eli' });
    expect(JSON.stringify(before)).not.toContain(mine.token);
    // the tokens of the demoted, disabled or deleted issuers above do not read, so they are not listed
    expect(before.map((row) => row.created_by)).not.toContain('ana');
    expect(before.map((row) => row.created_by)).not.toContain('bea');

    const editor = { authorization: `Bearer ${await signInAs(t, 'editor', 'dee')}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/preview-tokens', headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/preview-tokens' })).statusCode).toBe(401);

    const revoked = await t.injectAs({ method: 'DELETE', url: `/api/preview-tokens/${String(theirs.id)}` });
    expect(revoked.statusCode).toBe(204);
    expect(await reads(theirs.token)).toBe(401);
    expect((await listed()).map((row) => row.id)).not.toContain(theirs.id);
    expect(await reads(mine.token)).toBe(200);
  });
});
