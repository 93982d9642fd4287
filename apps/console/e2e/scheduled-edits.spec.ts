import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './support/fixtures.ts';
import { BASE_URL } from './support/env.ts';
import { publishingBanner as banner } from './support/website.ts';

/**
 * An edit and a schedule (issue 50.1): scheduling with unsaved edits keeps them waiting for the schedule, and while
 * a schedule is set no button publishes the edit before it; the save keeps it waiting and says when it publishes.
 */
const ZONE = 'Europe/Paris';
test.use({ timezoneId: ZONE });

interface Faq {
  id: number;
  title: string;
  description: string;
}

const answer = (page: Page) => page.getByRole('textbox', { name: 'Answer (Description)' });

async function typeAnswer(page: Page, text: string): Promise<void> {
  await answer(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(answer(page)).toHaveText(text);
}

/** The answer the website reads: the public FAQ, without a token. */
async function publicAnswer(id: number): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/faqs/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Faq).description;
}

const nextYear = () => new Date().getFullYear() + 1;

test('scheduling with unsaved edits keeps them waiting for the schedule; nothing publishes them early', async ({
  page,
  api,
  uid,
}) => {
  const faq = await api.create<Faq>('faqs', { title: uid('Scheduled answer'), description: '<p>Live answer.</p>' });
  await page.goto(`/faqs/edit/${faq.id}`);
  await typeAnswer(page, 'Answer for next year.');

  await banner(page).getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule' });
  await dialog.getByLabel(/^Publish at/).fill(`${nextYear()}-11-28T09:00`);
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expectToast(page, 'Schedule saved');
  await expect(dialog).toBeHidden();

  const when = `Scheduled to publish on 28 Nov ${nextYear()}, 09:00`;
  await expect(banner(page).getByText(when, { exact: true })).toBeVisible();
  await expect(banner(page)).toContainText('This record has unpublished changes');
  // the edit waits for the schedule: kept as the record's changes, shown in the form, not on the website
  await expect(answer(page)).toHaveText('Answer for next year.');
  expect(await publicAnswer(faq.id)).toBe('<p>Live answer.</p>');
  const changes = await api.ctx.get(`/api/faqs/${faq.id}/changes`);
  expect(((await changes.json()) as Faq).description).toContain('Answer for next year.');
  // and no button beside the banner publishes it without asking
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Publish now?' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  expect(await publicAnswer(faq.id)).toBe('<p>Live answer.</p>');
});

test('with a schedule set, the save keeps the edit waiting for it and says when it publishes', async ({
  page,
  api,
  uid,
}) => {
  const faq = await api.create<Faq>('faqs', { title: uid('Scheduled save'), description: '<p>Live answer.</p>' });
  // 09:00 in Paris on 28 November is 08:00 UTC
  const scheduled = await api.ctx.put(`/api/faqs/${faq.id}/schedule`, {
    data: { publish_at: `${nextYear()}-11-28T08:00:00Z` },
  });
  expect(scheduled.status()).toBe(200);

  await page.goto(`/faqs/edit/${faq.id}`);
  const when = `Scheduled to publish on 28 Nov ${nextYear()}, 09:00`;
  await expect(banner(page).getByText(when, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await typeAnswer(page, 'Answer once scheduled.');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Draft saved', when);
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await expect(banner(page)).toContainText('This record has unpublished changes');
  await expect(banner(page).getByText(when, { exact: true })).toBeVisible();
  expect(await publicAnswer(faq.id)).toBe('<p>Live answer.</p>');
  const schedule = (await (await api.ctx.get(`/api/faqs/${faq.id}/schedule`)).json()) as { pending: unknown[] };
  expect(schedule.pending).toHaveLength(1);
});
