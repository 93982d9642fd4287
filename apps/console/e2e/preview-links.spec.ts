import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { expect, expectToast, test } from './support/fixtures.ts';
import { call, createUser, signInFirstTime, usernameOf } from './support/users.ts';

/**
 * Preview links end with their maker's rights, and an administrator sees and revokes every live one on /users.
 */
test('an administrator sees who made each live preview link and revokes one; a demoted maker’s link is gone', async ({
  page,
  api,
  uid,
}, testInfo) => {
  const makers = [usernameOf(uid('maker')), usernameOf(uid('demoted'))];
  const links: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const username of makers) {
    const created = await createUser(api, username, 'editor');
    ids[username] = created.id;
    const session = await signInFirstTime(username, created.password);
    const token = await call('POST', '/api/preview-tokens', session.token, {});
    expect(token.status).toBe(201);
    links[username] = String(token.body.token);
  }
  const [maker = '', demoted = ''] = makers;
  const reads = async (username: string) => (await call('GET', `/api/faqs?preview=${links[username]}`, null)).status;

  await page.goto('/users');
  const list = page.getByRole('list', { name: 'Live preview links' });
  await expect(list.getByText(`Made by ${maker}`)).toBeVisible();
  await expect(list.getByText(`Made by ${demoted}`)).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the preview links list');

  // demoted to viewer: the link stops reading at once and leaves the list
  const change = await api.ctx.patch(`/api/users/${ids[demoted]}`, { data: { role: 'viewer' } });
  expect(change.status()).toBe(200);
  expect(await reads(demoted)).toBe(401);
  await page.reload();
  await expect(list.getByText(`Made by ${maker}`)).toBeVisible();
  await expect(list.getByText(`Made by ${demoted}`)).toHaveCount(0);

  expect(await reads(maker)).toBe(200);
  await list.getByRole('button', { name: new RegExp(`^Revoke ${maker}'s preview link`) }).click();
  const question = page.getByRole('alertdialog', { name: `Revoke ${maker}'s preview link?` });
  await question.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expectToast(page, 'Preview link revoked');
  await expect(page.getByText(`Made by ${maker}`)).toHaveCount(0);
  expect(await reads(maker)).toBe(401);
});
