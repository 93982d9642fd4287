import type { Page } from '@playwright/test';
import type { Api } from './support/api.ts';
import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { clickUndo } from './support/history.ts';
import { confirmDelete, searchBox } from './support/ui.ts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';

/** Undo on the delete toasts, and the Trash page. */

const faqDeleteText = (title: string) =>
  `Are you sure you want to  delete the FAQ titled "${title}"? This action cannot be undone.`;

async function createFaq(api: Api, title: string): Promise<number> {
  return (await api.create('faqs', { title, description: `<p>Answer to ${title}</p>` })).id;
}

/** The FAQ list narrowed to one question, whatever else other tests have made. */
async function openFaq(page: Page, title: string) {
  await page.goto('/faqs');
  await searchBox(page).fill(title);
  const card = page.getByRole('heading', { name: title, exact: true });
  await expect(card).toBeVisible();
  return card;
}

test('an FAQ deleted by mistake comes back with Undo in the toast', async ({ page, api, uid }) => {
  const title = uid('Undo me?');
  const id = await createFaq(api, title);
  const card = await openFaq(page, title);

  await confirmDelete(page, page.getByRole('button', { name: `Delete ${title}` }), faqDeleteText(title), true);
  await expect(card).toBeHidden();
  await clickUndo(page, 'FAQ deleted successfully.');
  await expectToast(page, 'FAQ restored successfully.');
  await expect(card).toBeVisible();
  // back under its old id
  expect((await api.get<{ title: string }>('faqs', id)).title).toBe(title);
});

test('a deleted record is listed in the Trash and restored from there', async ({
  page,
  api,
  uid,
  isMobile,
}, testInfo) => {
  const title = uid('From the trash?');
  const id = await createFaq(api, title);
  await api.remove('faqs', id);

  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Trash');
  await expect(page).toHaveURL('/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  // a row on desktop, a card at 375 px: either way section, title and who are shown beside Restore
  const entry = isMobile
    ? page.getByRole('listitem').filter({ hasText: title })
    : page.getByRole('row').filter({ hasText: title });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('FAQs', { exact: true })).toBeVisible();
  await expect(entry.getByText('e2e-editor', { exact: true })).toBeVisible();
  // the tour of screens.spec.ts may meet an empty trash: the filled one is checked here, in both themes
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'trash');
  await entry.getByRole('button', { name: `Restore FAQ "${title}"` }).click();
  await expectToast(page, `FAQ "${title}" restored.`);
  await expect(entry).toHaveCount(0);

  await navigate(page, isMobile, 'FAQs');
  await searchBox(page).fill(title);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  expect((await api.get<{ title: string }>('faqs', id)).title).toBe(title);
});
