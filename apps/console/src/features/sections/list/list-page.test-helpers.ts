// Shared setup of the section list page tests, split by subject so that no file is over 250 lines.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';

export function serve(slug: string, body: unknown) {
  server.use(http.get(`/api/${slug}`, () => HttpResponse.json(body as SectionRecord[])));
}

export const faqRecords: SectionRecord[] = [
  { id: 1, title: 'How do I apply?', description: '<p>Fill in the <b>online form</b>.</p>' },
  { id: 2, title: 'Who can borrow?', description: '<p>Any enrolled student.</p>' },
  { id: 3, title: 'When is repayment due?', description: '<p>After graduation.</p>' },
];

export async function openFaqs() {
  signInAs();
  serve('faqs', faqRecords);
  renderApp('/faqs');
  await screen.findByRole('heading', { name: 'How do I apply?' });
}

// no pause between keystrokes: the typing is not what these tests are about
export const user = userEvent.setup({ delay: null });
export const search = () => screen.getByRole('searchbox', { name: 'Search' });
export const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
export const viewButton = (name: 'Grid' | 'List') =>
  within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name });
