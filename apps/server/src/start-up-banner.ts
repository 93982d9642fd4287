import type { Config } from './config/config.ts';
import { sqliteFilePath } from './db/connection.ts';

/** The database as an operator needs to see it: never with its password. */
function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `SQLite, ${sqliteFilePath(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL, ${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * What `npm start` prints once listening. The first line is the same in every log format; at a
 * terminal the lines after it say where everything is and what is switched off.
 */
export function startBanner(config: Config, address: string): string[] {
  const lines = [`Bursary is running at ${address} (console at /, API at /api)`];
  if (config.logFormat === 'json') return lines;
  const backups =
    config.backupEveryHours > 0
      ? `every ${config.backupEveryHours} h into ${config.backupDir}, the last ${config.backupKeep} kept`
      : 'not scheduled (BACKUP_EVERY_HOURS); make one with: npm run backup';
  lines.push(
    `  database  ${describeDatabase(config)}`,
    `  backups   ${backups}`,
    `  metrics   ${config.metricsToken ? `${address}/api/metrics with METRICS_TOKEN` : 'off (set METRICS_TOKEN to read /api/metrics)'}`,
    `  logs      readable, level ${config.logLevel}, warnings and errors only (LOG_FORMAT=json for one JSON line per request)`,
    '  Stop with Ctrl+C: open requests finish first.',
  );
  return lines;
}
