import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { restoreSelected, versions } from './support/history.ts';
import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'missions',
  nav: 'Missions',
  heading: 'Missions',
  emptyTitle: 'No Mission Content',
  setupName: 'Setup Missions',
  editHeader: 'Edit Mission Title/Desc',
  cardEdit: 'Edit Desc.',
  field: 'missions',
  itemKey: 'mission',
  block: 'Mission Points',
  itemName: 'Mission point',
  editLabel: 'Edit Points',
  saveLabel: 'Save Points',
  addLabel: 'Add Point',
  placeholder: 'Enter new mission point',
  blank: 'Please enter a mission point.',
  confirmNeedsText: true,
  emptyList: 'No mission points available.',
  toasts: {
    updated: 'Mission points updated successfully.',
    added: 'Mission point added successfully.',
    deleted: 'Mission point deleted successfully.',
  },
  description: 'rich',
});

// In this file, so that no other test edits the mission statement in between
test('the mission statement: edited, then its previous version restored from the History of the missions page', async ({
  page,
  api,
  uid,
}, testInfo) => {
  const oldTitle = uid('Mission before');
  const newTitle = uid('Mission after');
  await api.putSingle('missions', { title: oldTitle, description: '<p>We lend fairly to every student.</p>' });
  await api.putSingle('missions', { title: newTitle, description: '<p>We lend quickly to every student.</p>' });

  await page.goto('/missions');
  await expect(page.getByRole('heading', { name: newTitle })).toBeVisible();
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(/\/missions\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

  await versions(page).nth(1).click();
  const differences = page.getByRole('list', { name: 'Differences' });
  await expect(differences.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(differences.locator('del', { hasText: 'fairly' })).toBeVisible();
  await expect(differences.locator('ins', { hasText: 'quickly' })).toBeVisible();
  // the added and removed words' colours, in both themes (the screen tour sees no differences)
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the differences');

  await restoreSelected(page);
  await expect(versions(page).first()).toContainText('Restored');
  await expect(page.getByText(/^No differences/)).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await expect(page.getByRole('heading', { name: oldTitle })).toBeVisible();
  await expect(page.getByText('We lend fairly to every student.')).toBeVisible();
});
