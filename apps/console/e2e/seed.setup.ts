import { test as setup, expect } from './support/fixtures.ts';
import { makePng } from './support/png.ts';
import { sections } from '@bursary/shared';
import { fieldSample, SAMPLE, singleSamples } from './support/samples.ts';

/** Content for the screen tour: one record in every section, found again by SAMPLE. */
setup('seed one record in every section', async ({ api }) => {
  const story = await api.createWithImage<{ image: string }>(
    'success-stories',
    {
      student_name: `${SAMPLE} student`,
      student_school: 'City University',
      date: '2024-05-17',
      source: 'Newsletter',
      story: '<p>I finished my degree <strong>debt-free</strong>.</p>',
    },
    makePng(101),
  );
  expect(story.image).toMatch(/^\/media\//);
  await api.createWithImage('disbursement-testimonials', { university_name: `${SAMPLE} university` }, makePng(102));
  await api.create('faqs', {
    title: `${SAMPLE} question?`,
    description: '<p>An <strong>answer</strong>.</p><ul><li>one</li><li>two</li></ul>',
  });
  await api.create('milestones', { title: `${SAMPLE} milestone`, date: '2020-09-01', description: 'The fund opened.' });
  await api.create('messages', { sender: `${SAMPLE} sender`, recipient: 'Registrar', message: '<p>Hello</p>' });
  await api.create('content', { title: `${SAMPLE} content`, excerpt: 'A short summary', body: '<p>Body</p>' });
  const singles = singleSamples(story.image);
  for (const [slug, data] of Object.entries(singles)) await api.putSingle(slug, data);
  // a section added since these samples were written gets one from its fields
  const seeded = new Set([
    'success-stories',
    'disbursement-testimonials',
    'faqs',
    'milestones',
    'messages',
    'content',
    ...Object.keys(singles),
  ]);
  for (const section of sections.filter((s) => !seeded.has(s.slug))) {
    if (section.kind === 'single') await api.putSingle(section.slug, fieldSample(section));
    else await api.create(section.slug, fieldSample(section));
  }
});
