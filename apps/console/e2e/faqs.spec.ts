import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import {
  confirmDelete,
  emptyCollection,
  expectRenderedRichText,
  expectStoredRichText,
  searchAndClear,
  searchBox,
  showView,
  typeRichText,
} from './support/ui.ts';

const faqDeleteText = (title: string) =>
  `Are you sure you want to  delete the FAQ titled "${title}"? This action cannot be undone.`;

test('FAQs: the empty state offers the generic create screen', async ({ page, isMobile }) => {
  await emptyCollection(page, 'faqs');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'FAQs');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  await expect(page.getByText('Manage your FAQs content')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No FAQs Yet' })).toBeVisible();
  await expect(searchBox(page)).toBeDisabled();
  await page.getByRole('link', { name: 'Create First FAQ' }).click();
  await expect(page).toHaveURL('/faqs/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create faqs' })).toBeVisible();
});

test('FAQs: create on the FAQ page, see it in both views, search, edit with rich text, delete', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const question = uid('How do I apply?');
  const answer = uid('Apply online before the deadline');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'FAQs');
  await page.getByRole('link', { name: 'New FAQ' }).click();
  await expect(page).toHaveURL('/create-faq');

  // Both fields are required; submit stays disabled until both hold text
  const submit = page.getByRole('button', { name: 'Create FAQ' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Question (Title)').fill('   ');
  await page.getByLabel('Question (Title)').blur();
  await expect(page.getByText('Question (Title) is required.', { exact: true })).toBeVisible();
  await page.getByLabel('Answer (Description)').focus();
  await page.getByLabel('Answer (Description)').blur();
  await expect(page.getByText('Answer (Description) is required.', { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.getByLabel('Question (Title)').fill(`  ${question}  `);
  await page.getByLabel('Answer (Description)').fill(answer);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectToast(page, 'FAQ created successfully.');
  await expect(page).toHaveURL('/faqs');
  const stored = (await api.list<{ id: number; title: string; description: string }>('faqs', question)).find(
    (f) => f.title === question,
  );
  expect(stored?.description).toBe(answer);

  // grid (the default) and list
  const card = page.getByRole('heading', { name: question, exact: true });
  await expect(card).toBeVisible();
  await showView(page, 'List');
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(answer);
  await showView(page, 'Grid');
  await searchAndClear(page, question, card);

  // edit: the generic edit screen, with rich text in the answer
  await searchBox(page).fill(question);
  await page.getByRole('link', { name: `Edit ${question}` }).click();
  await expect(page).toHaveURL(`/faqs/edit/${stored?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit FAQs', exact: true })).toBeVisible();
  await expect(page.getByLabel('Question (Title)')).toHaveValue(question);
  const edited = `${question} (edited)`;
  await page.getByLabel('Question (Title)').fill(edited);
  const rich = { plain: 'Apply online.', bold: 'Deadline: 31 May', bullets: ['Passport copy', 'Admission letter'] };
  await typeRichText(page, 'Answer (Description)', rich);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/faqs');
  const after = await api.get<{ title: string; description: string }>('faqs', stored?.id ?? 0);
  expect(after.title).toBe(edited);
  expectStoredRichText(after.description, rich);

  await searchBox(page).fill(edited);
  const editedCard = page.getByRole('heading', { name: edited, exact: true });
  await expect(editedCard).toBeVisible();
  await expectRenderedRichText(page.getByRole('main'), rich);

  // delete asks first; Cancel keeps it
  const deleteButton = page.getByRole('button', { name: `Delete ${edited}` });
  await confirmDelete(page, deleteButton, faqDeleteText(edited), false);
  await expect(editedCard).toBeVisible();
  await confirmDelete(page, deleteButton, faqDeleteText(edited), true);
  await expectToast(page, 'FAQ deleted successfully.');
  await expect(editedCard).toBeHidden();
  expect((await api.list<{ title: string }>('faqs', edited)).map((f) => f.title)).not.toContain(edited);
});

test('FAQs: the generic create screen takes rich text and returns to the list', async ({ page, api, uid }) => {
  const question = uid('Who can borrow?');
  await page.goto('/faqs/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create faqs' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expect(page.getByText(/required/i).first()).toBeVisible();
  await page.getByLabel('Question (Title)').fill(question);
  const rich = { plain: 'Any enrolled student.', bold: 'No guarantor needed', bullets: ['Full time', 'Part time'] };
  await typeRichText(page, 'Answer (Description)', rich);
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');
  await expect(page).toHaveURL('/faqs');
  await searchBox(page).fill(question);
  await expect(page.getByRole('heading', { name: question, exact: true })).toBeVisible();
  await expectRenderedRichText(page.getByRole('main'), rich);
  const [stored] = await api.list<{ description: string }>('faqs', question);
  expectStoredRichText(stored?.description, rich);
});

test('FAQs: leaving the FAQ page with unsaved input asks first', async ({ page, uid }) => {
  await page.goto('/faqs');
  await page.getByRole('link', { name: 'New FAQ' }).click();
  await page.getByLabel('Question (Title)').fill(uid('Unsaved question'));
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect.poll(() => questions).toEqual(['You have unsaved changes. Are you sure you want to leave?']);
  await expect(page).toHaveURL('/create-faq');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/faqs');
});
