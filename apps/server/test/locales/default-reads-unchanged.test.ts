import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';

/**
 * Reads without `?locale` answer exactly what they answered before languages existed. The snapshot beside this file
 * was taken from the server before languages were added; every answer here must match it byte for byte once
 * moments (which differ per run) are replaced by a placeholder. Both dialects answer the same bytes.
 */
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const CONTENT_TAG = /"[lp]-[A-Za-z0-9_-]{27}"/g;

interface Answer {
  url: string;
  status: number;
  etag: string | undefined;
  total: string | undefined;
  body: string;
}

const normalised = (text: string) => text.replace(ISO, '<moment>').replace(CONTENT_TAG, '"<content-tag>"');

async function answersOf(t: TestApp): Promise<Answer[]> {
  const image = await storedImageUrl(t.db);
  for (const section of sections) {
    const count = section.kind === 'single' ? 1 : 3;
    for (let n = 1; n <= count; n += 1) {
      const body = sampleRecord(section, n, image);
      if (section.subItems)
        body[section.subItems.field] = [1, 2, 3].map((i) => ({ [section.subItems!.itemKey]: `item ${i} of ${n}` }));
      const created = await t.injectAs({ method: 'POST', url: `/api/${section.slug}`, payload: body });
      expect(created.statusCode, created.body).toBe(201);
    }
    if (section.kind === 'collection') {
      // one draft, which public reads leave out
      const draft = await t.injectAs({
        method: 'POST',
        url: `/api/${section.slug}`,
        payload: { ...sampleRecord(section, 9, image), status: 'draft' },
      });
      expect(draft.statusCode, draft.body).toBe(201);
    }
  }
  const urls: string[] = [];
  for (const section of sections) {
    const base = `/api/${section.slug}`;
    urls.push(base, `${base}?status=all`, `${base}?limit=2`, `${base}?limit=1&offset=1`, `${base}?q=sample 2`);
    if (section.kind === 'collection') urls.push(`${base}/2`, `${base}/2?status=all`, `${base}/4`);
    else urls.push(`${base}/1`);
  }
  const answers: Answer[] = [];
  for (const url of urls) {
    const read = url.includes('status=all')
      ? await t.injectAs({ method: 'GET', url })
      : await t.app.inject({ method: 'GET', url });
    answers.push({
      url,
      status: read.statusCode,
      etag: read.headers.etag === undefined ? undefined : normalised(String(read.headers.etag)),
      total: read.headers['x-total-count'] === undefined ? undefined : String(read.headers['x-total-count']),
      body: normalised(read.body),
    });
  }
  return answers;
}

describe.each(dialects)('reads without a language on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('answer the bytes they answered before languages existed', async () => {
    const answers = await answersOf(t);
    await expect(`${JSON.stringify(answers, null, 2)}\n`).toMatchFileSnapshot('./default-reads.snapshot.json');
  });
});
