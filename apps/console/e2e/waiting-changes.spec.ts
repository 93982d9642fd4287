import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './support/fixtures.ts';
import { publicFaqTitles as publicTitles, publishingBanner as banner } from './support/website.ts';

/**
 * A record whose change waits (saved as draft, perhaps scheduled): saving never publishes it unseen, 'Publish now'
 * asks first when a schedule would have published it later and leaves no schedule behind, 'Unpublish' asks first,
 * and 'Save as draft' stays with the record, its banner's Preview and Publish one click away.
 */
const ZONE = 'Europe/Paris';
test.use({ timezoneId: ZONE });

interface Faq {
  id: number;
  title: string;
}

const title = (page: Page) => page.getByLabel('Question (Title)');

test("a scheduled change is kept by 'Save as draft' (the default); 'Publish now' asks, publishes and ends the schedule", async ({
  page,
  api,
  uid,
}) => {
  const name = uid('Scheduled FAQ');
  const faq = await api.create<Faq>('faqs', { title: name, description: '<p>Live.</p>' });
  const changes = await api.ctx.put(`/api/faqs/${faq.id}/changes`, { data: { title: `${name} tomorrow` } });
  expect(changes.status()).toBe(200);
  const year = new Date().getFullYear() + 1;
  // 09:00 in Paris on 28 November is 08:00 UTC
  const scheduled = await api.ctx.put(`/api/faqs/${faq.id}/schedule`, {
    data: { publish_at: `${year}-11-28T08:00:00Z` },
  });
  expect(scheduled.status()).toBe(200);

  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(banner(page).getByText(`Scheduled to publish on 28 Nov ${year}, 09:00`, { exact: true })).toBeVisible();
  await expect(title(page)).toHaveValue(`${name} tomorrow`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();

  // Enter saves the form with its default button: the change stays waiting, the screen stays with it
  await title(page).fill(`${name} tomorrow, edited`);
  await title(page).press('Enter');
  await expectToast(page, 'Draft saved');
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await expect(title(page)).toHaveValue(`${name} tomorrow, edited`);
  await expect(banner(page).getByText(`Scheduled to publish on 28 Nov ${year}, 09:00`, { exact: true })).toBeVisible();
  expect(await publicTitles(name)).toEqual([name]);

  await page.getByRole('button', { name: 'Publish now' }).click();
  const question = page.getByRole('alertdialog', { name: 'Publish now?' });
  await expect(question).toContainText(`This change is scheduled to publish on 28 Nov ${year}, 09:00.`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await publicTitles(name)).toEqual([name]);

  await page.getByRole('button', { name: 'Publish now' }).click();
  await question.getByRole('button', { name: 'Publish now' }).click();
  await expectToast(page, 'Published');
  expect(await publicTitles(name)).toEqual([`${name} tomorrow, edited`]);
  const schedule = (await (await api.ctx.get(`/api/faqs/${faq.id}/schedule`)).json()) as { pending: unknown[] };
  expect(schedule.pending).toEqual([]);
  await page.goto('/dashboard');
  const upcoming = page.getByRole('region', { name: 'Publishing schedule' });
  await expect(upcoming.getByText('Scheduled next')).toBeVisible();
  await expect(upcoming.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
});

test("'Publish now' on a change with no schedule publishes without a question", async ({ page, api, uid }) => {
  const name = uid('Waiting FAQ');
  const faq = await api.create<Faq>('faqs', { title: name, description: '<p>Live.</p>' });
  await api.ctx.put(`/api/faqs/${faq.id}/changes`, { data: { title: `${name} next` } });
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(title(page)).toHaveValue(`${name} next`);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expectToast(page, 'Published');
  expect(await publicTitles(name)).toEqual([`${name} next`]);
});

test("'Unpublish' asks first, then takes the record off the website and keeps it as a draft", async ({
  page,
  api,
  uid,
}) => {
  const name = uid('Live FAQ');
  const faq = await api.create<Faq>('faqs', { title: name, description: '<p>Live.</p>' });
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(banner(page).getByText('This record is published.')).toBeVisible();

  await banner(page).getByRole('button', { name: 'Unpublish' }).click();
  const question = page.getByRole('alertdialog', { name: 'Unpublish this record?' });
  await expect(question).toContainText('The website stops showing it at once.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await publicTitles(name)).toEqual([name]);

  await banner(page).getByRole('button', { name: 'Unpublish' }).click();
  await question.getByRole('button', { name: 'Unpublish' }).click();
  await expectToast(page, 'Unpublished');
  await expect(banner(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
  expect(await publicTitles(name)).toEqual([]);
  await expect(title(page)).toHaveValue(name);
});

test("'Save as draft' stays with the record: the new title, the banner, Preview and Publish at hand", async ({
  page,
  api,
  uid,
}) => {
  const name = uid('Edited FAQ');
  const faq = await api.create<Faq>('faqs', { title: name, description: '<p>Live.</p>' });
  await page.goto(`/faqs/edit/${faq.id}`);
  await title(page).fill(`${name} (new)`);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Draft saved');
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await expect(title(page)).toHaveValue(`${name} (new)`);
  await expect(banner(page).getByText('Unpublished changes', { exact: true })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Preview' })).toBeVisible();

  // saved again from the same screen: the second save sends the changes' new ETag, so it is not refused as stale
  await title(page).fill(`${name} (newer)`);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Draft saved');
  await expect(title(page)).toHaveValue(`${name} (newer)`);

  await banner(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expectToast(page, 'Published');
  expect(await publicTitles(name)).toEqual([`${name} (newer)`]);
});
