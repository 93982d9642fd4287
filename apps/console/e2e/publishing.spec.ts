import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { expect, expectToast, test } from './support/fixtures.ts';
import { publicFaqTitles as publicTitles, publishingBanner as banner } from './support/website.ts';
import { createUser, signInFirstTime, usernameOf, useSession } from './support/users.ts';

/**
 * Publishing in the browser: drafts and pending changes stay off the website until 'Publish', 'Discard changes' asks
 * first, schedules are picked in the browser's named time zone, and a viewer sees the badges but no control.
 */
const ZONE = 'Europe/Paris';
test.use({ timezoneId: ZONE });

interface Faq {
  id: number;
  title: string;
}

/** The FAQ list filtered by one badge and searched for one title. */
async function listWithBadge(page: Page, badge: string, title: string) {
  await page.goto('/faqs');
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await page.getByRole('combobox', { name: 'Status' }).selectOption(badge);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(item.getByText(badge, { exact: true })).toBeVisible();
}

test("'Save as draft' keeps a new FAQ off the website until 'Publish'", async ({ page, uid }) => {
  const title = uid('Draft FAQ');
  await page.goto('/create-faq');
  await page.getByLabel('Question (Title)').fill(title);
  await page.getByLabel('Answer (Description)').fill('Not yet.');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Draft saved');
  await expect(page).toHaveURL(/\/faqs\/edit\/\d+$/);
  expect(await publicTitles(title)).toEqual([]);

  await listWithBadge(page, 'Draft', title);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(banner(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Discard changes' })).toHaveCount(0);
  await banner(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expectToast(page, 'Published');
  await expect(banner(page).getByText('This record is published.')).toBeVisible();
  expect(await publicTitles(title)).toEqual([title]);
});

test('a change saved as draft on a published FAQ shows in a banner and goes live on Publish', async ({
  page,
  api,
  uid,
}) => {
  const title = uid('Live FAQ');
  const faq = await api.create<Faq>('faqs', { title, description: '<p>Live.</p>' });
  await page.goto(`/faqs/edit/${faq.id}`);
  await page.getByLabel('Question (Title)').fill(`${title} (changed)`);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expectToast(page, 'Draft saved');
  expect(await publicTitles(title)).toEqual([title]);

  await listWithBadge(page, 'Unpublished changes', title);
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(banner(page).getByText('Unpublished changes', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Question (Title)')).toHaveValue(`${title} (changed)`);
  await banner(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expectToast(page, 'Published');
  expect(await publicTitles(title)).toEqual([`${title} (changed)`]);
});

test("'Discard changes' asks first, then the live version is back in the form", async ({ page, api, uid }) => {
  const title = uid('Kept FAQ');
  const faq = await api.create<Faq>('faqs', { title, description: '<p>Live.</p>' });
  const saved = await api.ctx.put(`/api/faqs/${faq.id}/changes`, {
    data: { title: `${title} (pending)`, description: '<p>Pending.</p>' },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(page.getByLabel('Question (Title)')).toHaveValue(`${title} (pending)`);

  await banner(page).getByRole('button', { name: 'Discard changes' }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Question (Title)')).toHaveValue(`${title} (pending)`);

  await banner(page).getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expectToast(page, 'Changes discarded');
  await expect(page.getByLabel('Question (Title)')).toHaveValue(title);
  expect((await api.ctx.get(`/api/faqs/${faq.id}/changes`)).status()).toBe(404);
});

// the accessibility scans have a test of their own: four whole-page scans take seconds each on a busy machine
test('the publishing banner and the schedule dialog have no serious accessibility violations', async ({
  page,
  api,
  uid,
}, testInfo) => {
  const faq = await api.create<Faq>('faqs', {
    title: uid('Scanned FAQ'),
    description: '<p>Soon.</p>',
    status: 'draft',
  });
  await page.goto(`/faqs/edit/${faq.id}`);
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'publishing banner');
  await banner(page).getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('dialog', { name: 'Schedule' }).getByText(ZONE, { exact: true })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'schedule dialog');
});

test('the schedule dialog names the time zone and the banner shows the time in it', async ({ page, api, uid }) => {
  const title = uid('Timed FAQ');
  const faq = await api.create<Faq>('faqs', { title, description: '<p>Soon.</p>', status: 'draft' });
  await page.goto(`/faqs/edit/${faq.id}`);

  await banner(page).getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule' });
  await expect(dialog.getByText(ZONE, { exact: true })).toBeVisible();
  const year = new Date().getFullYear() + 1;
  const publishAt = dialog.getByLabel(`Publish at (${ZONE})`, { exact: true });
  await publishAt.focus();
  await publishAt.fill(`${year}-01-05T09:00`);
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expectToast(page, 'Schedule saved');
  await expect(dialog).toBeHidden();
  await expect(banner(page).getByText(`Scheduled to publish on 5 Jan ${year}, 09:00`, { exact: true })).toBeVisible();

  const record = (await (await api.ctx.get(`/api/faqs/${faq.id}`, { params: { status: 'all' } })).json()) as {
    publish_at: string;
  };
  // Paris is an hour ahead of UTC in January
  expect(new Date(record.publish_at).toISOString()).toBe(`${year}-01-05T08:00:00.000Z`);
  await listWithBadge(page, 'Scheduled', title);
});

test('a viewer sees the badges and the banner, and no publishing control', async ({ page, api, uid }) => {
  const title = uid('Viewer draft');
  const faq = await api.create<Faq>('faqs', { title, description: '<p>Draft.</p>', status: 'draft' });
  const username = usernameOf(uid('viewer'));
  const created = await createUser(api, username, 'viewer');
  await useSession(page, await signInFirstTime(username, created.password));

  await listWithBadge(page, 'Draft', title);
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(banner(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(banner(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
});
