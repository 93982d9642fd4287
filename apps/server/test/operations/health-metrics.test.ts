import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordBackupMade } from '../../src/backup/backup-state.ts';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

const TOKEN = 'a metrics token of some length';

/** One sample's value from the Prometheus text, or undefined when the line is absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe.each(dialects)('health checks on %s', (dialect) => {
  it('answers ok with its checks once migrated, to an administrator', async () => {
    const t = await buildTestApp({ dialect });
    try {
      const res = await t.injectAs({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'current' } });
    } finally {
      await t.close();
    }
  });

  it("answers the status alone to anyone without the metrics token or an administrator's token", async () => {
    const t = await buildTestApp({ dialect, config: { metricsToken: TOKEN } });
    try {
      const editor = await signInAs(t, 'editor');
      for (const headers of [
        {},
        { authorization: `Bearer ${editor}` },
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${TOKEN}x` },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
      }
      const scraper = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scraper.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'current' } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when a migration of this server has not run, and 200 when another instance migrated further', async () => {
    const t = await buildTestApp({ dialect });
    try {
      await sql`delete from kysely_migration where name = '003-change-counters'`.execute(t.db);
      const pending = await t.injectAs({ method: 'GET', url: '/api/health' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'unavailable' });
    } finally {
      await t.close();
    }
    const newer = await buildTestApp({ dialect });
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
        newer.db,
      );
      const res = await newer.injectAs({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'newer' } });
    } finally {
      await newer.close();
    }
  });

  it('answers 503 with a JSON body, no detail, when the database cannot be reached', async () => {
    const t = await buildTestApp({ dialect, config: { metricsToken: TOKEN } });
    try {
      await t.db.destroy();
      t.app.counters.close();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable', migrations: 'unknown' } });
    } finally {
      await t.app.close().catch(() => {});
      await t.close().catch(() => {});
    }
  });
});

describe.each(dialects)('metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { metricsToken: TOKEN } });
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('are off without METRICS_TOKEN', async () => {
    const off = await buildTestApp({ dialect });
    try {
      const res = await off.injectAs({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'Metrics are off. Set METRICS_TOKEN to read them here with that bearer token.',
        error: 'Not Found',
      });
    } finally {
      await off.close();
    }
  });

  it('are refused without the token, with a wrong one and with a session token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${t.token}`,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Metrics need the METRICS_TOKEN as a bearer token.',
        error: 'Unauthorized',
      });
    }
  });

  it('count requests by route pattern and status, time them, and show the pool and the backup age', async () => {
    await t.app.inject({ method: 'GET', url: '/api/faqs' });
    await t.app.inject({ method: 'GET', url: '/api/faqs' });
    await t.app.inject({ method: 'GET', url: '/api/faqs/12345' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = before.body;
    expect(sample(text, 'bursary_http_requests_total{method="GET",route="/api/faqs",status="200"}')).toBe(2);
    expect(sample(text, 'bursary_http_requests_total{method="GET",route="/api/faqs/:id",status="404"}')).toBe(1);
    expect(sample(text, 'bursary_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('12345');
    expect(sample(text, 'bursary_http_request_duration_seconds_count{method="GET",route="/api/faqs"}')).toBe(2);
    expect(sample(text, 'bursary_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/faqs"}')).toBe(
      2,
    );
    expect(sample(text, 'bursary_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    if (dialect === 'postgres')
      expect(sample(text, 'bursary_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bursary_backup_age_seconds')).toBe(-1);
    expect(sample(text, 'bursary_backups_made_total')).toBe(0);
    expect(sample(text, 'bursary_process_resident_memory_bytes')).toBeGreaterThan(0);

    await recordBackupMade(t.db as never, new Date(Date.now() - 90_000));
    const age = sample((await scrape(`Bearer ${TOKEN}`)).body, 'bursary_backup_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(3600);
  });
});
