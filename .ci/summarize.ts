// Sums the JSON reports of every suite (Vitest, Playwright, our own scripts) and the plain
// checks into one closing line. Exits 1 when anything failed or a suite left no report.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each step's wall time (written by .ci/run), longest first, and the run's total. */
function printTimes(file: string): void {
  if (!existsSync(file)) return;
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [seconds = '0', outcome = '', name = ''] = line.split('\t');
      return { seconds: Number(seconds), outcome, name };
    });
  const clock = (s: number) => `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  console.log('\ntime per step:');
  for (const row of [...rows].sort((a, b) => b.seconds - a.seconds))
    console.log(`  ${clock(row.seconds).padStart(7)}  ${row.outcome.padEnd(6)}  ${row.name}`);
  console.log(`  ${clock(rows.reduce((sum, row) => sum + row.seconds, 0)).padStart(7)}  in all\n`);
}

const [dir = '.', checksPassed = '0', checksFailed = '0'] = process.argv.slice(2);
let passed = Number(checksPassed);
let failed = Number(checksFailed);

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  if (typeof report.numPassedTests === 'number') {
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numFailedTestSuites ?? 0);
  } else if (report.stats && typeof report.stats.expected === 'number') {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected + (report.errors?.length ?? 0);
  } else if (typeof report.passed === 'number') {
    p = report.passed;
    f = report.failed;
  }
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}

printTimes(join(dir, 'times.tsv'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
