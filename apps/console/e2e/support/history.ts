import { expect, type Page } from '@playwright/test';
import { expectToast, toasts } from './fixtures.ts';

/** A History screen's versions, newest first. */
export const versions = (page: Page) => page.getByRole('list', { name: 'Versions' }).getByRole('button');

/** Restores the version the History screen shows, through its confirmation. */
export async function restoreSelected(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Version restored');
}

/** Clicks Undo on the delete toast that says `deletedToast`. */
export async function clickUndo(page: Page, deletedToast: string): Promise<void> {
  await expectToast(page, deletedToast);
  await expect(toasts(page).filter({ hasText: deletedToast })).toBeVisible();
  await toasts(page).filter({ hasText: deletedToast }).getByRole('button', { name: 'Undo' }).click();
}
