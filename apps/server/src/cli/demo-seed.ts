import type { Kysely } from 'kysely';
import { type SectionDef, findSection } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/types.ts';
import { storeImage } from '../media/store.ts';
import { createRecord } from '../records/record-writes.ts';
import type { WriteContext } from '../records/write-concurrency.ts';
import * as sample from './demo-content.ts';
import { seedPublishingDemo } from './demo-publishing.ts';
import { bannerPng, crestSvg, portraitPng } from './demo-images.ts';

function section(slug: string): SectionDef {
  const found = findSection(slug);
  if (!found) throw new Error(`The registry has no section ${slug}`);
  return found;
}

/**
 * Fills an empty database with the sample content, through the same write path as the API, so
 * every record also has its audit-log row.
 */
export async function seedDemo(db: Kysely<Database>, config: Config, username: string): Promise<void> {
  const ctx: WriteContext = { db, config, username, ifMatch: undefined };
  // each image under a file name, as an upload keeps its own, so Media shows names rather than 'Unnamed' ones
  const image = (bytes: Buffer, filename: string) => storeImage(db, { bytes, filename }, config.mediaMaxBytes);
  const fileNameOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const create = async (slug: string, body: Record<string, unknown>) => {
    await createRecord(ctx, section(slug), { body, uploads: new Map() });
  };

  await create('heroes', {
    ...sample.heroes,
    image: await image(bannerPng([30, 64, 175], [14, 165, 233]), 'home-banner.png'),
  });
  await create('steps', { title: sample.steps.title, steps: sample.steps.steps.map((step) => ({ step })) });
  for (const faq of sample.faqs) await create('faqs', faq);
  await create('benefits', { ...sample.benefits, benefits: sample.benefits.benefits.map((benefit) => ({ benefit })) });
  await create('insights', sample.insights);
  await create('about-heroes', {
    ...sample.aboutHeroes,
    image: await image(bannerPng([6, 95, 70], [132, 204, 22]), 'about-banner.png'),
  });
  await create('missions', { ...sample.missions, missions: sample.missions.missions.map((mission) => ({ mission })) });
  await create('visions', {
    ...sample.visions,
    image: await image(bannerPng([88, 28, 135], [236, 72, 153]), 'vision-banner.png'),
  });
  await create('stakeholders', {
    ...sample.stakeholders,
    stakeHolders: sample.stakeholders.stakeHolders.map((stakeholder) => ({ stakeholder })),
  });
  for (const milestone of sample.milestones) await create('milestones', milestone);
  const grounds: [number, number, number][] = [
    [59, 130, 246],
    [234, 88, 12],
    [16, 185, 129],
  ];
  for (const [n, story] of sample.successStories.entries()) {
    const portrait = await image(portraitPng(grounds[n % grounds.length]!), `${fileNameOf(story.student_name)}.png`);
    await create('success-stories', { ...story, image: portrait });
  }
  for (const { university_name, initials, colour } of sample.universities) {
    const crest = await image(crestSvg(initials, colour), `${fileNameOf(university_name)}-crest.svg`);
    await create('disbursement-testimonials', { university_name, image: crest });
  }
  for (const message of sample.messages) await create('messages', message);
  for (const item of sample.content) await create('content', item);
  await seedPublishingDemo(ctx);
}
