// Sums the JSON reports of every suite (Vitest, Playwright, our own scripts) and the plain
// checks into one closing line. Exits 1 when anything failed or a suite left no report.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
