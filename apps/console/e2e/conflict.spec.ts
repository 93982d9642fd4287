import { expect, expectToast, test } from './support/fixtures.ts';

/**
 * Two editors change the same record. The second save is refused (412), says why,
 * and the second editor's text stays in the form; reloading then saving keeps their change.
 */
test('two editors: the stale save is refused with a clear message and the text stays on screen', async ({
  page,
  browser,
  api,
  uid,
  context,
  baseURL,
  viewport,
}) => {
  const question = uid('Shared question');
  const faq = await api.create('faqs', { title: question, description: '<p>Shared answer</p>' });
  const other = await browser.newContext({ baseURL, viewport, storageState: await context.storageState() });
  const second = await other.newPage();
  try {
    await page.goto(`/faqs/edit/${faq.id}`);
    await second.goto(`/faqs/edit/${faq.id}`);
    await expect(page.getByLabel('Question (Title)')).toHaveValue(question);
    await expect(second.getByLabel('Question (Title)')).toHaveValue(question);

    const firstText = `${question} – first editor`;
    await page.getByLabel('Question (Title)').fill(firstText);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated successfully');

    const secondText = `${question} – second editor`;
    await second.getByLabel('Question (Title)').fill(secondText);
    const refused = second.waitForResponse(
      (r) => r.url().endsWith(`/api/faqs/${faq.id}`) && r.request().method() === 'PUT',
    );
    await second.getByRole('button', { name: 'Save Changes' }).click();
    expect((await refused).status()).toBe(412);
    const notice = second
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this record while you were editing it.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('Your changes are still in the form.', { exact: false })).toBeVisible();
    await expect(second.getByLabel('Question (Title)')).toHaveValue(secondText);
    await expect(second).toHaveURL(`/faqs/edit/${faq.id}`);
    expect((await api.get<{ title: string }>('faqs', faq.id)).title).toBe(firstText);

    // reload the record: the editor's own change stays, then the save goes through
    await notice.getByRole('button', { name: 'Reload record' }).click();
    await expect(notice).toBeHidden();
    await expect(second.getByLabel('Question (Title)')).toHaveValue(secondText);
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(second, 'Content updated successfully');
    expect((await api.get<{ title: string }>('faqs', faq.id)).title).toBe(secondText);
  } finally {
    await other.close();
  }
});

test('two editors on a message: the stale save is refused there too', async ({
  page,
  browser,
  api,
  uid,
  context,
  baseURL,
  viewport,
}) => {
  const sender = uid('Shared sender');
  const message = await api.create('messages', { sender, recipient: 'Both editors', message: '<p>Hello</p>' });
  const other = await browser.newContext({ baseURL, viewport, storageState: await context.storageState() });
  const second = await other.newPage();
  try {
    await page.goto(`/messages/edit/${message.id}`);
    await second.goto(`/messages/edit/${message.id}`);
    await expect(second.getByLabel('Recipient')).toHaveValue('Both editors');
    await page.getByLabel('Recipient').fill('First editor wins');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Content updated successfully');
    await second.getByLabel('Recipient').fill('Second editor text');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expect(second.getByRole('alert').filter({ hasText: 'Someone else changed this record' })).toBeVisible();
    await expect(second.getByLabel('Recipient')).toHaveValue('Second editor text');
    expect((await api.get<{ recipient: string }>('messages', message.id)).recipient).toBe('First editor wins');
  } finally {
    await other.close();
  }
});
