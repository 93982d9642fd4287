import { familyCoveredBy, rangeProblem } from './address-ranges.ts';
import { ConfigError, integer } from './config-values.ts';
import { type DeliveryConfig, deliveryConfig } from './delivery.ts';
import { type WebhooksConfig, webhooksConfig } from './webhooks.ts';

export { ConfigError };
import { publishingConfig } from './publishing-config.ts';
import { siteHealthConfig } from './site-health-config.ts';

/**
 * Everything the server reads from its environment, parsed once at start-up.
 * A bad value stops the start with a message that names the variable.
 */
export interface Config extends DeliveryConfig, WebhooksConfig {
  host: string;
  port: number;
  /** Folder of the SQLite file when no DATABASE_URL is given. */
  dataDir: string;
  /** postgres://… selects PostgreSQL. */
  databaseUrl: string | undefined;
  /** First user on an empty database; a random password is printed when none is given. */
  adminUsername: string;
  adminPassword: string | undefined;
  sessionAbsoluteMinutes: number;
  sessionIdleMinutes: number;
  /** Sign-in failures allowed per username, and per username from one client address, in the window. */
  loginMaxFailures: number;
  /** Sign-in failures allowed from one client address over every username in the window. */
  loginAddressMaxFailures: number;
  loginWindowMinutes: number;
  /** Password hashes (128 MiB scrypt each) allowed at once; four times as many may wait. */
  hashConcurrency: number;
  /**
   * Whom X-Forwarded-For is believed from: no one (false), the number of proxies in front of
   * Bursary, or the proxies' addresses and ranges. Never every hop: the client writes the first ones.
   */
  trustProxy: false | number | string[];
  /** Largest accepted upload, in bytes. */
  mediaMaxBytes: number;
  /** Largest accepted JSON or multipart body, in bytes (rich text carries data-URL images). */
  bodyMaxBytes: number;
  /** Folder of the built console, served at /. */
  consoleDir: string;
  logLevel: string;

  // Operations: backups, metrics, log format
  /** Folder of backups made without a file name and by the schedule (BACKUP_DIR, default DATA_DIR/backups). */
  backupDir: string;
  /** Hours between scheduled backups; 0 (the default) turns the schedule off. */
  backupEveryHours: number;
  /** Scheduled backups kept in backupDir; older ones are deleted. */
  backupKeep: number;
  /** Bearer token that reads GET /api/metrics; unset, the route answers 404. */
  metricsToken: string | undefined;
  /** `pretty` for a person at a terminal, `json` for log collectors. */
  logFormat: 'pretty' | 'json';
  /** Days revisions are kept (HISTORY_KEEP_DAYS); 0, the default, keeps them forever. */
  historyKeepDays: number;

  // Team accounts
  /** SECRET_KEY: encrypts TOTP secrets; unset, a key file in dataDir is made and used. */
  secretKey: string | undefined;
  require2fa: TwoFactorRequirement;

  // Publishing
  /** PREVIEW_URL: the website's preview address with `{token}` (and `{section}`, `{id}`, `{locale}`) to fill; unset, none. */
  previewUrl: string | undefined;
  /** Seconds between two looks for due schedules (SCHEDULE_CHECK_SECONDS, 1–30, default 30). */
  scheduleCheckSeconds: number;

  // Site health
  /** STALE_AFTER_DAYS: days after which a published record that has not changed is reported (default 365). */
  staleAfterDays: number;
  /** LINK_CHECK=on: external links of published content are checked once a day in the background. */
  linkCheck: boolean;

  // Languages
  /** DEFAULT_LOCALE: the language every record is written in first, as a canonical BCP 47 code (default `en`). */
  defaultLocale: string;
}

/** Who must turn on two-factor sign-in before anything else (REQUIRE_2FA). */
export type TwoFactorRequirement = 'off' | 'admins' | 'all';

/** Two 128 MiB hashes at once leave the rest of the thread pool to file reads and compression. */
export const DEFAULT_HASH_CONCURRENCY = 2;

/** More proxies than this in a row is a mistake: each one is a hop whose address a client could write. */
const MAX_TRUSTED_HOPS = 10;

function trustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every forwarded hop; set the number of proxies in front of Bursary (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_HOPS)
      throw new ConfigError(
        `TRUST_PROXY counts the proxies in front of Bursary: at most ${MAX_TRUSTED_HOPS}, not ${value}`,
      );
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = rangeProblem(entry);
    if (problem !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be the number of proxies in front of Bursary (e.g. 1) or their addresses and ranges separated by commas (e.g. 10.0.0.5,192.168.0.0/16), not "${raw}": "${entry}" ${problem}`,
      );
    }
  }
  const family = familyCoveredBy(entries);
  if (family !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must name the proxies in front of Bursary, not every address: "${value}" covers every ${family} address, so any client could choose the address it is counted under`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)');
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 3000),
    dataDir: env.DATA_DIR || './data',
    databaseUrl,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionAbsoluteMinutes: integer(env, 'SESSION_ABSOLUTE_MINUTES', 12 * 60, 1),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 60, 1),
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 10, 1),
    loginAddressMaxFailures: integer(env, 'LOGIN_ADDRESS_MAX_FAILURES', 50, 1),
    loginWindowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1),
    hashConcurrency: integer(env, 'HASH_CONCURRENCY', DEFAULT_HASH_CONCURRENCY, 1),
    trustProxy: trustProxy(env.TRUST_PROXY),
    mediaMaxBytes: integer(env, 'MEDIA_MAX_BYTES', 5 * 1024 * 1024, 1),
    bodyMaxBytes: integer(env, 'BODY_MAX_BYTES', 12 * 1024 * 1024, 1024),
    consoleDir: env.CONSOLE_DIR || new URL('../../../console/dist', import.meta.url).pathname,
    logLevel: env.LOG_LEVEL || 'info',
    historyKeepDays: integer(env, 'HISTORY_KEEP_DAYS', 0),
    ...operationsConfig(env),
    ...accountsConfig(env),
    ...deliveryConfig(env),
    ...webhooksConfig(env),
    ...publishingConfig(env, (message) => new ConfigError(message)),
    ...siteHealthConfig(env),
    defaultLocale: defaultLocale(env.DEFAULT_LOCALE),
  };
}

/**
 * Shorter than this, a SECRET_KEY is guessable: 32 characters of a password manager's output or `openssl rand -base64
 * 32`.
 */
const SECRET_KEY_MIN_LENGTH = 32;

function accountsConfig(env: NodeJS.ProcessEnv): Pick<Config, 'secretKey' | 'require2fa'> {
  const secretKey = env.SECRET_KEY || undefined;
  if (secretKey !== undefined && secretKey.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(
      `SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters long (e.g. the output of: openssl rand -base64 32)`,
    );
  }
  const raw = env.REQUIRE_2FA || 'off';
  if (raw !== 'off' && raw !== 'admins' && raw !== 'all')
    throw new ConfigError(`REQUIRE_2FA must be "admins", "all" or "off", not "${raw}"`);
  return { secretKey, require2fa: raw };
}

function logFormat(raw: string | undefined): 'pretty' | 'json' {
  if (raw === undefined || raw === '') return process.stdout.isTTY ? 'pretty' : 'json';
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError(`LOG_FORMAT must be "pretty" or "json", not "${raw}"`);
}

function operationsConfig(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'backupDir' | 'backupEveryHours' | 'backupKeep' | 'metricsToken' | 'logFormat'> {
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  return {
    backupDir: env.BACKUP_DIR || `${env.DATA_DIR || './data'}/backups`,
    backupEveryHours: integer(env, 'BACKUP_EVERY_HOURS', 0),
    backupKeep: integer(env, 'BACKUP_KEEP', 7, 1),
    metricsToken,
    logFormat: logFormat(env.LOG_FORMAT),
  };
}

/** DEFAULT_LOCALE in its canonical form (`en-gb` → `en-GB`); one tag, not a list or a wildcard. */
function defaultLocale(raw: string | undefined): string {
  const value = raw?.trim() || 'en';
  let canonical: string[] = [];
  try {
    canonical = Intl.getCanonicalLocales(value);
  } catch {
    // a malformed tag: the message below names the variable and the value
  }
  if (canonical.length !== 1 || !canonical[0])
    throw new ConfigError(`DEFAULT_LOCALE must be one BCP 47 language code such as en, fr or sw-KE, not "${value}"`);
  return canonical[0];
}
