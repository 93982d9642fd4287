import { expect, test } from './support/fixtures.ts';
import { versions } from './support/history.ts';

/**
 * A record's versions, the change in plain words, and restoring an old one (the mission statement's
 * restore is in missions.spec.ts, the log rows' links in dashboard-logs.spec.ts).
 */

test("a FAQ's history opens from its edit screen", async ({ page, api, uid }) => {
  const title = uid('History FAQ');
  const faq = await api.create('faqs', { title, description: '<p>Apply online.</p>' });
  await api.update('faqs', faq.id, { title, description: '<p>Apply online or by post.</p>' });

  await page.goto(`/faqs/edit/${faq.id}`);
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/faqs/history/${faq.id}$`));
  await expect(versions(page)).toHaveCount(2);
  await expect(versions(page).first()).toContainText('Updated');
  await expect(versions(page).last()).toContainText('Created');
  await versions(page).last().click();
  await expect(page.getByRole('list', { name: 'Differences' }).locator('ins', { hasText: 'or by post' })).toBeVisible();
});
