import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { searchBox, showView } from './support/ui.ts';

/**
 * Crossing the 768 px breakpoint (a rotated tablet, a resized window) swaps the frame around the page and nothing
 * in it: what is typed, an open dialog and a list's search and view stay as they were. Each project starts at its
 * own width and crosses to the other one and back.
 */
async function crossTheBreakpoint(page: Page, isMobile: boolean, check: () => Promise<void>): Promise<void> {
  const other = isMobile ? 1280 : 375;
  const own = isMobile ? 375 : 1280;
  for (const width of [other, own]) {
    await page.setViewportSize({ width, height: 800 });
    // the frame of the new width is on screen: the phone's menu button or not (found by its label, as an open
    // dialog hides the rest of the page from the accessibility tree)
    const menu = page.locator('button[aria-label="Open navigation"]');
    if (width < 768) await expect(menu).toBeVisible();
    else await expect(menu).toBeHidden();
    await check();
  }
}

test('what is typed in a form survives the breakpoint', async ({ page, uid, isMobile }) => {
  const question = uid('Can I defer repayment?');
  await page.goto('/faqs/create');
  await page.getByLabel('Question (Title)').fill(question);
  const answer = page.getByRole('textbox', { name: 'Answer (Description)' });
  await answer.fill('Yes, while you study.');

  await crossTheBreakpoint(page, isMobile, async () => {
    await expect(page.getByLabel('Question (Title)')).toHaveValue(question);
    await expect(answer).toHaveText('Yes, while you study.');
  });
});

test("a list's search and view survive the breakpoint", async ({ page, api, uid, isMobile }) => {
  const question = uid('Who pays the interest?');
  await api.create('faqs', { title: question, description: '<p>The fund, while you study.</p>' });
  await page.goto('/faqs');
  await searchBox(page).fill(question);
  await showView(page, 'List');
  await expect(page.getByRole('row').filter({ hasText: question })).toBeVisible();

  await crossTheBreakpoint(page, isMobile, async () => {
    await expect(searchBox(page)).toHaveValue(question);
    const list = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' });
    await expect(list).toHaveAttribute('aria-pressed', 'true');
  });
});

test('an open dialog survives the breakpoint', async ({ page, api, uid, isMobile }) => {
  const question = uid('When do I start repaying?');
  await api.create('faqs', { title: question, description: '<p>A year after you graduate.</p>' });
  await page.goto('/faqs');
  await searchBox(page).fill(question);
  await page.getByRole('button', { name: `Delete ${question}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await crossTheBreakpoint(page, isMobile, async () => {
    await expect(dialog).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
