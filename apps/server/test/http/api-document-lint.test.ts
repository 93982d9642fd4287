import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, type TestApp } from '../helper.ts';

/**
 * The API document through a standard linter, as a code generator's user would check it: Redocly CLI's
 * `lint` with its recommended rules, on the whole document and on the website's.
 */

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * The warnings the document keeps, each for a reason, listed one by one so that a new one fails:
 * - no-ambiguous-paths: a single-record section's `/{id}/revisions` and its `/sub/{id}` and `/translations/{code}`
 *   match the same addresses in form, but the server routes `sub` and `translations` as literals before an id
 *   (and an id is a whole number), so each address reaches one operation;
 * - info-license: the content API is a fund's own, under no public licence.
 */
function keptWarnings(audience: 'whole' | 'website'): string[] {
  const kept = ['info-license #/info'];
  if (audience === 'website') return kept;
  for (const section of sections.filter((s) => s.kind === 'single')) {
    kept.push(`no-ambiguous-paths #/paths/~1api~1${section.slug}~1translations~1{code}`);
    if (section.subItems) kept.push(`no-ambiguous-paths #/paths/~1api~1${section.slug}~1sub~1{id}`);
  }
  return kept.sort();
}

/**
 * The most each document may weigh. The whole one grows with each operation (387 of them, about 1.4 KiB each once
 * the repeated parts are shared); the website's with each section's record. A change that passes either has
 * repeated something that should be shared, or grown the API by more than it meant to.
 */
const MAX_KIB = { whole: 560, website: 70 };

const cli = join(dirname(fileURLToPath(import.meta.resolve('@redocly/cli/package.json'))), 'bin', 'cli.js');

function lint(file: string): { problems: Problem[]; totals: { errors: number; warnings: number } } {
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no report: ${run.stderr || run.error?.message}`);
  return JSON.parse(run.stdout.slice(start)) as { problems: Problem[]; totals: { errors: number; warnings: number } };
}

describe('the API document by a standard linter (Redocly, recommended rules)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp({ signIn: false });
    dir = mkdtempSync(join(tmpdir(), 'bursary-api-lint-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, query] of [
    ['whole', ''],
    ['website', '?audience=website'],
  ] as const) {
    it(`has no error, and only the warnings it keeps for a reason: ${name}`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/openapi.json${query}` });
      const file = join(dir, `${name}.json`);
      writeFileSync(file, res.body);
      const { problems, totals } = lint(file);
      const operations = Object.values(res.json().paths as Record<string, object>).reduce(
        (sum, item) => sum + Object.keys(item).length,
        0,
      );
      // the figures a maintainer compares from one change to the next
      console.info(
        `API document (${name}): ${(res.body.length / 1024).toFixed(0)} KiB, ${operations} operations, ${totals.errors} errors, ${totals.warnings} warnings`,
      );
      const describe = (p: Problem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
      expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
      const warnings = problems.filter((p) => p.severity === 'warn');
      expect(warnings.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort()).toEqual(keptWarnings(name));
      expect(totals.warnings).toBe(keptWarnings(name).length);
      expect(res.body.length / 1024).toBeLessThanOrEqual(MAX_KIB[name]);
    });
  }
});
