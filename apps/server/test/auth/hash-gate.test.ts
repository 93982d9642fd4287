import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HashGate } from '../../src/auth/hash-gate.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

/** A piece of work that finishes when the test says so. */
function pending() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('hash gate', () => {
  it('runs at most its concurrency at once, queues a few, refuses the rest with 503 and Retry-After', async () => {
    const gate = new HashGate(2, 3);
    let running = 0;
    let most = 0;
    const works = Array.from({ length: 5 }, () => pending());
    const runs = works.map((w) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await w.done;
        running--;
      }),
    );
    const refused = await gate.run(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect(Number((refused as HttpError).headers?.['Retry-After'])).toBeGreaterThan(0);
    for (const w of works) w.finish();
    await Promise.all(runs);
    expect(most).toBe(2);
    // the queue drained: the gate takes work again
    expect(await gate.run(async () => 'ran')).toBe('ran');
  });

  it('frees the slot when the work fails', async () => {
    const gate = new HashGate(1, 0);
    await expect(
      gate.run(async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(await gate.run(async () => 'ran')).toBe('ran');
  });
});

describe('sign-in storm', () => {
  let t: TestApp;
  beforeAll(async () => {
    // real hashes, slow enough for the queue to fill (the first user's stored hash sets the cost of every guess)
    vi.stubEnv('BURSARY_CHEAP_TEST_HASHES', 'false');
    // the throttle out of the way, as 20 different addresses would have it
    t = await buildTestApp({ signIn: false, config: { hashConcurrency: 1, loginMaxFailures: 1000 } });
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it(
    'answers 503 with Retry-After to sign-ins past the hashing queue, and 401 to the rest',
    { timeout: 120_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: `10.20.0.${i + 1}`,
            payload: { username: 'editor', password: `wrong guess ${i}` },
          }),
        ),
      );
      const busy = answers.filter((res) => res.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 503)).toBe(true);
      for (const res of busy) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toEqual({
          message: 'The server is busy checking other sign-ins. Please try again in a moment.',
          error: 'The server is busy checking other sign-ins. Please try again in a moment.',
        });
      }
    },
  );
});
