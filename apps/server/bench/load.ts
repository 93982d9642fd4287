import autocannon, { type Request, type Result } from 'autocannon';

export interface Load extends Request {
  path: string;
  connections: number;
  /** Requests built per call (e.g. edits that carry the ETag last seen). */
  requests?: Request[];
  /** The status every answer must have; anything else counts as an error. */
  expect: number;
  /** Runs before each autocannon run, the warm-up too (a load that keeps state starts it afresh). */
  prepare?: () => Promise<void>;
}

export interface Measure {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were, so that a failed run explains itself: answers by status code, and timeouts and
   * connection errors, e.g. `{ "412": 3330, "503": 2, timeout: 1 }`. */
  errorsBy: Record<string, number>;
  requests: number;
}

export function summarise(result: Result, expect: number): Measure {
  const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
  const errorsBy: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats))
    if (status !== String(expect) && count > 0) errorsBy[status] = count;
  // autocannon's `errors` counts its timeouts too
  const failed = { timeout: result.timeouts, 'connection error': result.errors - result.timeouts };
  for (const [kind, count] of Object.entries(failed)) if (count > 0) errorsBy[kind] = count;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: Object.values(errorsBy).reduce((sum, count) => sum + count, 0),
    errorsBy,
    requests: answered,
  };
}

/** The errors of a measure as "412×3330, 503×2", most frequent first; empty when there were none. */
export const errorList = (errorsBy: Record<string, number>): string =>
  Object.entries(errorsBy)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) => `${kind}×${count}`)
    .join(', ');

/** "0 errors", or "3332 errors (412×3330, 503×2)". */
export const errorsText = (m: Measure): string =>
  m.errors === 0 ? '0 errors' : `${m.errors} errors (${errorList(m.errorsBy)})`;

/** How long the bench measures a load, and in how many slices when targets are taken in turn; BENCH_QUICK=1 runs short. */
export function benchTiming(quick: boolean): { seconds: { warm: number; run: number }; slices: number } {
  return quick ? { seconds: { warm: 0.5, run: 2 }, slices: 2 } : { seconds: { warm: 1, run: 8 }, slices: 4 };
}

/** A short warm-up (JIT, caches, connection pools), then the measured run; both bounded in time. */
export async function measure(base: string, load: Load, seconds: { warm: number; run: number }): Promise<Measure> {
  const { connections, expect, path, prepare, ...request } = load;
  const options = { url: `${base}${path}`, connections, timeout: 10, ...request };
  if (seconds.warm > 0) {
    await prepare?.();
    await autocannon({ ...options, duration: seconds.warm });
  }
  await prepare?.();
  return summarise(await autocannon({ ...options, duration: seconds.run }), expect);
}

/** The middle value (the upper of the two middle ones for an even count); 0 for none. */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Compares targets fairly on a shared, noisy machine: short slices taken in turn (A, B, C, A, B, C…)
 * so a burst of outside load hits all of them alike; each figure is the median of its slices.
 */
export async function measureInTurn(
  targets: { base: string; load: Load }[],
  seconds: { warm: number; run: number },
  slices: number,
): Promise<Measure[]> {
  const runs: Measure[][] = targets.map(() => []);
  if (seconds.warm > 0)
    for (const target of targets) await measure(target.base, target.load, { warm: 0, run: seconds.warm });
  for (let slice = 0; slice < slices; slice++) {
    for (const [n, target] of targets.entries())
      runs[n]?.push(await measure(target.base, target.load, { warm: 0, run: seconds.run / slices }));
  }
  return runs.map((measures) => combine(measures));
}

/** Slices of one target as one figure: the median of each rate and latency, the sum of answers and errors. */
export function combine(measures: Measure[]): Measure {
  const errorsBy: Record<string, number> = {};
  for (const m of measures)
    for (const [kind, count] of Object.entries(m.errorsBy)) errorsBy[kind] = (errorsBy[kind] ?? 0) + count;
  return {
    reqPerSec: median(measures.map((m) => m.reqPerSec)),
    p50: median(measures.map((m) => m.p50)),
    p99: median(measures.map((m) => m.p99)),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    errorsBy,
    requests: measures.reduce((sum, m) => sum + m.requests, 0),
  };
}
