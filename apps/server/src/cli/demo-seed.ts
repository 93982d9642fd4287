import type { Kysely } from 'kysely';
import { type SectionDef, findSection } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import type { Database, Db } from '../db/types.ts';
import { addLocale, changeLocale } from '../locales/locale-writes.ts';
import { type InspectedImage, inspectImage, storeImage, storeInspected, uploadedFileName } from '../media/store.ts';
import { readRecord, readSingle, type ReadRecord } from '../records/read.ts';
import { createRecord } from '../records/record-writes.ts';
import { checkTranslationWrite, writeInLanguage } from '../records/translation-writes.ts';
import type { WriteContext } from '../records/write-concurrency.ts';
import { changePipeline } from '../change-pipeline.ts';
import * as sample from './demo-content.ts';
import * as french from './demo-content-fr.ts';
import { seedPublishingDemo } from './demo-publishing.ts';
import { bannerJpeg, crestSvg, portraitPng } from './demo-images.ts';

function section(slug: string): SectionDef {
  const found = findSection(slug);
  if (!found) throw new Error(`The registry has no section ${slug}`);
  return found;
}

/**
 * Fills an empty database with the sample content, through the same write paths as the API, so every record, every
 * translation and the French language itself also have their audit-log rows: the records and their images'
 * alternative text in English (the default language), then French added, filled in and shown on the website, as an
 * administrator launches a language.
 */
export async function seedDemo(db: Kysely<Database>, config: Config, username: string): Promise<void> {
  const ctx: WriteContext = { db, config, username, ifMatch: undefined, changes: changePipeline() };
  const fileNameOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const create = (slug: string, body: Record<string, unknown>) =>
    createRecord(ctx, section(slug), { body, uploads: new Map() });
  const items = <T>(list: readonly T[], key: string) => list.map((text) => ({ [key]: text }));

  // The images are drawn and checked as uploads are (decoded and encoded again) on sharp's threads, while the
  // records without an image are written; each is then stored as an upload is, under its own file name, so Media
  // shows names rather than 'Unnamed' ones.
  const drawing = Promise.all(
    [
      bannerJpeg(sample.banners.home.colours),
      bannerJpeg(sample.banners.about.colours),
      bannerJpeg(sample.banners.vision.colours),
      ...sample.portraits.map(({ ground }) => portraitPng(ground)),
    ].map(async (drawn) => inspectImage(await drawn, config.mediaMaxBytes)),
  );
  // awaited below; a failure meanwhile is reported there, not as an unhandled rejection
  drawing.catch(() => {});
  const store = (inspected: InspectedImage, filename: string) =>
    storeInspected(db, { ...inspected, fileName: uploadedFileName(filename) });

  const steps = await create('steps', { title: sample.steps.title, steps: items(sample.steps.steps, 'step') });
  const faqs = new Map<string, ReadRecord>();
  for (const faq of sample.faqs) faqs.set(faq.title, await create('faqs', faq));
  const benefits = await create('benefits', {
    ...sample.benefits,
    benefits: items(sample.benefits.benefits, 'benefit'),
  });
  const insights = await create('insights', sample.insights);
  const missions = await create('missions', {
    ...sample.missions,
    missions: items(sample.missions.missions, 'mission'),
  });
  const stakeholders = await create('stakeholders', {
    ...sample.stakeholders,
    stakeHolders: items(sample.stakeholders.stakeHolders, 'stakeholder'),
  });
  for (const milestone of sample.milestones) await create('milestones', milestone);
  const crests: ReadRecord[] = [];
  for (const { university_name, initials, colour } of sample.universities) {
    const crest = await storeImage(
      db,
      { bytes: crestSvg(initials, colour), filename: `${fileNameOf(university_name)}-crest.svg` },
      config.mediaMaxBytes,
    );
    crests.push(
      await create('disbursement-testimonials', {
        university_name,
        image: crest,
        image_alt: sample.crestAlt(university_name, initials),
      }),
    );
  }
  for (const message of sample.messages) await create('messages', message);
  for (const item of sample.content) await create('content', item);
  await seedPublishingDemo(ctx);

  const [homeBanner, aboutBanner, visionBanner, ...portraits] = await drawing;
  const hero = await create('heroes', {
    ...sample.heroes,
    image: await store(homeBanner!, 'home-banner.jpg'),
    image_alt: sample.banners.home.alt,
  });
  const about = await create('about-heroes', {
    ...sample.aboutHeroes,
    image: await store(aboutBanner!, 'about-banner.jpg'),
    image_alt: sample.banners.about.alt,
  });
  const visions = await create('visions', {
    ...sample.visions,
    image: await store(visionBanner!, 'vision-banner.jpg'),
    image_alt: sample.banners.vision.alt,
  });
  const stories: ReadRecord[] = [];
  for (const [n, story] of sample.successStories.entries()) {
    const portrait = await store(portraits[n]!, `${fileNameOf(story.student_name)}.png`);
    stories.push(await create('success-stories', { ...story, image: portrait, image_alt: sample.portraits[n]!.alt }));
  }

  // French: added hidden from the website, filled in as PUT …?locale=fr writes it, then shown
  const localeCtx = { db, defaultLocale: config.defaultLocale, username };
  const fr = await addLocale(localeCtx, french.locale);
  if (!fr) throw new Error('The French language was not added');
  const translate = async (slug: string, written: ReadRecord, body: Record<string, unknown>) => {
    const def = section(slug);
    const id = written.record.id;
    const find = async (trx: Db) => {
      const current = def.kind === 'single' ? await readSingle(trx, def) : await readRecord(trx, def, id);
      if (!current) throw new Error(`The demo's ${def.singular} ${id} is gone`);
      return current;
    };
    await writeInLanguage(ctx, def, fr, find, await checkTranslationWrite(config, def, { body, uploads: new Map() }));
  };
  /** A sub-item list in French: the same items, each with its id, in the default language's order. */
  const sameItems = (written: ReadRecord, field: string, key: string, texts: readonly string[]) =>
    (written.record[field] as { id: number }[]).map((item, n) => ({ id: item.id, [key]: texts[n] }));

  await translate('heroes', hero, french.heroes);
  await translate('steps', steps, {
    title: french.steps.title,
    steps: sameItems(steps, 'steps', 'step', french.steps.steps),
  });
  for (const [title, translation] of Object.entries(french.faqs)) {
    const faq = faqs.get(title);
    if (!faq) throw new Error(`The demo has no FAQ "${title}"`);
    await translate('faqs', faq, translation);
  }
  await translate('benefits', benefits, {
    title: french.benefits.title,
    benefits: sameItems(benefits, 'benefits', 'benefit', french.benefits.benefits),
  });
  await translate('insights', insights, french.insights);
  await translate('about-heroes', about, french.aboutHeroes);
  await translate('missions', missions, {
    ...french.missions,
    missions: sameItems(missions, 'missions', 'mission', french.missions.missions),
  });
  await translate('visions', visions, french.visions);
  await translate('stakeholders', stakeholders, {
    ...french.stakeholders,
    stakeHolders: sameItems(stakeholders, 'stakeHolders', 'stakeholder', french.stakeholders.stakeHolders),
  });
  for (const [n, story] of stories.entries()) await translate('success-stories', story, french.successStories[n]!);
  for (const [n, crest] of crests.entries()) {
    const { university_name, initials } = sample.universities[n]!;
    await translate('disbursement-testimonials', crest, { image_alt: french.crestAlt(university_name, initials) });
  }
  await changeLocale(localeCtx, fr.code, { public: true });
}
