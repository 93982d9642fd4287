import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, type SiteHealthReport } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { create } from '../publishing/publishing-helpers.ts';
import { runLinkChecks } from '../../src/site-health/link-checker.ts';
import { claimDue, LEASE_MS } from '../../src/site-health/link-checks.ts';
import type { Resolver } from '../../src/lib/outbound-addresses.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const DAY_MS = 86_400_000;

/** A website on loopback that counts each request by method and path, with the time it came. */
async function startSite(): Promise<{
  server: Server;
  port: number;
  seen: { method: string; path: string; at: number }[];
}> {
  const seen: { method: string; path: string; at: number }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push({ method: request.method ?? '', path, at: Date.now() });
    const hop = /^\/hop-(\d+)$/.exec(path);
    if (path === '/ok') response.writeHead(200);
    else if (path === '/no-head') response.writeHead(request.method === 'HEAD' ? 405 : 200);
    else if (path === '/moved') response.writeHead(301, { location: '/ok' });
    else if (hop) response.writeHead(302, { location: `/hop-${Number(hop[1]) + 1}` });
    else response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** Every host of the tests' links is the loopback site. */
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

describe.each(dialects)('the link checker (%s)', (dialect) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof startSite>>;
  let at = Date.parse('2026-03-02T08:00:00.000Z');
  const now = () => new Date(at);
  const options = { resolve: toLoopback, allowPrivate: true, now, timeoutMs: 3_000 };
  const linkTo = (host: string, path: string) => `http://${host}:${site.port}${path}`;
  const problems = async () =>
    (await t.injectAs({ method: 'GET', url: '/api/site-health' }))
      .json<SiteHealthReport>()
      .problems.filter((p) => p.check === 'broken-link');

  // each test starts from its own links only
  const forgetLinks = async () => {
    await t.db.deleteFrom('record_links').execute();
    await t.db.deleteFrom('link_checks').execute();
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { linkCheck: true } });
    site = await startSite();
  });
  afterAll(async () => {
    await t.close();
    site.server.close();
  });

  it('checks each address once a day (HEAD, then GET when HEAD is refused; redirects followed) and calls a link broken after two failed days', async () => {
    const body = [
      `<p><a href="${linkTo('a.example', '/ok')}">the fund</a></p>`,
      `<p><a href="${linkTo('b.example', '/no-head')}">the form</a></p>`,
      `<p><a href="${linkTo('c.example', '/moved')}">the rules</a></p>`,
      `<p><a href="${linkTo('d.example', '/gone')}">the old page</a></p>`,
      `<p><a href="${linkTo('e.example', '/hop-0')}">the maze</a></p>`,
    ].join('');
    const faq = await create(t, faqs, { title: 'Links', description: body });

    expect(await runLinkChecks(t.db, options)).toBe(5);
    expect(site.seen.filter((r) => r.path === '/ok' && r.method === 'HEAD')).toHaveLength(2); // itself and the redirect's end
    expect(site.seen.filter((r) => r.path === '/no-head').map((r) => r.method)).toEqual(['HEAD', 'GET']);
    expect(site.seen.filter((r) => r.path.startsWith('/hop-')).length).toBe(6);
    // one failed day is not yet broken
    expect(await problems()).toEqual([]);
    // the same day, nothing is due again
    expect(await runLinkChecks(t.db, options)).toBe(0);

    at += DAY_MS + 60_000;
    expect(await runLinkChecks(t.db, options)).toBe(5);
    const broken = await problems();
    expect(broken.map((p) => p.message).sort()).toEqual([
      `A link in "Answer (Description)" goes to ${linkTo('d.example', '/gone')}, which has not worked on 2 days in a row: it answered 404. Correct the address, or remove the link.`,
      `A link in "Answer (Description)" goes to ${linkTo('e.example', '/hop-0')}, which has not worked on 2 days in a row: it redirects more than 5 times. Correct the address, or remove the link.`,
    ]);
    expect(broken[0]).toMatchObject({
      severity: 'error',
      section: 'faqs',
      id: faq.id,
      title: 'Links',
      field: 'description',
    });

    // correcting the content takes the problem away at once, and the address is never asked again
    const fixed = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(faq.id)}`,
      payload: { description: `<p><a href="${linkTo('a.example', '/ok')}">the fund</a></p>` },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await problems()).toEqual([]);
    at += DAY_MS + 60_000;
    const before = site.seen.length;
    expect(await runLinkChecks(t.db, options)).toBe(1);
    expect(site.seen.slice(before).map((r) => r.path)).toEqual(['/ok']);
  });

  it('asks one host at most once a second, and each address once when two instances check at the same time', async () => {
    await forgetLinks();
    const body = ['/ok?1', '/ok?2', '/ok?3'].map(
      (path) => `<a href="${linkTo('same.example', path)}">page ${path}</a>`,
    );
    await create(t, faqs, { title: 'One host', description: `<p>${body.join(' ')}</p>` });
    const before = site.seen.length;
    const [first, second] = await Promise.all([runLinkChecks(t.db, options), runLinkChecks(t.db, options)]);
    const asked = site.seen.slice(before).filter((r) => r.path.startsWith('/ok?'));
    expect(first + second).toBeGreaterThanOrEqual(3);
    expect(asked.map((r) => r.path).sort()).toEqual(['/ok?1', '/ok?2', '/ok?3']);
    // one instance holds the host's three addresses only if it claimed them all; its own spacing applies
    const byOne = first === 0 || second === 0;
    if (byOne)
      for (let n = 1; n < asked.length; n += 1) expect(asked[n]!.at - asked[n - 1]!.at).toBeGreaterThanOrEqual(950);
  });

  it('an instance that dies holding an address frees it when its lease runs out', async () => {
    await forgetLinks();
    await create(t, faqs, {
      title: 'Orphan',
      description: `<p><a href="${linkTo('f.example', '/ok?orphan')}">page</a></p>`,
    });
    await runLinkChecks(t.db, { ...options, stopping: () => true });
    // claimed by an instance killed before it asked
    const { syncAddresses } = await import('../../src/site-health/link-checks.ts');
    await syncAddresses(t.db, now());
    expect((await claimDue(t.db, now(), 8)).map((row) => row.url)).toEqual([linkTo('f.example', '/ok?orphan')]);
    expect(await runLinkChecks(t.db, options)).toBe(0);
    at += LEASE_MS + 1_000;
    const before = site.seen.length;
    expect(await runLinkChecks(t.db, options)).toBe(1);
    expect(site.seen.slice(before).map((r) => r.path)).toEqual(['/ok?orphan']);
  });

  it('never asks a private or reserved address unless allowed, and does not call the link broken for it', async () => {
    await forgetLinks();
    await create(t, faqs, {
      title: 'Intranet',
      description: `<p><a href="${linkTo('intranet.example', '/gone?x')}">intranet</a></p>`,
    });
    const before = site.seen.length;
    for (let day = 0; day < 3; day += 1) {
      await runLinkChecks(t.db, { ...options, allowPrivate: false });
      at += DAY_MS + 60_000;
    }
    expect(site.seen.length).toBe(before);
    expect(await problems()).toEqual([]);
  });
});
