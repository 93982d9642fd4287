import { formatDate } from '../../src/lib/format-date.ts';
import { expect, type Locator, type Page } from '@playwright/test';

/** The list page's search box. */
export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search' });
}

/** Searches, expects `found` to show, then a query that matches nothing, then 'Clear Search'. */
export async function searchAndClear(page: Page, query: string, found: Locator, hidden?: Locator): Promise<void> {
  const box = searchBox(page);
  await expect(box).toBeEnabled();
  await box.fill(query);
  await expect(found).toBeVisible();
  if (hidden) await expect(hidden).toBeHidden();
  const nothing = `zz-nothing-${Date.now()}`;
  await box.fill(nothing);
  await expect(found).toBeHidden();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(box).toHaveValue('');
  await expect(found).toBeVisible();
}

/** Picks a layout in the Grid/List toggle and checks it is on. */
export async function showView(page: Page, view: 'Grid' | 'List'): Promise<void> {
  const button = page.getByRole('group', { name: 'View' }).getByRole('button', { name: view });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export interface RichText {
  plain: string;
  bold: string;
  bullets: string[];
}

/**
 * Types into the Quill editor named `label`: a plain sentence, a bold phrase (Ctrl+B) and a bullet
 * list (the toolbar's Bullet list button), as an editor would.
 */
export async function typeRichText(page: Page, label: string, text: RichText): Promise<void> {
  const editor = page.getByRole('textbox', { name: label });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(`${text.plain} `);
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(text.bold);
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('Enter');
  const toolbar = editor.locator('xpath=ancestor::*[.//*[contains(@class,"ql-toolbar")]][1]').locator('.ql-toolbar');
  await toolbar.getByRole('button', { name: 'Bullet list' }).click();
  for (const [index, bullet] of text.bullets.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(bullet);
  }
  await expect(editor.locator('strong', { hasText: text.bold })).toBeVisible();
  await expect(editor.locator('li')).toHaveCount(text.bullets.length);
}

/** The rich text as rendered on a list page: the bold phrase in <strong>, the bullets as items. */
export async function expectRenderedRichText(scope: Locator, text: RichText): Promise<void> {
  await expect(scope.locator('strong', { hasText: text.bold })).toBeVisible();
  for (const bullet of text.bullets) {
    const item = scope.locator('li[data-list="bullet"]', { hasText: bullet }).first();
    await expect(item).toBeVisible();
    // shown as a bullet, not a bare line
    await expect(item).toHaveCSS('list-style-type', 'disc');
  }
}

/** Stored HTML holds the bold phrase and the bullets (the server sanitises but keeps them). */
export function expectStoredRichText(html: unknown, text: RichText): void {
  expect(typeof html).toBe('string');
  const value = String(html);
  expect(value).toContain(text.plain);
  expect(value).toMatch(new RegExp(`<strong>${text.bold}</strong>`));
  // Quill 2 writes bullets as <li data-list="bullet">, with an empty span for its list marker
  for (const bullet of text.bullets)
    expect(value).toMatch(new RegExp(`<li data-list="bullet">(<span[^>]*></span>)?${bullet}</li>`));
}

/** A delete confirmation: its exact text, Cancel keeps the record, Delete removes it. */
export async function confirmDelete(page: Page, trigger: Locator, text: string, confirm: boolean): Promise<void> {
  await trigger.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: confirm ? 'Delete' : 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

/** Answers a section's list read with no records, for a collection's empty state. */
export async function emptyCollection(page: Page, slug: string): Promise<void> {
  await page.route(new RegExp(`/api/${slug}(\\?.*)?$`), async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    return route.fulfill({ status: 200, json: [], headers: { 'x-total-count': '0' } });
  });
}

/** The file picker labelled `label` (the rich-text toolbar has an 'Image' button too). */
export function fileInput(page: Page, label: string): Locator {
  return page.locator('input[type="file"]').and(page.getByLabel(label));
}

/**
 * A moment as every screen shows it ('28 Nov 2026, 09:00', in the browser's zone, here the machine's): the console's
 * one date helper, whose format its unit test fixes; these tests check that each screen shows a date through it.
 */
export const shownMoment = (iso: string): string => formatDate(iso);
