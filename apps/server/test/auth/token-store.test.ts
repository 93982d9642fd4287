import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenStore, deadline, sinceLastUse } from '../../src/auth/token-store.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { findUserByUsername } from '../../src/auth/users.ts';
import { buildTestApp, dialects, TEST_USERNAME, type TestApp } from '../helper.ts';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);

describe.each(dialects)('the token store on %s', (dialect) => {
  let t: TestApp;
  let userId: number;
  // any token table will do: a second-factor challenge is the smallest row
  const store = new TokenStore('mfa_challenges', deadline(10 * MINUTE));
  const issue = async (minutes = 0) => (await store.issue(t.db, { user_id: userId }, at(minutes))).token;

  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
    userId = (await findUserByUsername(t.db, TEST_USERNAME))!.id;
  });

  it('keeps only the hash of what it hands out, and finds a token while it lives', async () => {
    const issued = await store.issue(t.db, { user_id: userId }, at(0));
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.expiresAt).toBe(at(10).toISOString());
    const stored = await t.db.selectFrom('mfa_challenges').selectAll().where('id', '=', issued.id).executeTakeFirst();
    expect(stored).toMatchObject({ token_hash: hashToken(issued.token), expires_at: issued.expiresAt });
    expect(JSON.stringify(stored)).not.toContain(issued.token);
    expect(await store.find(t.db, issued.token, at(9))).toMatchObject({ id: issued.id, user_id: userId });
  });

  it('consumes a token once: the second use finds nothing', async () => {
    const token = await issue();
    expect(await store.consume(t.db, token, at(1))).toMatchObject({ user_id: userId });
    expect(await store.consume(t.db, token, at(1))).toBeUndefined();
    expect(await store.find(t.db, token, at(1))).toBeUndefined();
  });

  it('of two uses at once, exactly one wins', async () => {
    const token = await issue();
    // the first use has deleted the row in a transaction still open when the second asks for it
    let firstDone!: () => void;
    const firstConsumed = new Promise<void>((resolve) => (firstDone = resolve));
    let letFirstCommit!: () => void;
    const held = new Promise<void>((resolve) => (letFirstCommit = resolve));
    const first = t.db.transaction().execute(async (trx) => {
      const row = await store.consume(trx, token, at(1));
      firstDone();
      await held;
      return row;
    });
    await firstConsumed;
    const second = store.consume(t.db, token, at(1));
    await sleep(100);
    letFirstCommit();
    const [won, lost] = await Promise.all([first, second]);
    expect(won).toMatchObject({ user_id: userId });
    expect(lost).toBeUndefined();

    // and of many at once, on as many connections as the database gives
    const another = await issue();
    const uses = await Promise.all(Array.from({ length: 8 }, () => store.consume(t.db, another, at(1))));
    expect(uses.filter((row) => row !== undefined)).toHaveLength(1);
  });

  it('refuses an expired token, before it is swept, and sweeps it', async () => {
    const token = await issue();
    expect(await store.find(t.db, token, at(10))).toBeUndefined();
    expect(await store.consume(t.db, token, at(10))).toBeUndefined();
    // an expired token was not consumed, only refused: the sweep is what deletes it
    const tokenHash = hashToken(token);
    expect(
      await t.db.selectFrom('mfa_challenges').where('token_hash', '=', tokenHash).select('id').execute(),
    ).toHaveLength(1);
    expect(await store.deleteExpired(t.db, at(10))).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.selectFrom('mfa_challenges').where('token_hash', '=', tokenHash).select('id').execute(),
    ).toHaveLength(0);
  });

  it('revokes a token at once, and answers whether there was one', async () => {
    const token = await issue();
    expect(await store.revoke(t.db, token)).toBe(true);
    expect(await store.revoke(t.db, token)).toBe(false);
    expect(await store.find(t.db, token, at(1))).toBeUndefined();
  });

  it('never asks the database about a token it could not have made', async () => {
    for (const token of ['', 'short', 'x'.repeat(43) + '=', "' or 1=1 --"]) {
      expect(await store.find(t.db, token, at(0))).toBeUndefined();
      expect(await store.consume(t.db, token, at(0))).toBeUndefined();
      expect(await store.revoke(t.db, token)).toBe(false);
    }
  });

  it('lets a token that lives past its last use be renewed, and expire once unused', async () => {
    const devices = new TokenStore('throttle_devices', sinceLastUse(60 * MINUTE));
    const { token, expiresAt } = await devices.issue(t.db, { user_id: userId, created_at: at(0).toISOString() }, at(0));
    expect(expiresAt).toBe(at(60).toISOString());
    await devices.renew(t.db, token, at(50));
    expect(await devices.find(t.db, token, at(109))).toMatchObject({ user_id: userId });
    expect(await devices.find(t.db, token, at(110))).toBeUndefined();
  });
});
