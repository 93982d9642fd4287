// `npm run bench:website` (and a part of `npm run bench`): the fund's website on the demo's content, measured
// against its goals: Lighthouse's mobile profile on four pages in two languages, the JavaScript sent, the home page's
// weight, a kept page against raw node:http serving the same bytes, a page right after a change, the idle memory.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, get } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebsite, CHROMIUM, CHROMIUM_FLAGS, freePort, printed, startDemoBursary, stop } from '../support/demo.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const PAGES = ['/', '/faqs', '/stories/1', '/about'];
const LANGUAGES = ['', '/fr'];
const CHANGES = 30;

export interface Goal {
  goal: string;
  value: string;
  target: string;
  holds: boolean;
}

export interface WebsitePart {
  title: string;
  lines: string[];
  goals: Goal[];
  figures: Record<string, unknown>;
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};

/**
 * Requests per second and p99 of one autocannon run (its command, with its JSON report), in a process of its own
 * and waited for without blocking: the raw baseline answers from this one.
 */
async function load(url: string, seconds: number): Promise<{ reqPerSec: number; p99: number; errors: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-c', '50', '-d', String(seconds), '-H', 'accept-encoding: br', '--json', url];
  const { stdout: out } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
  const result = JSON.parse(out) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A page's bytes as sent (compressed with br), and its headers, without fetch decoding them. */
function rawGet(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === 'string' && name !== 'date' && name !== 'connection' && name !== 'keep-alive')
            headers[name] = value;
        resolve({ body: Buffer.concat(chunks), headers });
      });
    }).on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

interface PageScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  scriptBytes: number;
  /** The audits of the four categories that did not pass, as Lighthouse names them. */
  missed: string[];
}

async function lighthouseMobile(urls: string[]): Promise<PageScores[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const scores: PageScores[] = [];
    for (const url of urls) {
      // the default configuration is the mobile profile: a mid-range phone on a slow 4G line
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse answered nothing for ${url}`);
      const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
      const items = (
        lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      scores.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity,
        scriptBytes: items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
        missed: Object.values(lhr.categories).flatMap((category) =>
          category.auditRefs
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${ref.id} ${Math.round((lhr.audits[ref.id]?.score ?? 0) * 100)}`),
        ),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

