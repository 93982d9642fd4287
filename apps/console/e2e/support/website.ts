import { request, type Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { BASE_URL } from './env.ts';

/** What the website reads of the FAQs: the public list, without a token, searched for `q`. */
export async function publicFaqTitles(q: string): Promise<string[]> {
  const website = await request.newContext({ baseURL: BASE_URL });
  try {
    const response = await website.get('/api/faqs', { params: { q } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { title: string }[]).map((faq) => faq.title);
  } finally {
    await website.dispose();
  }
}

/** The edit screen's publishing banner. */
export const publishingBanner = (page: Page) => page.getByRole('region', { name: 'Publishing' });
