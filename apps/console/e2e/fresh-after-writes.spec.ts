import type { Page } from '@playwright/test';
import type { SiteHealthReport } from '@bursary/shared/site-health';
import type { Api } from './support/api.ts';
import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { freshPng } from './support/png.ts';
import { confirmDelete, searchBox } from './support/ui.ts';

/**
 * Every write shows at once wherever it matters, without a reload: the Site health page and the dashboard's card
 * after a fix in a form, after an alternative text given in Media, after a delete and a restore from the Trash. Only the first
 * screen is loaded by address; every other one is reached through the navigation, as staff move.
 */

const CHECK = 'Missing alternative text';

/** A success story whose new image has no alternative text. */
async function storyWithoutAlt(api: Api, student: string): Promise<number> {
  const response = await api.ctx.post('/api/success-stories', {
    multipart: {
      student_name: student,
      date: '2024-05-17',
      image: { name: 'photo.png', mimeType: 'image/png', buffer: freshPng(18) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** How many images lack their text as the server says now. */
async function missingNow(api: Api): Promise<number> {
  const report = (await (await api.ctx.get('/api/site-health')).json()) as SiteHealthReport;
  return report.problems.filter((problem) => problem.check === 'missing-alt-text').length;
}

const group = (page: Page) => page.getByRole('region', { name: new RegExp(`^${CHECK}`) });
const row = (page: Page, student: string) => group(page).getByRole('listitem').filter({ hasText: student });

/** A long group shows its first rows: all of them, so that a row's absence means something. */
async function showAll(page: Page) {
  const more = group(page).getByRole('button', { name: /^Show all/ });
  if (await more.isVisible()) await more.click();
}

/** The Site health page as reached from the menu: the problem's row is (or is not) there, with the server's count. */
async function expectSiteHealth(page: Page, api: Api, isMobile: boolean, student: string, listed: boolean) {
  await navigate(page, isMobile, 'Site health');
  await expect(page.getByRole('heading', { level: 1, name: 'Site health' })).toBeVisible();
  // the count the server gives now, shown: the page has read again (a row may hide behind 'Show all' until then)
  const count = await missingNow(api);
  if (count > 0) await expect(group(page).getByRole('heading', { level: 2 })).toHaveText(`${CHECK} (${count})`);
  await showAll(page);
  await expect(row(page, student)).toHaveCount(listed ? 1 : 0);
}

test('Site health, its dashboard card and Media follow a fix, a delete and a restore at once', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const inForm = uid('Alt fixed in form');
  const inMedia = uid('Alt fixed in media');
  const deleted = uid('Alt deleted');
  const formId = await storyWithoutAlt(api, inForm);
  await storyWithoutAlt(api, inMedia);
  await storyWithoutAlt(api, deleted);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Site health' });
  await expect(card.getByRole('link', { name: new RegExp(`^${CHECK} \\(${await missingNow(api)}\\)$`) })).toBeVisible();
  await expectSiteHealth(page, api, isMobile, inForm, true);
  await expect(row(page, inMedia)).toHaveCount(1);
  await navigate(page, isMobile, 'Media');
  await expect(page.getByRole('link', { name: `Success Stories: ${inMedia}` })).toBeVisible();

  // fixed in the record's form: the link opens the field that fixes it
  await navigate(page, isMobile, 'Site health');
  await showAll(page);
  await row(page, inForm).getByRole('link', { name: inForm }).click();
  await expect(page).toHaveURL(`/success-stories/edit/${formId}?field=image_alt`);
  await page.getByLabel('Alternative text').fill('A student at her graduation');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expectSiteHealth(page, api, isMobile, inForm, false);
  await navigate(page, isMobile, 'Dashboard');
  await expect(card.getByRole('link', { name: new RegExp(`^${CHECK} \\(${await missingNow(api)}\\)$`) })).toBeVisible();

  // described in the media library
  await navigate(page, isMobile, 'Media');
  const image = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Success Stories: ${inMedia}` }) });
  await image.getByLabel('Alternative text', { exact: true }).fill('A student reading in a library');
  await image.getByRole('button', { name: /^Save the alternative text/ }).click();
  await expect(image.getByLabel('Alternative text', { exact: true })).toHaveValue('A student reading in a library');
  await expectSiteHealth(page, api, isMobile, inMedia, false);

  // deleted, then brought back with Undo
  await navigate(page, isMobile, 'Success Stories');
  await searchBox(page).fill(deleted);
  await confirmDelete(
    page,
    page.getByRole('button', { name: `Delete ${deleted}` }),
    `Are you sure you want to delete the success story for "${deleted}"? This action cannot be undone.`,
    true,
  );
  await expectToast(page, 'Success story deleted successfully.');
  await expectSiteHealth(page, api, isMobile, deleted, false);
  await navigate(page, isMobile, 'Trash');
  const entry = (isMobile ? page.getByRole('listitem') : page.getByRole('row')).filter({ hasText: deleted });
  await entry.getByRole('button', { name: `Restore Success story "${deleted}"` }).click();
  await expectToast(page, `Success story "${deleted}" restored.`);
  await expectSiteHealth(page, api, isMobile, deleted, true);
});
