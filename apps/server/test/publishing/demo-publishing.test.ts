import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/cli/demo-seed.ts';
import { nextNoticeWeek } from '../../src/cli/demo-publishing.ts';
import { buildTestApp, dialects, TEST_USERNAME } from '../helper.ts';

interface Listed {
  title: string;
  status: string;
  has_changes: boolean;
  publish_at: string | null;
  unpublish_at: string | null;
}

describe.each(dialects)('the demo on %s', (dialect) => {
  it('has one draft, one change that waits and one scheduled publish, and the website sees none of them', async () => {
    const t = await buildTestApp({ dialect });
    await seedDemo(t.db, t.config, TEST_USERNAME);

    const staffFaqs = (await t.injectAs({ method: 'GET', url: '/api/faqs?status=all' })).json() as Listed[];
    const drafts = staffFaqs.filter((faq) => faq.status === 'draft');
    expect(drafts.map((faq) => faq.title)).toEqual(['Can I apply before my admission letter arrives?']);
    const waiting = staffFaqs.filter((faq) => faq.has_changes);
    expect(waiting.map((faq) => faq.title)).toEqual(['When are loans paid out?']);

    const staffContent = (await t.injectAs({ method: 'GET', url: '/api/content?status=all' })).json() as Listed[];
    const notice = staffContent.find((item) => item.title === 'Applications close on Friday');
    expect(notice).toMatchObject({ status: 'draft' });
    expect(Date.parse(notice?.publish_at ?? '')).toBeGreaterThan(Date.now());
    expect(Date.parse(notice?.unpublish_at ?? '')).toBeGreaterThan(Date.parse(notice?.publish_at ?? ''));
    const schedules = (await t.injectAs({ method: 'GET', url: '/api/schedules' })).json() as {
      upcoming: { action: string }[];
    };
    expect(schedules.upcoming.map((step) => step.action).sort()).toEqual(['publish', 'unpublish']);

    const publicFaqs = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(publicFaqs.body).not.toContain('admission letter arrives');
    expect(publicFaqs.body).not.toContain('living allowances');
    expect(publicFaqs.body).toContain('When are loans paid out?');
    const publicContent = await t.app.inject({ method: 'GET', url: '/api/content' });
    expect(publicContent.body).not.toContain('Applications close on Friday');
  });

  it('names each image as an upload would be named, so Media lists no unnamed ones', async () => {
    const t = await buildTestApp({ dialect });
    await seedDemo(t.db, t.config, TEST_USERNAME);
    const media = (await t.injectAs({ method: 'GET', url: '/api/media?limit=100' })).json() as {
      file_name: string | null;
    }[];
    const names = media.map((item) => item.file_name);
    expect(names).toHaveLength(10);
    expect(names).toContain('university-of-nairobi-crest.svg');
    expect(names).toContain('amina-otieno.png');
    expect(names.filter((name) => !name)).toEqual([]);
  });
});

describe('the demo notice week', () => {
  it.each([
    ['2026-11-24T10:00:00Z', '2026-11-30T08:00:00.000Z', '2026-12-04T17:00:00.000Z'],
    ['2026-11-29T23:00:00Z', '2026-11-30T08:00:00.000Z', '2026-12-04T17:00:00.000Z'],
    ['2026-11-30T07:00:00Z', '2026-12-07T08:00:00.000Z', '2026-12-11T17:00:00.000Z'],
  ])('after %s goes up %s and comes down %s', (now, publish, unpublish) => {
    const week = nextNoticeWeek(new Date(now));
    expect(week.publish.toISOString()).toBe(publish);
    expect(week.unpublish.toISOString()).toBe(unpublish);
  });
});
