import { expect, expectToast, test } from './support/fixtures.ts';
import { clickUndo } from './support/history.ts';
import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'benefits',
  nav: 'Benefits',
  heading: 'Benefits',
  emptyTitle: 'No Benefit Content',
  setupName: 'Setup Benefits',
  editHeader: 'Edit Benefit Section Title/Desc',
  cardEdit: 'Edit Desc.',
  field: 'benefits',
  itemKey: 'benefit',
  block: 'Benefit Points',
  itemName: 'Benefit point',
  editLabel: 'Edit Points',
  saveLabel: 'Save Points',
  addLabel: 'Add Point',
  placeholder: 'Enter new benefit point',
  blank: 'Please enter a benefit point.',
  confirmNeedsText: false,
  emptyList: 'No benefit points available.',
  toasts: {
    updated: 'Benefits updated successfully.',
    added: 'Benefit added successfully.',
    deleted: 'Benefit deleted successfully.',
  },
  description: 'plain',
});

// In this file, so that no other test edits the benefits record in between
test('a deleted benefit point comes back with Undo in the toast', async ({ page, api, uid }) => {
  const point = uid('Benefit to undo');
  if ((await api.list('benefits')).length === 0) await api.putSingle('benefits', { title: uid('Benefits') });
  const added = await api.ctx.post('/api/benefits/sub', { data: { benefit: point } });
  expect(added.status()).toBe(201);
  const points = async () =>
    ((await api.list<{ benefits: { benefit: string }[] }>('benefits'))[0]?.benefits ?? []).map((item) => item.benefit);
  const before = await points();
  const position = before.indexOf(point) + 1;

  await page.goto('/benefits');
  const block = page.getByRole('region', { name: 'Benefit Points' });
  await expect(block.getByText(point, { exact: true })).toBeVisible();
  await block.getByRole('button', { name: 'Edit Points' }).click();
  await expect(block.getByRole('textbox', { name: `Benefit point ${position}` })).toHaveValue(point);
  await block.getByRole('button', { name: `Delete benefit point ${position}` }).click();
  await expectToast(page, 'Benefit deleted successfully.');
  expect(await points()).not.toContain(point);

  await clickUndo(page, 'Benefit deleted successfully.');
  await expectToast(page, 'Benefit restored successfully.');
  await expect(block.getByText(point, { exact: true })).toBeVisible();
  expect(await points()).toEqual(before);
});
