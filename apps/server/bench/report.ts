import type { BrowserFigures } from './browser.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Measure, errorList } from './load.ts';
import type { StormFigures } from './sign-in-storm.ts';

export interface Row extends Measure {
  name: string;
  /** Same-run baselines this row is compared with (req/s and p99 ratios). */
  raw?: Measure | undefined;
  fastify?: Measure | undefined;
}

export interface Goal {
  goal: string;
  value: string;
  target: string;
  holds: boolean;
}

/** A part of the bench that runs on servers of its own: its figures as printed lines, and its goals. */
export interface Part {
  title: string;
  lines: string[];
  goals: Goal[];
  figures: Record<string, unknown>;
}

export interface Report {
  at: string;
  quick: boolean;
  scale: Record<string, number>;
  rows: Row[];
  memory: Record<string, number | number[]>;
  startupMs: number[];
  browser: BrowserFigures | undefined;
  lighthouse: LighthouseFigures | undefined;
  signInStorm: StormFigures[];
  goals: Goal[];
  parts: Part[];
  notes: string[];
}

const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}×` : '—');
const pad = (text: string, width: number, left = false) => (left ? text.padEnd(width) : text.padStart(width));

export function printTable(rows: Row[]): void {
  const head = ['', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s vs raw', 'p99 vs raw', 'req/s vs Fastify+SQLite'];
  const lines = rows.map((r) => [
    r.name,
    String(r.reqPerSec),
    String(r.p50),
    String(r.p99),
    r.errors === 0 ? '0' : `${r.errors} (${errorList(r.errorsBy)})`,
    ratio(r.reqPerSec, r.raw?.reqPerSec),
    ratio(r.p99, r.raw?.p99),
    ratio(r.reqPerSec, r.fastify?.reqPerSec),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const show = (cells: string[]) => console.log(cells.map((c, i) => pad(c, widths[i] ?? 0, i === 0)).join('  '));
  show(head);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) show(line);
}

export function printGoals(goals: Goal[]): void {
  const width = Math.max(...goals.map((g) => g.goal.length));
  for (const g of goals)
    console.log(`${g.holds ? 'holds' : 'MISSES'}  ${g.goal.padEnd(width)}  ${g.value}  (goal ${g.target})`);
}

/** The goal of no errors in any run; when missed it names the runs that had some and what they were. */
export function noErrorsGoal(rows: Row[]): Goal {
  const failed = rows.filter((r) => r.errors > 0);
  return {
    goal: 'errors in every run',
    value: failed.length === 0 ? '0' : failed.map((r) => `${r.name}: ${errorList(r.errorsBy)}`).join('; '),
    target: '0',
    holds: failed.length === 0,
  };
}

/** Writes the report beside the earlier ones (bench-results/ is git-ignored); answers the file. */
export function writeReport(folder: string, report: Report): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `bench-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
