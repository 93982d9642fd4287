/**
 * How much the reliability run does. The full profile is the release one (100 kill cycles on
 * SQLite, 20 on PostgreSQL, 60 s of load three times); RELIABILITY_PROFILE=ci shrinks it to fit CI.
 * Every count can be set on its own from the environment.
 */
export interface Settings {
  name: string;
  suites: Set<string>;
  port: number;
  postgresUrl: string;
  sqliteCycles: number;
  postgresCycles: number;
  writers: number;
  loadWarmupSeconds: number;
  loadSeconds: number;
  loadRuns: number;
  loadConnections: number;
  /**
   * Whether p99 and RSS growth between the last two load runs are held to the promise. CI's runs are
   * 15 s long, too short for a steady heap or tail, so there the figures are printed, not judged.
   */
  loadTrendChecks: boolean;
  /** Records per collection and log rows seeded before the load. */
  loadRecords: number;
  loadLogRows: number;
  /** sqlmap --level and --risk. */
  sqlmapLevel: number;
  sqlmapRisk: number;
  /** Sign-in hashes every attempt, so CI scans it at a lower level. */
  sqlmapLoginLevel: number;
  /** Several instances behind nginx: writes read back through the others, seconds of load during a restart. */
  instanceWrites: number;
  instanceLoadSeconds: number;
}

const FULL = {
  loadTrendChecks: true,
  sqliteCycles: 100,
  postgresCycles: 20,
  loadWarmupSeconds: 10,
  loadSeconds: 60,
  loadRuns: 3,
  loadRecords: 1000,
  loadLogRows: 200_000,
  sqlmapLevel: 3,
  sqlmapRisk: 2,
  sqlmapLoginLevel: 3,
  instanceWrites: 200,
  instanceLoadSeconds: 30,
};
const CI = {
  loadTrendChecks: false,
  sqliteCycles: 15,
  postgresCycles: 5,
  loadWarmupSeconds: 5,
  loadSeconds: 15,
  loadRuns: 3,
  loadRecords: 200,
  loadLogRows: 20_000,
  sqlmapLevel: 3,
  sqlmapRisk: 2,
  sqlmapLoginLevel: 1,
  instanceWrites: 30,
  instanceLoadSeconds: 10,
};

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}

export function profile(env: NodeJS.ProcessEnv): Settings {
  const name = env.RELIABILITY_PROFILE === 'ci' ? 'ci' : 'full';
  const base = name === 'ci' ? CI : FULL;
  return {
    name,
    // e.g. RELIABILITY_SUITES=crash,load to run a part while working on it
    suites: new Set((env.RELIABILITY_SUITES || 'crash,load,sqlmap,instances,caching').split(',').map((s) => s.trim())),
    port: count(env, 'RELIABILITY_PORT', 3410),
    postgresUrl: env.RELIABILITY_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    sqliteCycles: count(env, 'RELIABILITY_CRASH_CYCLES', base.sqliteCycles),
    postgresCycles: count(env, 'RELIABILITY_PG_CRASH_CYCLES', base.postgresCycles),
    writers: count(env, 'RELIABILITY_WRITERS', 16),
    loadWarmupSeconds: count(env, 'RELIABILITY_LOAD_WARMUP_SECONDS', base.loadWarmupSeconds),
    loadSeconds: count(env, 'RELIABILITY_LOAD_SECONDS', base.loadSeconds),
    loadRuns: count(env, 'RELIABILITY_LOAD_RUNS', base.loadRuns),
    loadConnections: count(env, 'RELIABILITY_LOAD_CONNECTIONS', 50),
    loadTrendChecks: env.RELIABILITY_LOAD_TREND_CHECKS
      ? env.RELIABILITY_LOAD_TREND_CHECKS === 'true'
      : base.loadTrendChecks,
    loadRecords: count(env, 'RELIABILITY_LOAD_RECORDS', base.loadRecords),
    loadLogRows: count(env, 'RELIABILITY_LOAD_LOG_ROWS', base.loadLogRows),
    sqlmapLevel: count(env, 'RELIABILITY_SQLMAP_LEVEL', base.sqlmapLevel),
    sqlmapRisk: count(env, 'RELIABILITY_SQLMAP_RISK', base.sqlmapRisk),
    sqlmapLoginLevel: count(env, 'RELIABILITY_SQLMAP_LOGIN_LEVEL', base.sqlmapLoginLevel),
    instanceWrites: count(env, 'RELIABILITY_INSTANCE_WRITES', base.instanceWrites),
    instanceLoadSeconds: count(env, 'RELIABILITY_INSTANCE_LOAD_SECONDS', base.instanceLoadSeconds),
  };
}
