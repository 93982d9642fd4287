import { ConfigError } from '../config/config.ts';
import { CliError } from './password-input.ts';
import type { TableEntry, TableProgress } from '../backup/format.ts';

/** 12.3 MB / 456 kB, as an operator reads sizes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** One line per table: name and row count, aligned. */
export function tableLines(tables: readonly Pick<TableEntry, 'name' | 'rows'>[]): string[] {
  const width = Math.max(0, ...tables.map((t) => t.name.length));
  return tables.map(
    (t) => `  ${t.name.padEnd(width)}  ${t.rows.toLocaleString('en-US')} ${t.rows === 1 ? 'row' : 'rows'}`,
  );
}

/** A failure as one line: the message's first line, never a stack trace. */
export const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Runs a backup command and turns a failure into one line on stderr and its exit code: a usage
 * error's own, 2 for a bad setting, 1 otherwise. `afterFailure` may add a sentence of its own.
 */
export async function runBackupCommand(
  main: () => Promise<void>,
  afterFailure?: (error: unknown) => void,
): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`error: ${firstLine(error)}`);
    process.exitCode = error instanceof CliError ? error.exitCode : error instanceof ConfigError ? 2 : 1;
    afterFailure?.(error);
  }
}

/** Where progress goes: standard output, or a stand-in in tests. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** At a terminal the line is redrawn at most this often. */
const REDRAW_MS = 100;
const CLEAR_LINE = '\r\u001b[2K';

/**
 * Progress of a backup or restore, table by table: at a terminal one line redrawn in place (table,
 * rows done of total, time so far); elsewhere (a log, a pipe) one line per table once it is done.
 * `done()` clears the terminal's line before the summary is printed.
 */
export function progressReporter(verb: string, out: ProgressOutput = process.stdout, now: () => number = Date.now) {
  const started = now();
  let drawnAt = -Infinity;
  let drawn = false;
  const finishedTables = new Set<string>();
  const line = (p: TableProgress) =>
    `${verb} ${p.table}: ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} rows, ${formatSeconds(now() - started)}`;
  return {
    update(progress: TableProgress): void {
      const finished = progress.done >= progress.total;
      if (finished && finishedTables.has(progress.table)) return;
      if (finished) finishedTables.add(progress.table);
      if (!out.isTTY) {
        if (finished) out.write(`${line(progress)}\n`);
        return;
      }
      if (!finished && now() - drawnAt < REDRAW_MS) return;
      drawnAt = now();
      drawn = true;
      out.write(`${CLEAR_LINE}${line(progress)}`);
    },
    done(): void {
      if (drawn) out.write(CLEAR_LINE);
      drawn = false;
    },
  };
}
