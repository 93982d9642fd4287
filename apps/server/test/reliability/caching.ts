import { join } from 'node:path';
import { call, signIn } from './instances-http.ts';
import { startNginx } from './nginx.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer, startServer } from './server-process.ts';

/** One instance on SQLite behind nginx's microcache; ports 3580 and 3585. */
const PORT = 3580;
const PROXY_PORT = 3585;
/** Short, so "gone within s-maxage + 1 s" is measured in seconds, not minutes. */
const CACHE_SECONDS = 2;

export interface CachingSettings {
  scratch: string;
  log: (line: string) => void;
}

interface Seen {
  status: number;
  body: string;
  cache: string | null;
  headers: Headers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function read(base: string, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.text(), cache: res.headers.get('x-cache-status'), headers: res.headers };
}

/**
 * What a website sees through the common nginx microcache (`proxy_cache_use_stale updating` with
 * `proxy_cache_background_update`): a deleted or unpublished record is gone within s-maxage + 1 s while
 * traffic keeps its copy warm; no preview or signed-in answer is ever a HIT for another request; a page of a
 * list revalidates with its ETag; browsers are never told to use a stale copy.
 */
export async function cachingSuite(settings: CachingSettings): Promise<{ ok: boolean; detail: string }> {
  const { log } = settings;
  const problems: string[] = [];
  const expect = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const figures = { goneAfterMs: [] as number[], reads: 0 };
  let server: RunningServer | undefined;
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    server = await startServer({
      port: PORT,
      dataDir: join(settings.scratch, 'caching-data'),
      extra: { PUBLIC_CACHE_SECONDS: String(CACHE_SECONDS) },
    });
    proxy = await startNginx(join(settings.scratch, 'caching-nginx'), PROXY_PORT, [PORT], { microcache: true });
    const origin = server.base;
    const token = await signIn(origin, ADMIN_USERNAME, ADMIN_PASSWORD);
    const write = async (method: string, path: string, body?: unknown) => {
      const answer = await call(origin, path, { method, token, body });
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body) as { id: number; token?: string };
    };
    const through = (path: string, headers?: Record<string, string>) => {
      figures.reads++;
      return read(proxy!.base, path, headers);
    };

    // a deleted record, then an unpublished one, disappear while traffic keeps their copies warm
    for (const [what, takeOff] of [
      ['deleted', (id: number) => write('DELETE', `/api/faqs/${id}`)],
      ['unpublished', (id: number) => write('POST', `/api/faqs/${id}/unpublish`)],
    ] as const) {
      const { id } = await write('POST', '/api/faqs', { title: `Soon ${what}` });
      // nginx keeps a copy until the whole second after s-maxage has passed, so one stored at the start of a
      // second lives nearly s-maxage + 1 s: stored mid-second, the bound judges Bursary's headers, not the rounding
      await sleep((1500 - (Date.now() % 1000)) % 1000);
      await through(`/api/faqs/${id}`);
      const warm = await through(`/api/faqs/${id}`);
      expect(
        warm.status === 200 && warm.cache === 'HIT',
        `the ${what} record was not kept: ${warm.status} ${warm.cache}`,
      );
      await takeOff(id);
      const started = Date.now();
      let goneAfter: number | undefined;
      // once gone, it is watched for a second more: a copy coming back would show then
      while (Date.now() - started < (goneAfter === undefined ? (CACHE_SECONDS + 4) * 1000 : goneAfter + 1000)) {
        const seen = await through(`/api/faqs/${id}`);
        if (seen.status === 404) {
          goneAfter ??= Date.now() - started;
        } else if (goneAfter !== undefined) {
          expect(false, `the ${what} record came back after ${goneAfter} ms: ${seen.status} ${seen.cache}`);
          break;
        }
        await sleep(100);
      }
      expect(
        goneAfter !== undefined && goneAfter <= (CACHE_SECONDS + 1) * 1000,
        `the ${what} record was still served ${goneAfter ?? 'over ' + String((CACHE_SECONDS + 4) * 1000)} ms later (s-maxage ${CACHE_SECONDS} s)`,
      );
      if (goneAfter !== undefined) figures.goneAfterMs.push(goneAfter);
    }

    // a draft, and a preview of it: nobody else's answer is ever a HIT for it, nor its for anybody else
    await write('POST', '/api/faqs', { title: 'Draft nobody may see', status: 'draft' });
    const preview = (await write('POST', '/api/preview-tokens', {})).token ?? '';
    await through('/api/faqs');
    const publicCopy = await through('/api/faqs');
    expect(publicCopy.cache === 'HIT', `the public list was not kept: ${publicCopy.cache}`);
    for (const [label, path, headers] of [
      ['preview by header', '/api/faqs', { 'bursary-preview': preview }],
      ['preview by query', `/api/faqs?preview=${preview}`, {}],
      ['bogus preview', '/api/faqs', { 'bursary-preview': 'not-a-token' }],
      ['signed-in status=all', '/api/faqs?status=all', { authorization: `Bearer ${token}` }],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const seen = await through(path, headers);
        expect(seen.cache !== 'HIT', `${label} (read ${i + 1}) was answered from the cache: ${seen.status}`);
        if (label === 'bogus preview') expect(seen.status === 401, `${label}: ${seen.status}`);
        else expect(seen.body.includes('Draft nobody may see'), `${label} did not show the draft: ${seen.status}`);
      }
    }
    for (const path of ['/api/faqs', '/api/faqs?status=all']) {
      const anonymous = await through(path);
      expect(!anonymous.body.includes('Draft nobody may see'), `an anonymous read of ${path} showed the draft`);
    }

    // a page of a list revalidates with its tag through the cache, and browsers get no stale-while-revalidate
    const page = await through('/api/faqs?limit=1');
    const tag = page.headers.get('etag');
    expect(tag !== null, 'a page of the list had no ETag');
    const revalidated = await through('/api/faqs?limit=1', tag ? { 'if-none-match': tag } : {});
    expect(revalidated.status === 304, `a page revalidated with its ETag answered ${revalidated.status}`);
    const browser = page.headers.get('cache-control') ?? '';
    expect(!browser.includes('stale-while-revalidate'), `browsers were told: ${browser}`);
    const shared = page.headers.get('cdn-cache-control') ?? '';
    expect(shared.includes('stale-while-revalidate'), `shared caches were not told: ${shared}`);
  } finally {
    await proxy?.stop();
    await server?.stop();
  }
  for (const problem of problems) log(`  ${problem}`);
  return {
    ok: problems.length === 0,
    detail: `${figures.reads} reads through nginx's microcache (s-maxage ${CACHE_SECONDS} s): deleted and unpublished records gone after ${figures.goneAfterMs.join(' and ')} ms; ${problems.length} problems`,
  };
}
