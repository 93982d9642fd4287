import type { Result } from 'autocannon';
import { describe, expect, it } from 'vitest';
import { combine, errorsText, summarise } from '../../bench/load.ts';
import { noErrorsGoal } from '../../bench/report.ts';

/** An autocannon result as its run ends: answers by status, connection errors (timeouts included), timeouts. */
function result(statuses: Record<string, number>, errors = 0, timeouts = 0): Result {
  const histogram = { average: 100, p50: 2, p99: 9, max: 20 };
  return {
    requests: { ...histogram, total: 0 },
    latency: histogram,
    errors,
    timeouts,
    statusCodeStats: Object.fromEntries(Object.entries(statuses).map(([status, count]) => [status, { count }])),
  };
}

describe("the bench's error counts", () => {
  it('says which statuses the unexpected answers had, and counts a timeout once', () => {
    const m = summarise(result({ '200': 15_301, '412': 3_330, '503': 2 }, 3, 1), 200);
    expect(m.requests).toBe(18_633);
    expect(m.errorsBy).toEqual({ '412': 3_330, '503': 2, timeout: 1, 'connection error': 2 });
    expect(m.errors).toBe(3_335);
    expect(errorsText(m)).toBe('3335 errors (412×3330, 503×2, connection error×2, timeout×1)');
  });

  it('takes the expected status as success, whatever it is', () => {
    const m = summarise(result({ '304': 900 }), 304);
    expect(m).toMatchObject({ errors: 0, errorsBy: {}, requests: 900 });
    expect(errorsText(m)).toBe('0 errors');
    expect(errorsText(summarise(result({ '200': 5, '304': 900 }), 304))).toBe('5 errors (200×5)');
  });

  it('adds up the errors of the slices of a run by kind', () => {
    const slices = [result({ '200': 10, '412': 4 }), result({ '200': 10, '412': 1, '500': 1 }, 1)];
    const m = combine(slices.map((r) => summarise(r, 200)));
    expect(m).toMatchObject({ errors: 7, errorsBy: { '412': 5, '500': 1, 'connection error': 1 }, requests: 26 });
  });

  it('names the runs that had errors, and what they were, in the goal of none', () => {
    const put = { name: 'PUT (c=10)', ...summarise(result({ '200': 9, '412': 7 }), 200) };
    const get = { name: 'GET (c=50)', ...summarise(result({ '200': 90 }), 200) };
    expect(noErrorsGoal([get])).toMatchObject({ value: '0', holds: true });
    expect(noErrorsGoal([get, put])).toMatchObject({ value: 'PUT (c=10): 412×7', holds: false });
  });
});