export async function measureWebsite(options: { quick?: boolean } = {}): Promise<WebsitePart> {
  buildWebsite();
  const demo = await startDemoBursary();
  const { url: bursaryUrl, password } = demo;
  const { DATABASE_URL: _database, ...env } = process.env;
  const raw = createHttpServer();
  let website: ChildProcess | undefined;
  try {
    const websitePort = await freePort();
    // as `npm start` runs it: its start script's Node options, and compiled code kept between starts
    const startWebsite = () =>
      spawn(process.execPath, ['--max-semi-space-size=4', join(root, 'apps', 'website', 'server', 'serve.ts')], {
        env: {
          ...env,
          BURSARY_URL: bursaryUrl,
          WEBSITE_PORT: String(websitePort),
          HOST: '127.0.0.1',
          NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    // a first start after a change compiles the sources and then holds the TypeScript stripper for good: the
    // figures are a warm start's, as every start but the first after an update is
    const first = startWebsite();
    await printed(first, /running at (http:\/\/\S+)/, 'the website');
    await stop(first);
    website = startWebsite();
    const site = await printed(website, /running at (http:\/\/\S+)/, 'the website');
    while (
      (await fetch(site).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    )
      await new Promise((r) => setTimeout(r, 100));
    for (const prefix of LANGUAGES) for (const path of PAGES) await (await fetch(`${site}${prefix}${path}`)).text();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rss = rssMb(website.pid!);

    // the home page as a phone on a slow line gets it: HTML with its stylesheet inlined, compressed
    const home = await rawGet(site);
    const homeBytes = home.body.length;
    const homeBody = home.body;

    // a kept page against raw node:http answering the same bytes and headers, in turn
    const headers = home.headers;
    raw.on('request', (_request, response) => {
      response.writeHead(200, headers);
      response.end(homeBody);
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;
    const seconds = options.quick ? 2 : 4;
    const slices = options.quick ? 1 : 3;
    const kept: number[] = [];
    const plain: number[] = [];
    let errors = 0;
    for (let slice = 0; slice < slices; slice++) {
      const a = await load(site, seconds);
      const b = await load(rawUrl, seconds);
      kept.push(a.reqPerSec);
      plain.push(b.reqPerSec);
      errors += a.errors + b.errors;
    }
    const keptRate = kept.reduce((s, v) => s + v, 0) / kept.length;
    const rawRate = plain.reduce((s, v) => s + v, 0) / plain.length;

    // a page right after a change: the first answer that shows it is a render from the content just read
    const login = await fetch(`${bursaryUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const faqs = (await (await fetch(`${bursaryUrl}/api/faqs`)).json()) as { id: number }[];
    const afterChange: number[] = [];
    for (let n = 0; n < (options.quick ? 10 : CHANGES); n++) {
      const title = `Changed question ${n} ${Date.now()}`;
      const put = await fetch(`${bursaryUrl}/api/faqs/${faqs[0]!.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title }),
      });
      if (!put.ok) throw new Error(`the change answered ${put.status}`);
      for (;;) {
        const before = performance.now();
        const body = await (await fetch(`${site}/faqs`)).text();
        const ms = performance.now() - before;
        if (body.includes(title)) {
          afterChange.push(ms);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const afterP50 = percentile(afterChange, 50);
    const afterP99 = percentile(afterChange, 99);

    const scores = await lighthouseMobile(
      LANGUAGES.flatMap((prefix) => PAGES.map((path) => `${site}${prefix}${path}`)),
    );
    const min = (pick: (s: PageScores) => number) => Math.min(...scores.map(pick));
    const max = (pick: (s: PageScores) => number) => Math.max(...scores.map(pick));
    const scriptBytes = scores.reduce((sum, s) => sum + s.scriptBytes, 0);
    const lines = [
      ...scores.map(
        (s) =>
          `${s.url.replace(site, '') || '/'}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}, LCP ${s.lcpMs} ms, CLS ${s.cls}${s.missed.length ? `; below 100: ${s.missed.join(', ')}` : ''}`,
      ),
      `kept page ${Math.round(keptRate)} req/s vs raw node:http ${Math.round(rawRate)} req/s (c=50, ${slices} × ${seconds} s each, in turn)`,
      `page right after a change: p50 ${afterP50.toFixed(1)} ms, p99 ${afterP99.toFixed(1)} ms over ${afterChange.length} changes`,
    ];
    const goals: Goal[] = [
      {
        goal: 'website Lighthouse accessibility (mobile, 8 pages)',
        value: `${min((s) => s.accessibility)} lowest`,
        target: '100',
        holds: min((s) => s.accessibility) === 100,
      },
      {
        goal: 'website Lighthouse best practices',
        value: `${min((s) => s.bestPractices)} lowest`,
        target: '100',
        holds: min((s) => s.bestPractices) === 100,
      },
      {
        goal: 'website Lighthouse SEO',
        value: `${min((s) => s.seo)} lowest`,
        target: '100',
        holds: min((s) => s.seo) === 100,
      },
      {
        goal: 'website Lighthouse performance',
        value: `${min((s) => s.performance)} lowest`,
        target: '≥ 95 (aim 100)',
        holds: min((s) => s.performance) >= 95,
      },
      {
        goal: 'website JavaScript sent to visitors',
        value: `${scriptBytes} bytes`,
        target: '0 bytes',
        holds: scriptBytes === 0,
      },
      {
        goal: 'website home HTML + CSS, compressed',
        value: `${(homeBytes / 1024).toFixed(1)} KB`,
        target: '≤ 50 KB',
        holds: homeBytes <= 50 * 1024,
      },
      {
        goal: 'website largest contentful paint (mobile)',
        value: `${max((s) => s.lcpMs)} ms highest`,
        target: '≤ 1,500 ms',
        holds: max((s) => s.lcpMs) <= 1_500,
      },
      {
        goal: 'website layout shift (mobile)',
        value: `${max((s) => s.cls)} highest`,
        target: '0',
        holds: max((s) => s.cls) === 0,
      },
      {
        goal: 'website kept page vs raw node:http',
        value: `${(keptRate / rawRate).toFixed(2)}×${errors ? ` (${errors} errors)` : ''}`,
        target: '≥ 0.80×',
        holds: rawRate > 0 && keptRate >= 0.8 * rawRate && errors === 0,
      },
      {
        goal: 'website page right after a change, p99',
        value: `${afterP99.toFixed(1)} ms`,
        target: '≤ 50 ms',
        holds: afterP99 <= 50,
      },
      { goal: 'website idle RSS', value: `${rss.toFixed(1)} MB`, target: '≤ 90 MB', holds: rss <= 90 },
    ];
    return {
      title: "The fund's website (demo content)",
      lines,
      goals,
      figures: { scores, keptRate, rawRate, afterChange, rss, homeBytes },
    };
  } finally {
    raw.close();
    if (website) await stop(website);
    await demo.stop();
  }
}

if (import.meta.main) {
  const part = await measureWebsite({ quick: process.env.BENCH_QUICK === '1' });
  console.log(`\n${part.title}`);
  for (const line of part.lines) console.log(`  ${line}`);
  console.log('');
  const width = Math.max(...part.goals.map((g) => g.goal.length));
  for (const g of part.goals)
    console.log(`${g.holds ? 'holds' : 'MISSES'}  ${g.goal.padEnd(width)}  ${g.value}  (goal ${g.target})`);
}
