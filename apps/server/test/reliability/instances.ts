import { join } from 'node:path';
import { sections } from '@bursary/shared';
import { migrations } from '../../src/db/migrations/index.ts';
import { sampleRecord } from '../factories.ts';
import { postgresInspector, throwawayPostgres } from './database.ts';
import { call, callOnFreshConnection, signIn, userCommand } from './instances-http.ts';
import { watchWebhooks, type WebhookWatch } from './instances-webhooks.ts';
import { startNginx } from './nginx.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer, startServer } from './server-process.ts';

/** Three instances on one PostgreSQL behind nginx; ports 3570–3575. */
const PORTS = [3570, 3571, 3572] as const;
const PROXY_PORT = 3575;
const MAX_FAILURES = 5;
const faqs = sections.find((s) => s.slug === 'faqs')!;

export interface InstanceSettings {
  postgresUrl: string;
  scratch: string;
  writes: number;
  loadSeconds: number;
  log: (line: string) => void;
}

export async function multiInstanceSuite(settings: InstanceSettings): Promise<{ ok: boolean; detail: string }> {
  const { log } = settings;
  const problems: string[] = [];
  const figures = {
    requests: 0,
    errors: 0,
    staleReads: 0,
    refusedStale: 0,
    endedSessions: 0,
    writes: 0,
    loadRequests: 0,
    loadErrors: 0,
    webhookEvents: 0,
  };
  const createdIds: number[] = [];
  let hooks: WebhookWatch | undefined;
  const database = await throwawayPostgres(settings.postgresUrl, `bursary_instances_${process.pid}`);
  const servers: RunningServer[] = [];
  const start = (port: number) =>
    startServer({
      port,
      databaseUrl: database.url,
      // webhooks may reach the receiver on loopback
      extra: { LOGIN_MAX_FAILURES: String(MAX_FAILURES), TRUST_PROXY: '127.0.0.1', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
  const expect = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  try {
    // all three start at once on the empty database
    servers.push(...(await Promise.all(PORTS.map(start))));
    const inspector = await postgresInspector(database.url);
    try {
      const ledger = await inspector.all<{ name: string; n: string }>(
        'select name, count(*) as n from kysely_migration group by name',
      );
      expect(
        ledger.length === Object.keys(migrations).length && ledger.every((r) => Number(r.n) === 1),
        `migration ledger after a simultaneous start: ${JSON.stringify(ledger)}`,
      );
      const users = await inspector.all<{ n: string }>('select count(*) as n from users');
      expect(Number(users[0]?.n) === 1, `users after a simultaneous start: ${users[0]?.n}`);
    } finally {
      await inspector.close();
    }
    log(`  3 instances started at once on an empty database: migrations ran once, one first user`);
    proxy = await startNginx(join(settings.scratch, 'nginx'), PROXY_PORT, PORTS);
    const token = await signIn(proxy.base, ADMIN_USERNAME, ADMIN_PASSWORD);
    hooks = await watchWebhooks(proxy.base, token);

    // an acknowledged write is read back through every other instance at once
    for (let i = 0; i < settings.writes; i++) {
      const before = await Promise.all(bases.map((base) => call(base, '/api/faqs')));
      const writer = i % bases.length;
      const created = await call(bases[writer]!, '/api/faqs', {
        method: 'POST',
        token,
        body: sampleRecord(faqs, i, ''),
      });
      figures.requests += 4;
      if (created.status !== 201) {
        figures.errors++;
        problems.push(`write ${i}: ${created.status}`);
        continue;
      }
      figures.writes++;
      const id = (JSON.parse(created.body) as { id: number }).id;
      createdIds.push(id);
      for (const [n, base] of bases.entries()) {
        if (n === writer) continue;
        const list = await call(base, '/api/faqs', { headers: { 'if-none-match': before[n]!.etag ?? '' } });
        const one = await call(base, `/api/faqs/${id}`);
        figures.requests += 2;
        const listed = list.status === 200 && (JSON.parse(list.body) as { id: number }[]).some((r) => r.id === id);
        if (!listed || one.status !== 200) figures.staleReads++;
      }
    }
    log(
      `  ${figures.writes} writes, each read back through the two other instances: ${figures.staleReads} stale reads`,
    );

    // a stale If-Match is refused through another instance
    const list = JSON.parse((await call(proxy.base, '/api/faqs')).body) as { id: number }[];
    const target = list[0]!.id;
    const original = await call(bases[0]!, `/api/faqs/${target}`);
    const first = await call(bases[1]!, `/api/faqs/${target}`, {
      method: 'PUT',
      token,
      body: sampleRecord(faqs, 1000, ''),
      headers: { 'if-match': original.etag ?? '' },
    });
    const second = await call(bases[2]!, `/api/faqs/${target}`, {
      method: 'PUT',
      token,
      body: sampleRecord(faqs, 1001, ''),
      headers: { 'if-match': original.etag ?? '' },
    });
    figures.requests += 3;
    expect(first.status === 200, `update with the current If-Match: ${first.status}`);
    expect(second.status === 412, `update with a stale If-Match through another instance: ${second.status}`);
    if (second.status === 412) figures.refusedStale++;

    // sign-out, password change and disabling end the session on every instance
    const me = async (base: string, t: string) => {
      figures.requests++;
      return (await call(base, '/api/me', { token: t })).status;
    };
    const signedOut = await signIn(bases[0]!, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(
      (await me(bases[1]!, signedOut)) === 200 && (await me(bases[2]!, signedOut)) === 200,
      'a session is not valid on every instance',
    );
    await call(bases[0]!, '/api/logout', { method: 'POST', token: signedOut });
    for (const base of bases.slice(1))
      if ((await me(base, signedOut)) === 401) figures.endedSessions++;
      else problems.push(`a signed-out session still works on ${base}`);
    expect(
      (await userCommand(database.url, ['add', 'alice', '--password-stdin'], 'alice has a long password\n')) === 0,
      'user add failed',
    );
    const aliceOld = await signIn(bases[0]!, 'alice', 'alice has a long password');
    const aliceCurrent = await signIn(bases[0]!, 'alice', 'alice has a long password');
    const changed = await call(bases[1]!, '/api/me/password', {
      method: 'PUT',
      token: aliceCurrent,
      body: { current_password: 'alice has a long password', new_password: 'alice has a newer password' },
    });
    expect(changed.status === 200, `password change: ${changed.status} ${changed.body}`);
    for (const base of [bases[0]!, bases[2]!])
      if ((await me(base, aliceOld)) === 401) figures.endedSessions++;
      else problems.push(`a session survived a password change on ${base}`);
    expect((await userCommand(database.url, ['disable', 'alice'])) === 0, 'user disable failed');
    for (const base of bases)
      if ((await me(base, aliceCurrent)) === 401) figures.endedSessions++;
      else problems.push(`a disabled user's session still works on ${base}`);
    log(
      `  sessions ended on every instance: ${figures.endedSessions} of 7 checks; stale If-Match refused through another instance: ${figures.refusedStale} of 1`,
    );

    // signed in before the throttle check below locks the address out for its window
    const adminToken = await signIn(proxy.base, ADMIN_USERNAME, ADMIN_PASSWORD);

    // the sign-in throttle counts across instances and survives a restart
    const guess = async (base: string) => {
      figures.requests++;
      return (
        await call(base, '/api/login', {
          method: 'POST',
          body: { username: ADMIN_USERNAME, password: 'not the password at all' },
        })
      ).status;
    };
    for (let i = 0; i < MAX_FAILURES; i++) await guess(bases[i % bases.length]!);
    const throttled = await Promise.all(bases.map(guess));
    expect(
      throttled.every((s) => s === 429),
      `after ${MAX_FAILURES} failures spread over the instances, each answered ${throttled.join(', ')} (429 expected)`,
    );
    await servers[2]!.stop();
    servers[2] = await start(PORTS[2]);
    const afterRestart = await guess(bases[2]!);
    expect(afterRestart === 429, `after a restart the throttle answered ${afterRestart} (429 expected)`);
    log(
      `  sign-in throttle after ${MAX_FAILURES} failures over 3 instances: ${throttled.join(', ')}; after a restart: ${afterRestart}`,
    );

    // one instance restarted under load through nginx: no request may fail (each on a connection of its own, see
    // callOnFreshConnection: nginx's reload closes the idle connections it kept for clients)
    const deadline = Date.now() + settings.loadSeconds * 1000;
    const worker = async (w: number) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const write = n % 5 === 0;
        try {
          const res = write
            ? await callOnFreshConnection(proxy!.base, '/api/faqs', {
                method: 'POST',
                token: adminToken,
                body: sampleRecord(faqs, 5000 + w * 100_000 + n, ''),
              })
            : await callOnFreshConnection(proxy!.base, '/api/faqs?limit=20');
          figures.loadRequests++;
          if (write && res.status === 201) createdIds.push((JSON.parse(res.body) as { id: number }).id);
          if (res.status !== (write ? 201 : 200)) {
            figures.loadErrors++;
            if (figures.loadErrors <= 5) problems.push(`under load: ${res.status} ${res.body.slice(0, 200)}`);
          }
        } catch (error) {
          figures.loadRequests++;
          figures.loadErrors++;
          if (figures.loadErrors <= 5) problems.push(`under load: ${String(error)}`);
        }
      }
    };
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, settings.loadSeconds * 300));
      // as a rolling restart is done: out of nginx's rotation first, so that no request is on its way to the
      // instance when it stops listening (the connections still waiting in its listen queue would be reset)
      await proxy!.setDown(PORTS[1], true);
      await servers[1]!.stop();
      servers[1] = await start(PORTS[1]);
      await proxy!.setDown(PORTS[1], false);
    })();
    await Promise.all([...Array.from({ length: 8 }, (_, w) => worker(w)), restart]);
    figures.requests += figures.loadRequests;
    figures.errors += figures.loadErrors;
    log(`  ${figures.loadRequests} requests through nginx while one instance restarted: ${figures.loadErrors} failed`);
    if (figures.loadErrors > 0)
      problems.push(
        ...proxy
          .upstreamErrors()
          .slice(0, 5)
          .map((line) => `nginx: ${line}`),
      );
    const delivered = await hooks.settle(createdIds);
    problems.push(...delivered.problems);
    figures.webhookEvents = delivered.received;
    log(
      `  webhooks: ${createdIds.length} records created through 3 instances, ${delivered.received} events received, ${delivered.repeated} repeated`,
    );
  } finally {
    await hooks?.close();
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
  for (const problem of problems.slice(0, 20)) log(`  ${problem}`);
  const ok = problems.length === 0 && figures.errors === 0 && figures.staleReads === 0;
  return {
    ok,
    detail: `${figures.requests} requests, ${figures.errors} errors, ${figures.staleReads} stale reads, ${figures.writes} writes read back through every other instance, ${figures.refusedStale} stale If-Match refused, ${figures.endedSessions}/7 sessions ended everywhere, ${figures.loadRequests} requests during a restart with ${figures.loadErrors} failed, ${figures.webhookEvents} webhook events for ${createdIds.length} created records, ${problems.length} problems`,
  };
}
