import { expect, expectToast, navigate, test } from './support/fixtures.ts';

test('Settings: the defaults, and Save Settings only shows its toast', async ({ page, isMobile }) => {
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  for (const group of ['General', 'Content', 'User Interface', 'Advanced']) {
    await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Items Per Page')).toHaveValue('10');
  await expect(page.getByLabel('Cache Timeout (seconds)')).toHaveValue('3600');
  await expect(page.getByLabel('Primary Color')).toHaveValue(/#3b82f6/i);
  await expect(page.getByRole('switch', { name: 'Auto Save Drafts' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Enable Comments' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).not.toBeChecked();

  let wrote = false;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) wrote = true;
  });
  await page.getByLabel('Items Per Page').fill('25');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Settings saved successfully');
  expect(wrote).toBe(false);
  // nothing is kept
  await page.reload();
  await expect(page.getByLabel('Items Per Page')).toHaveValue('10');
});

// The suite signs in as an administrator, who gets the user table; editors and viewers still read
// The placeholder sentence on /users is checked in users-roles.spec.ts.
test('Users: an administrator gets the user table instead of the placeholder', async ({ page, isMobile }) => {
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for e2e-editor' })).toBeVisible();
  await expect(
    page.getByText('User administration is currently handled elsewhere or not yet implemented in this interface.', {
      exact: true,
    }),
  ).toHaveCount(0);
});
