import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SiteHealthReport } from '@bursary/shared';
import { sql } from 'kysely';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { recheckRecordsIfNeeded } from '../../src/site-health/recheck.ts';
import { forgetDoneMarks } from '../../src/db/done-marks.ts';

const MISSING_IMAGE = `/media/${'ab'.repeat(32)}.png`;

async function recordProblems(t: TestApp) {
  const answer = await t.injectAs({ method: 'GET', url: '/api/site-health' });
  return answer.json<SiteHealthReport>().problems.filter((p) => p.id !== null);
}

describe.each(dialects)('checking records stored before the checks (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('checks every record once when the stored results are missing, in batches, and then not again', async () => {
    const now = new Date().toISOString();
    // rows written behind the server's back, as by a database older than the checks
    for (let n = 0; n < 450; n += 1)
      await sql`insert into faqs (version, title, description, created_at, updated_at, status)
        values (1, ${`Question ${n}`}, ${n % 150 === 0 ? '<p><a href="http://old.example">here</a></p>' : '<p>Fine</p>'}, ${now}, ${now}, ${n === 300 ? 'draft' : 'published'})`.execute(
        t.db,
      );
    await sql`insert into heroes (version, title, image, created_at, updated_at, status)
      values (1, 'Welcome', ${MISSING_IMAGE}, ${now}, ${now}, 'published')`.execute(t.db);
    expect(await recordProblems(t)).toEqual([]);

    await forgetDoneMarks(t.db);
    expect(await recheckRecordsIfNeeded(t.db)).toBe(451);
    const found = await recordProblems(t);
    // the draft (n = 300) is not checked
    expect(
      found
        .filter((p) => p.section === 'faqs')
        .map((p) => `${p.title}:${p.check}`)
        .sort(),
    ).toEqual([
      'Question 0:insecure-link',
      'Question 0:vague-link-text',
      'Question 150:insecure-link',
      'Question 150:vague-link-text',
    ]);
    expect(found.find((p) => p.section === 'heroes')).toMatchObject({
      check: 'broken-media',
      severity: 'error',
      field: 'image',
      message:
        '"Image" shows an image that is no longer stored, so the website shows a broken image. Upload the image again, or remove it.',
    });
    expect(await recheckRecordsIfNeeded(t.db)).toBe(0);
  });
});
