import { ConfigError } from '../config/config.ts';
import { CliError } from './password-input.ts';
import type { TableEntry } from '../backup/format.ts';

/** 12.3 MB / 456 kB, as an operator reads sizes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** One line per table: name and row count, aligned. */
export function tableLines(tables: readonly Pick<TableEntry, 'name' | 'rows'>[]): string[] {
  const width = Math.max(0, ...tables.map((t) => t.name.length));
  return tables.map((t) => `  ${t.name.padEnd(width)}  ${t.rows.toLocaleString('en-US')} ${t.rows === 1 ? 'row' : 'rows'}`);
}

/** A failure as one line: the message's first line, never a stack trace. */
export const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Runs a backup command and turns a failure into one line on stderr and its exit code: a usage
 * error's own, 2 for a bad setting, 1 otherwise. `afterFailure` may add a sentence of its own.
 */
export async function runBackupCommand(main: () => Promise<void>, afterFailure?: (error: unknown) => void): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`error: ${firstLine(error)}`);
    process.exitCode = error instanceof CliError ? error.exitCode : error instanceof ConfigError ? 2 : 1;
    afterFailure?.(error);
  }
}
