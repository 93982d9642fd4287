import { describe, expect, it, vi } from 'vitest';
import { HashGate } from '../../src/auth/hash-gate.ts';
import { addressKey } from '../../src/auth/throttle.ts';
import { UnknownUserBudget } from '../../src/auth/unknown-user-budget.ts';
import type { HttpError } from '../../src/lib/errors.ts';
import { buildTestApp } from '../helper.ts';

/** A piece of work that finishes when the test says so. */
function pending() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('address keys', () => {
  it('count IPv4 addresses one by one and IPv6 addresses per /64, however they are written', () => {
    expect(addressKey('10.1.2.3')).toBe('addr:10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('addr:10.1.2.3');
    const block = 'addr:2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::10.0.0.1',
      '2001:db8:1:2::5%eth0',
    ]) {
      expect(addressKey(ip), ip).toBe(block);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('addr:2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('addr:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('addr:0:0:0:0::/64');
  });
});

describe('hash gate lanes', () => {
  it('serves a known device before the sign-ins waiting in the other line, and never refuses it for their sake', async () => {
    const gate = new HashGate(1, 1);
    const order: string[] = [];
    const first = pending();
    const running = gate.run(() => first.done);
    const other = gate.run(async () => {
      order.push('other');
    });
    const refused = await gate.run(async () => 'ran').catch((error: unknown) => error);
    expect((refused as HttpError).status).toBe(503);
    const known = gate.run(async () => {
      order.push('known');
    }, 'known-device');
    first.finish();
    await Promise.all([running, other, known]);
    expect(order).toEqual(['known', 'other']);
  });
});

describe('unknown usernames', () => {
  it('share one budget per window, whatever the address', () => {
    const budget = new UnknownUserBudget(2, 10_000);
    const at = Date.parse('2026-04-01T08:00:00.000Z');
    expect([0, 1, 2].map((i) => budget.take(new Date(at + i)))).toEqual([true, true, false]);
    expect(budget.take(new Date(at + 9_999))).toBe(false);
    expect(budget.take(new Date(at + 10_000))).toBe(true);
  });

  it(
    'cannot fill the hashing queue: past the budget they are answered 401 without hashing, never 503',
    { timeout: 300_000 },
    async () => {
      // real hashes, slow enough for the queue to fill; one hash at a time and four waiting; the throttle out of
      // the way, as rotating addresses would have it
      vi.stubEnv('BURSARY_CHEAP_TEST_HASHES', 'false');
      const t = await buildTestApp({ signIn: false, config: { hashConcurrency: 1, loginMaxFailures: 1000 } });
      try {
        const answers = await Promise.all(
          Array.from({ length: 14 }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/login',
              remoteAddress: `10.50.0.${i + 1}`,
              payload: { username: `nobody-${i}`, password: `guess ${i}` },
            }),
          ),
        );
        expect(answers.map((res) => res.statusCode)).toEqual(Array(14).fill(401));
        for (const res of answers)
          expect(res.json()).toEqual({
            message: 'Invalid username or password',
            error: 'Invalid username or password',
          });
      } finally {
        vi.unstubAllEnvs();
        await t.close();
      }
    },
  );
});
