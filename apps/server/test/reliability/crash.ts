import { checkDatabase } from './crash-checks.ts';
import { crashWebhookEnv, watchCrashWebhooks } from './crash-webhooks.ts';
import type { Inspector } from './database.ts';
import { outboundConnections } from './outbound.ts';
import { type ServerEnv, signIn, startServer } from './server-process.ts';
import { runWriter, type WriterLedger } from './writers.ts';

/**
 * The crash suite: 16 writers, SIGKILL of the server after 0.2–3 s,
 * restart, then the database's own checks, every acknowledged write present and byte-identical,
 * writes in flight whole or absent, and records, log rows and revisions one for one for one. A webhook
 * listens throughout: every acknowledged creation is announced at least once, however the kills fell.
 */
export interface CrashOptions {
  label: string;
  env: ServerEnv;
  cycles: number;
  writers: number;
  /** A fresh connection to the database after each restart. */
  inspect: () => Promise<Inspector>;
  log: (line: string) => void;
}

export interface CrashFigures {
  cycles: number;
  integrityOk: number;
  acknowledged: number;
  records: number;
  missing: number;
  problems: string[];
  requests: number;
  rows: number;
  /** Webhook events received, and how many of them repeated one already received. */
  webhookEvents: number;
  webhookRepeats: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function crashCycles(opts: CrashOptions): Promise<CrashFigures> {
  const ledger: WriterLedger = { acked: new Map(), inFlight: [], requests: 0, acknowledged: 0 };
  const figures: CrashFigures = {
    cycles: 0,
    integrityOk: 0,
    acknowledged: 0,
    records: 0,
    missing: 0,
    problems: [],
    requests: 0,
    rows: 0,
    webhookEvents: 0,
    webhookRepeats: 0,
  };
  let seq = 0;
  const env = { ...opts.env, extra: { ...opts.env.extra, ...crashWebhookEnv } };
  let server = await startServer(env);
  const token = await signIn(server.base);
  const hooks = await watchCrashWebhooks(server.base, token);
  const started = Date.now();
  try {
    for (let cycle = 1; cycle <= opts.cycles; cycle += 1) {
      let stopped = false;
      const writers = Array.from({ length: opts.writers }, (_, writer) =>
        runWriter({
          base: server.base,
          token,
          writer,
          ledger,
          stopped: () => stopped,
          nextSeq: () => {
            seq += 1;
            return seq;
          },
        }),
      );
      const failures = Promise.allSettled(writers);
      await sleep(200 + Math.random() * 2800);
      // under writes, the server's own connections go to its database and nowhere else
      const databasePort = opts.env.databaseUrl ? Number(new URL(opts.env.databaseUrl).port || 5432) : undefined;
      const allowed = [hooks.port, ...(databasePort ? [databasePort] : [])];
      for (const socket of outboundConnections(server.pid, opts.env.port, allowed)) {
        figures.problems.push(`cycle ${cycle}: outbound connection ${socket}`);
      }
      stopped = true;
      await server.kill();
      for (const result of await failures) {
        if (result.status === 'rejected')
          figures.problems.push(
            `cycle ${cycle}: a writer failed before the kill: ${String(result.reason).slice(0, 200)}`,
          );
      }
      server = await startServer(env);
      const db = await opts.inspect();
      try {
        const checked = await checkDatabase(db, ledger);
        figures.cycles = cycle;
        if (checked.integrityOk) figures.integrityOk += 1;
        figures.missing += checked.missing;
        figures.rows = checked.rows;
        figures.problems.push(...checked.problems.map((p) => `cycle ${cycle}: ${p}`));
      } finally {
        await db.close();
      }
      if (cycle % 10 === 0 || cycle === opts.cycles) {
        opts.log(
          `  ${opts.label}: cycle ${cycle}/${opts.cycles}, ${ledger.acked.size} acknowledged records, ${figures.problems.length} problems, ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }
      if (figures.problems.length > 50) break;
    }
    const delivered = await hooks.settle(ledger);
    figures.problems.push(...delivered.problems);
    figures.webhookEvents = delivered.received;
    figures.webhookRepeats = delivered.repeated;
  } finally {
    await server.stop();
    await hooks.close();
  }
  figures.acknowledged = ledger.acknowledged;
  figures.requests = ledger.requests;
  figures.records = ledger.acked.size;
  return figures;
}
