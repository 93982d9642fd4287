import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { collectStartUpGarbage } from '../../src/lib/start-up-garbage.ts';

const MB = 1024 * 1024;

/** Large arrays no one keeps once this returns: V8 frees such arrays only in a full collection. */
function leaveGarbage(): number {
  return Array.from({ length: 160 }, () => new Array<number>(50_000).fill(1.5)).length;
}

it('frees what start-up left unreachable before the server listens, and leaves gc() to no one', () => {
  expect(leaveGarbage()).toBe(160);
  const before = process.memoryUsage().heapUsed;

  collectStartUpGarbage();

  expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(40 * MB);
  expect(runInNewContext('typeof gc')).toBe('undefined');
  expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
});
