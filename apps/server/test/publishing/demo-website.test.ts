import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/cli/demo-seed.ts';
import { buildTestApp, dialects, TEST_USERNAME } from '../helper.ts';

/**
 * What the demo gives the website to show: images large enough for every width it asks for, each described in
 * both languages, and French as a public language, translated except where a fallback to English shows.
 */

type Answer = Record<string, unknown> & { fallback_fields?: string[] };

describe.each(dialects)('the demo website content on %s', (dialect) => {
  it('has banners 1920 px wide and portraits of 960 px, each with alternative text in English and French', async () => {
    const t = await buildTestApp({ dialect });
    await seedDemo(t.db, t.config, TEST_USERNAME);
    // a single-record section answers a list of its one record
    const read = async (url: string) => ((await t.app.inject({ method: 'GET', url })).json() as Answer[])[0] ?? {};

    for (const slug of ['heroes', 'about-heroes', 'visions']) {
      const banner = await read(`/api/${slug}`);
      expect(banner.image_width, slug).toBeGreaterThanOrEqual(1920);
      expect(banner.image_height, slug).toBeGreaterThanOrEqual(800);
      expect(String(banner.image_alt), slug).toMatch(/^\S.{20,}\.$/);
    }
    const stories = (await t.app.inject({ method: 'GET', url: '/api/success-stories' })).json() as Answer[];
    expect(stories).toHaveLength(3);
    for (const story of stories) {
      expect(story.image_width).toBeGreaterThanOrEqual(960);
      expect(story.image_height).toBeGreaterThanOrEqual(960);
      expect(String(story.image_alt)).toContain(String(story.student_name));
    }

    const media = (await t.injectAs({ method: 'GET', url: '/api/media?limit=100' })).json() as Answer[];
    expect(media).toHaveLength(10);
    expect(media.filter((image) => String(image.alt).trim() === '')).toEqual([]);
    const inFrench = (await t.injectAs({ method: 'GET', url: '/api/media?limit=100&locale=fr' })).json() as Answer[];
    expect(inFrench.filter((image) => String(image.alt).trim() === '')).toEqual([]);
    expect(new Set(inFrench.map((image) => image.alt)).size).toBe(10);
    for (const image of media)
      expect(inFrench.find((french) => french.url === image.url)?.alt, String(image.file_name)).not.toBe(image.alt);

    const bytes = await t.db.selectFrom('media').select(['file_name', 'size']).execute();
    for (const { file_name, size } of bytes) expect(Number(size), String(file_name)).toBeLessThan(300_000);
  });

  it('shows French to the website, falling back to English where it has no translation', async () => {
    const t = await buildTestApp({ dialect });
    await seedDemo(t.db, t.config, TEST_USERNAME);
    const list = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.json() as Answer[];
    };
    // a single-record section answers a list of its one record
    const read = async (url: string) => (await list(url))[0] ?? {};

    expect(await list('/api/locales')).toContainEqual({
      code: 'fr',
      name: 'Français',
      fallback: null,
      public: true,
      default: false,
    });

    const hero = await read('/api/heroes?locale=fr');
    expect(hero).toMatchObject({
      locale: 'fr',
      title: 'Financez vos études. Remboursez quand vous gagnez votre vie.',
      button1: 'Faire une demande',
      fallback_fields: [],
    });
    expect(String(hero.image_alt)).toMatch(/^Illustration d’un ciel/);

    const steps = await read('/api/steps?locale=fr');
    expect(steps.title).toBe('Comment faire une demande');
    expect((steps.steps as { step: string; fallback_fields: string[] }[]).map((item) => item.step)[0]).toMatch(
      /^Créez votre compte/,
    );
    const benefits = await read('/api/benefits?locale=fr');
    expect(benefits.title).toBe('Pourquoi emprunter auprès du Fonds');
    expect(benefits.fallback_fields).toEqual(['description']);
    for (const slug of ['insights', 'about-heroes', 'missions', 'visions', 'stakeholders'])
      expect((await read(`/api/${slug}?locale=fr`)).fallback_fields, slug).toEqual([]);

    const faqs = await list('/api/faqs?locale=fr');
    expect(faqs.find((faq) => faq.title === 'Qui peut demander un prêt ?')?.fallback_fields).toEqual([]);
    const untranslated = faqs.find((faq) => faq.title === 'What is the interest rate?');
    expect(untranslated?.fallback_fields).toEqual(expect.arrayContaining(['title', 'description']));

    const stories = await list('/api/success-stories?locale=fr');
    for (const story of stories) {
      expect(story.fallback_fields).toEqual([]);
      expect(String(story.story)).not.toMatch(/\b(the|and|my)\b/i);
    }

    // each translation was written as an API write in French is: with its log row naming the language
    const logs = await t.db.selectFrom('logs').select('content').where('content', 'like', '%(Français)').execute();
    // 11 sections and FAQs, 3 success stories, 4 crests
    expect(logs).toHaveLength(18);
    const launched = await t.db.selectFrom('logs').select('content').where('content', 'like', 'Language%').execute();
    expect(launched.map((row) => row.content)).toEqual([
      'Language "Français" (fr) added',
      'Language "Français" (fr) shown on the website',
    ]);
  });
});
