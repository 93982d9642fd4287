import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import type { Api } from './support/api.ts';
import { createUser, signInFirstTime, usernameOf } from './support/users.ts';

/**
 * The Users table fits a 1280 px window beside the open sidebar, and narrower than the mobile
 * breakpoint the users are cards whose Actions menu works from the keyboard. Each test sets its own width, so
 * both projects check both layouts.
 */

/** A user as wide as the server allows, signed in once so that 'Last sign-in' holds a date rather than 'Never'. */
async function addWideUser(api: Api, label: string): Promise<string> {
  const start = usernameOf(label);
  // 64 characters with no space: the longest username, and one that cannot wrap
  const username = `${start}-${'w'.repeat(63 - start.length)}`;
  const created = await createUser(api, username, 'admin', {
    name: `Wilhelmina ${'Wide-Named '.repeat(8)}`.trim(),
    email: `${'w'.repeat(60)}@${'wide-domain.'.repeat(4)}example.org`,
  });
  await signInFirstTime(username, created.password);
  return username;
}

/** How far the element's content reaches past its box, in pixels; 0 when it fits. */
const overflowOf = (element: Locator) => element.evaluate((el) => el.scrollWidth - el.clientWidth);

/** How many lines each cell's text takes, from its laid-out height and its line height. */
const linesOf = (cells: Locator) =>
  cells.evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(td).lineHeight));
    }),
  );

async function openUsers(page: Page, username: string) {
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Actions for ${username}`, exact: true })).toBeVisible();
}

test.describe('at 1280 px beside the sidebar', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the users table fits: no overflow, every Actions button in view, Last sign-in on two lines at most', async ({
    page,
    api,
    uid,
  }, testInfo) => {
    const username = await addWideUser(api, uid('wide'));
    await openUsers(page, username);
    expect((await page.getByRole('complementary').boundingBox())?.width).toBe(240);

    const table = page.getByRole('table');
    const frame = table.locator('xpath=..');
    expect(await overflowOf(frame), 'the table scrolls sideways in its frame').toBeLessThanOrEqual(0);
    expect(await overflowOf(page.locator('html')), 'the page scrolls sideways').toBeLessThanOrEqual(0);

    const frameBox = await frame.boundingBox();
    const actions = table.getByRole('button', { name: /^Actions for / });
    await expect(actions).toHaveCount((await table.getByRole('row').count()) - 1);
    for (const box of await actions.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON()))) {
      expect(box.left).toBeGreaterThanOrEqual(frameBox?.x ?? Infinity);
      expect(box.right).toBeLessThanOrEqual(Math.min(1280, (frameBox?.x ?? 0) + (frameBox?.width ?? 0)));
    }

    const heads = await table.getByRole('columnheader').allTextContents();
    const column = heads.indexOf('Last sign-in') + 1;
    expect(column).toBeGreaterThan(0);
    const signIns = table.locator(`tbody tr td:nth-child(${column})`);
    await expect(page.getByRole('row').filter({ hasText: username }).locator(`td:nth-child(${column})`)).not.toHaveText(
      'Never',
    );
    for (const lines of await linesOf(signIns)) expect(lines).toBeLessThanOrEqual(2);

    // the whole username stays readable where it is cut short
    await expect(table.getByTitle(username, { exact: true })).toBeVisible();
    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the users table at 1280 px');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the users are cards with the same details, and each Actions menu opens from the keyboard', async ({
    page,
    api,
    uid,
  }, testInfo) => {
    const username = await addWideUser(api, uid('card'));
    await openUsers(page, username);
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await overflowOf(page.locator('html')), 'the page scrolls sideways').toBeLessThanOrEqual(0);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: username }) });
    await expect(card).toHaveCount(1);
    for (const term of ['Name', 'Email', 'Role', 'Status', 'Two-factor', 'Last sign-in', 'Created'])
      await expect(card.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toHaveCount(1);

    const button = card.getByRole('button', { name: `Actions for ${username}`, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Disable…', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: `Edit "${username}"` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the user cards at 375 px');
  });
});
