import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Call,
  type RunningBursary,
  type RunningWebsite,
  seedFund,
  staff,
  startBursary,
  startWebsite,
} from './support.ts';

/** The website against a real Bursary: every page, in every public language, as a visitor and a crawler read it. */

let bursary: RunningBursary;
let site: RunningWebsite;
let call: Call;
let seeded: Awaited<ReturnType<typeof seedFund>>;

beforeAll(async () => {
  bursary = await startBursary();
  call = await staff(bursary);
  seeded = await seedFund(call);
  site = await startWebsite(bursary.url);
  await site.settled();
});

afterAll(async () => {
  await site?.website.close();
  await bursary?.stop();
});

async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
  return { response, status: response.status, html: await response.text() };
}

describe('the pages', () => {
  it('answers every page of DESIGN in the default language and in each public one', async () => {
    const paths = [
      '/',
      '/apply',
      '/faqs',
      '/stories',
      `/stories/${seeded.storyId}`,
      '/about',
      '/news',
      `/news/${seeded.newsId}`,
    ];
    for (const path of paths) {
      for (const prefix of ['', '/fr']) {
        const address = prefix && path === '/' ? prefix : `${prefix}${path}`;
        const { status, html, response } = await page(address);
        expect(status, address).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(html).toContain(`<html lang="${prefix ? 'fr' : 'en'}"`);
      }
    }
  });

  it('shows what each section holds where a reader looks for it', async () => {
    const home = (await page('/')).html;
    expect(home).toContain('Fund your degree');
    // the hero's buttons lead to applying and to the questions
    expect(home).toMatch(/<a class="button primary" href="\/apply"[^>]*>Apply now<\/a>/);
    expect(home).toMatch(/<a class="button" href="\/faqs"[^>]*>Read the questions<\/a>/);
    expect(home).toContain('Make an account');
    expect(home).toContain('No interest while you study');
    expect(home).toContain('48,200');
    expect(home).toContain('What is the interest rate?');
    expect(home).toContain('Amina Otieno');
    expect(home).toContain('Moi University');
    expect(home).toContain('Universities');
    const about = (await page('/about')).html;
    for (const text of ['About the Fund', 'Our mission', 'Lend fairly', 'Our vision', 'The Director', 'Our partners']) {
      expect(about).toContain(text);
    }
    // milestones as a timeline, oldest first
    expect(about).toMatch(/class="timeline"[\s\S]*The Fund opens[\s\S]*Postgraduate loans/);
    expect((await page(`/stories/${seeded.storyId}`)).html).toContain('The loan paid my fees.');
    expect((await page(`/news/${seeded.newsId}`)).html).toContain('Details.');
  });

  it('answers 404 for anything else: an unknown path, a missing record, a language that is not public', async () => {
    for (const path of [
      '/nothing-here',
      '/stories/999999',
      '/news/0',
      '/de',
      '/de/faqs',
      '/faqs/extra',
      '/stories/abc',
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain('Page not found');
      expect(html).not.toContain('Geheimer Titel');
    }
  });

  it('sends the default language’s own prefix to the page without it', async () => {
    const { status, response } = await page('/en/faqs');
    expect(status).toBe(301);
    expect(response.headers.get('location')).toBe('/faqs');
  });

  it('answers GET and HEAD only', async () => {
    expect((await page('/', { method: 'HEAD' })).status).toBe(200);
    const post = await page('/', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('every reader and every search engine', () => {
  it('sends no script to visitors: structured data only', async () => {
    for (const path of ['/', '/faqs', '/about', `/stories/${seeded.storyId}`, '/fr/news', '/nothing']) {
      const { html } = await page(path);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts) expect(tag, path).toBe('<script type="application/ld+json">');
    }
  });

  it('marks a text shown in its fallback language with that language', async () => {
    const french = (await page('/fr')).html;
    expect(french).toContain('Financez vos études');
    // the description was not translated: it is English, and says so
    expect(french).toMatch(/<div class="rich lead" lang="en">/);
    expect(french).not.toMatch(/<h1 id="hero-title" lang=/);
  });

  it('names the page in every language, canonical and x-default, and keeps the page when switching language', async () => {
    const faqs = (await page('/fr/faqs')).html;
    expect(faqs).toContain('<link rel="canonical" href="https://fund.example/fr/faqs">');
    expect(faqs).toContain('<link rel="alternate" hreflang="en" href="https://fund.example/faqs">');
    expect(faqs).toContain('<link rel="alternate" hreflang="fr" href="https://fund.example/fr/faqs">');
    expect(faqs).toContain('<link rel="alternate" hreflang="x-default" href="https://fund.example/faqs">');
    expect(faqs).toMatch(/<a href="\/faqs" hreflang="en" lang="en">English<\/a>/);
    expect(faqs).not.toContain('hreflang="de"');
  });

  it('gives each page a title, a description, Open Graph and JSON-LD', async () => {
    const home = (await page('/')).html;
    expect(home).toContain('<title>Fund your degree · Bursary Fund</title>');
    expect(home).toContain('<meta name="description" content="Loans for every student.">');
    expect(home).toContain('<meta property="og:title" content="Fund your degree">');
    expect(home).toContain('"@type":"Organization"');
    const faqs = (await page('/faqs')).html;
    expect(faqs).toContain('"@type":"FAQPage"');
    expect(faqs).toContain('"name":"What is the interest rate?"');
  });

  it('lists every page in every public language in sitemap.xml, and lets crawlers in', async () => {
    const { html: sitemap, response } = await page('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('application/xml');
    for (const path of ['/', '/fr', '/faqs', '/fr/faqs', `/stories/${seeded.storyId}`, `/fr/news/${seeded.newsId}`]) {
      expect(sitemap).toContain(`<loc>https://fund.example${path}</loc>`);
    }
    expect(sitemap).not.toContain('/de');
    const robots = (await page('/robots.txt')).html;
    expect(robots).toContain('Allow: /');
    expect(robots).toContain('Sitemap: https://fund.example/sitemap.xml');
  });

  it('gives images their sizes, alternative text, focal point, and loads the hero first', async () => {
    const story = (await page(`/stories/${seeded.storyId}`)).html;
    const img = story.match(/<img [^>]*class="portrait large"[^>]*>/)?.[0] ?? '';
    expect(img).toContain('width="400"');
    expect(img).toContain('height="400"');
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(img).toMatch(/srcset="[^"]*fm=auto[^"]* 320w/i);
    expect(img).toContain('object-position:50% 50%');
    const home = (await page('/')).html;
    expect(home).toMatch(/<img [^>]*class="portrait"[^>]*loading="lazy"/);
  });
});

describe('drafts, waiting changes and private languages', () => {
  it('never shows a draft or a waiting change on a public page', async () => {
    const faqs = await call('GET', '/api/faqs');
    const live = (faqs as unknown as { id: number; title: string }[]).find((f) => f.title === 'When do I repay?')!;
    await call('PUT', `/api/faqs/${live.id}/changes`, { title: 'A change still waiting' });
    const version = site.website.store.version;
    await call('PUT', '/api/visions', { title: 'Our vision, again', description: '<p>No student left behind.</p>' });
    await site.settled(version);
    for (const path of ['/', '/faqs', '/fr/faqs', '/sitemap.xml', `/faqs?q=${encodeURIComponent('waiting')}`]) {
      const { html } = await page(path);
      expect(html).not.toContain(seeded.draftTitle);
      expect(html).not.toContain('A change still waiting');
    }
    expect((await page('/about')).html).toContain('Our vision, again');
  });
});

describe('search', () => {
  it('answers the FAQ page’s search through Bursary’s own, and cuts a search longer than Bursary takes', async () => {
    const found = (await page('/faqs?q=interest')).html;
    expect(found).toContain('What is the interest rate?');
    expect(found).not.toContain('When do I repay?');
    expect(found).toContain('1 question matches “interest”.');
    const long = await page(`/faqs?q=${'a'.repeat(2_000)}`);
    expect(long.status).toBe(200);
    expect(long.html).toContain('No question matches your search.');
  });
});
