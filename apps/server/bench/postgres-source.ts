/**
 * Which PostgreSQL the bench's PostgreSQL writes use, and how a reason to skip them is told; no side effects, so
 * the tests can load it.
 */
export type PostgresSource = { url: string } | { skipped: string };

/** Which PostgreSQL to measure on: BENCH_DATABASE_URL, else TEST_DATABASE_URL; an empty one counts as unset. */
export function postgresSource(env: NodeJS.ProcessEnv): PostgresSource {
  const name = env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'TEST_DATABASE_URL';
  const url = env[name];
  if (!url) return { skipped: 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set' };
  if (!URL.canParse(url) || !['postgres:', 'postgresql:'].includes(new URL(url).protocol))
    return { skipped: `${name} is not a postgres:// URL` };
  return { url };
}

/** The URL as it may be printed: its password hidden. */
export function shownUrl(url: string): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/** An error's message; a host refusing on every address gives an AggregateError with no message of its own. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export const skippedLine = (reason: string): string => `PostgreSQL writes skipped: ${reason}`;
