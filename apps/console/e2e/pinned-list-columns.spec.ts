import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { searchBox, showView } from './support/ui.ts';

/**
 * At 375 px a list's table scrolls sideways and keeps its Status and Actions columns pinned at the right edge: the
 * badges of a record with changes waiting sit beside its Edit and Delete buttons, never over them. (A collection, so
 * that the test's own record is not the one record another spec empties.)
 */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

/** Whether the element drawn at the centre of `target` is `target` or inside it: nothing covers it there. */
async function uncoveredAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

test("at 375 px the Status badges sit beside a row's Edit and Delete, which stay visible and clickable", async ({
  page,
  api,
  uid,
}) => {
  const name = uid('Pinned columns FAQ');
  const faq = await api.create<{ id: number }>('faqs', {
    title: name,
    description: `<p>${'A long answer that makes the table wider than a phone screen. '.repeat(4)}</p>`,
  });
  const changes = await api.ctx.put(`/api/faqs/${faq.id}/changes`, { data: { title: `${name} soon` } });
  expect(changes.status()).toBe(200);

  await page.goto('/faqs');
  await showView(page, 'List');
  await searchBox(page).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Unpublished changes', { exact: true })).toBeVisible();
  const edit = row.getByRole('link', { name: /^Edit/ });
  const remove = row.getByRole('button', { name: /^Delete/ });
  for (const action of [edit, remove]) {
    await expect(action).toBeInViewport();
    expect(await uncoveredAtCentre(action)).toBe(true);
  }
  // the badge is in sight too, left of the buttons
  const badge = row.getByText('Unpublished changes', { exact: true });
  await expect(badge).toBeInViewport();
  expect(await uncoveredAtCentre(badge)).toBe(true);
  await expect(page.getByRole('columnheader').last()).toHaveText('Actions');

  // to look at by eye: E2E_SCREENSHOTS=<folder> saves this list at both widths in both themes
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) {
    for (const width of [375, 1280])
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForTimeout(500); // the theme's colours fade in
        await page.screenshot({ path: `${folder}/pinned-${width}-${theme}.png` });
      }
    await page.setViewportSize({ width: 375, height: 812 });
  }

  await edit.click();
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
});
