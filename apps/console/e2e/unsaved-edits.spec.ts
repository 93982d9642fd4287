import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { searchBox } from './support/ui.ts';

/**
 * An edit form with unsaved input asks before it is left (issue 50.2), as the create screens do: through the
 * navigation (the sidebar on desktop, the bottom bar and the menu on a phone) and the browser's back button.
 */
const QUESTION = 'You have unsaved changes. Are you sure you want to leave?';

const answer = (page: Page) => page.getByRole('textbox', { name: 'Answer (Description)' });

/** The questions asked, each answered `accept`. */
function answerQuestions(page: Page, accept: () => boolean): string[] {
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void (accept() ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

test('leaving an edited FAQ through the navigation or the back button asks first, and staying keeps the typing', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const title = uid('Unsaved edit');
  const faq = await api.create<{ id: number }>('faqs', { title, description: '<p>Live.</p>' });
  // opened from the list inside the console, so the back button goes back within it
  await page.goto('/faqs');
  await searchBox(page).fill(title);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await answer(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Typed, not saved.');
  let leave = false;
  const asked = answerQuestions(page, () => leave);
  const dashboardLink = () =>
    isMobile
      ? page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: 'Dashboard' })
      : page.getByRole('complementary').getByRole('link', { name: 'Dashboard', exact: true });

  await dashboardLink().click();
  await expect.poll(() => asked).toEqual([QUESTION]);
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await expect(answer(page)).toHaveText('Typed, not saved.');

  // the browser's back button: a back that is asked about and refused is no navigation for goBack to wait for
  await page.goBack({ timeout: 2_000 }).catch(() => null);
  await expect.poll(() => asked).toEqual([QUESTION, QUESTION]);
  await expect(page).toHaveURL(`/faqs/edit/${faq.id}`);
  await expect(answer(page)).toHaveText('Typed, not saved.');

  leave = true;
  await dashboardLink().click();
  await expect(page).toHaveURL('/dashboard');
  expect(asked).toHaveLength(3);
});

test('an edit form left untouched, or saved, is left without a question', async ({ page, api, uid }) => {
  const faq = await api.create<{ id: number }>('faqs', { title: uid('Untouched edit'), description: '<p>Live.</p>' });
  const asked = answerQuestions(page, () => true);
  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(answer(page)).toHaveText('Live.');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/faqs');
  await page.goto(`/faqs/edit/${faq.id}`);
  await answer(page).click();
  await page.keyboard.type(' More.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/faqs');
  expect(asked).toEqual([]);
});
