import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';
import { expect, expectToast, test } from './support/fixtures.ts';
import { networkQuiet } from './support/network-quiet.ts';
import { call, createUser, signInFirstTime, usernameOf, useSession } from './support/users.ts';

/**
 * In the browser: an administrator manages users on /users; a viewer sees no write
 * control and the server refuses its writes; an editor sees the placeholder sentence.
 */
const PLACEHOLDER = 'User administration is currently handled elsewhere or not yet implemented in this interface.';

/** A user's row (desktop) or card (375 px) on /users. */
const entryOf = (page: Page, isMobile: boolean, username: string) =>
  (isMobile ? page.getByRole('listitem') : page.getByRole('row')).filter({
    has: page.getByText(username, { exact: true }),
  });

/** Chooses `item` from the user's Actions menu. */
async function choose(page: Page, username: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${username}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function confirm(page: Page, title: string, label: string) {
  const question = page.getByRole('alertdialog', { name: title });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: label, exact: true }).click();
  await expect(question).toBeHidden();
}

test('an administrator adds an editor and is shown the temporary password once, with Copy', async ({
  page,
  context,
  isMobile,
  uid,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const username = usernameOf(uid('ed'));
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  await expect(entryOf(page, isMobile, 'e2e-editor')).toContainText('Administrator');

  await page.getByRole('button', { name: 'Add user' }).click();
  const panel = page.getByRole('dialog', { name: 'Add user' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('Ed Itor');
  await panel.getByLabel('Email').fill(`${username}@example.org`);
  await panel.getByRole('combobox', { name: 'Role' }).selectOption('editor');
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the add user panel');
  await panel.getByRole('button', { name: 'Add user' }).click();

  const shown = page.getByRole('alertdialog', { name: `Temporary password for "${username}"` });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('it is shown only now');
  const field = shown.getByLabel('Temporary password');
  const password = await field.inputValue();
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied to the clipboard.');
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the temporary password');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(password)).toHaveCount(0);

  const entry = entryOf(page, isMobile, username);
  await expect(entry).toContainText('Editor');
  await expect(entry).toContainText('Active');
  await expect(entry).toContainText('Never');
  // the password shown is the one the server keeps: the new editor signs in with it
  const login = await call('POST', '/api/login', null, { username, password });
  expect(login.status).toBe(200);
  expect(login.body.user).toMatchObject({ role: 'editor', must_change_password: true });
});

test('an administrator resets a password, then disables and enables the user', async ({
  page,
  api,
  isMobile,
  uid,
}, testInfo) => {
  const username = usernameOf(uid('reset'));
  const created = await createUser(api, username, 'viewer');
  const first = await signInFirstTime(username, created.password);

  await page.goto('/users');
  await page.getByRole('button', { name: `Actions for ${username}`, exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the actions menu');
  await page.keyboard.press('Escape');
  await choose(page, username, 'Reset password…');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the reset question');
  await confirm(page, `Reset the password of "${username}"?`, 'Reset password');
  const shown = page.getByRole('alertdialog', { name: `Temporary password for "${username}"` });
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  const password = await shown.getByLabel('Temporary password').inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expectToast(page, 'Password reset');
  // the reset ended the user's session and the new temporary password signs in
  expect((await call('GET', '/api/me', first.token)).status).toBe(401);
  const second = await signInFirstTime(username, password);

  await choose(page, username, 'Disable…');
  await confirm(page, `Disable "${username}"?`, 'Disable');
  await expectToast(page, `"${username}" is disabled`);
  await expect(entryOf(page, isMobile, username)).toContainText('Disabled');
  expect((await call('GET', '/api/me', second.token)).status).toBe(401);

  await choose(page, username, 'Enable');
  await expectToast(page, `"${username}" is enabled`);
  await expect(entryOf(page, isMobile, username)).toContainText('Active');
  // enabled again, the user signs in with the password they chose
  expect((await call('POST', '/api/login', null, { username, password: `${password} now mine 2026` })).status).toBe(
    200,
  );
});

test('a viewer sees no create, edit, delete or save control, and the API refuses its writes', async ({
  page,
  api,
  uid,
}, testInfo) => {
  const title = uid('Viewer FAQ');
  const faq = await api.create('faqs', { title, description: '<p>Read, not written.</p>' });
  const username = usernameOf(uid('viewer'));
  const created = await createUser(api, username, 'viewer');
  const viewer = await signInFirstTime(username, created.password);
  expect(viewer.user.role).toBe('viewer');
  await useSession(page, viewer);

  const writeControls = page
    .getByRole('main')
    .getByRole('link', { name: /^(New|Create|Edit|Setup)\b/ })
    .or(page.getByRole('main').getByRole('button', { name: /^(Edit|Delete|Save|Add)\b/ }));

  await page.goto('/faqs');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(writeControls).toHaveCount(0);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();
  await expect(writeControls).toHaveCount(0);

  // a single-record section with its sub-items, read and never offered for change
  const stepsRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/steps');
  await page.goto('/steps');
  await stepsRead;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await networkQuiet(page);
  await expect(writeControls).toHaveCount(0);

  await page.goto(`/faqs/edit/${faq.id}`);
  await expect(page.getByText('You can view this but not change it.')).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(writeControls).toHaveCount(0);
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'a record read-only');

  await page.goto('/create-faq');
  await expect(page.getByText(/^Your role cannot create content here/)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'the create notice');

  const refused = await call('POST', '/api/faqs', viewer.token, {
    title: `${title} (viewer)`,
    description: '<p>No.</p>',
  });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toEqual(expect.any(String));
  expect((await api.list<{ title: string }>('faqs', `${title} (viewer)`)).length).toBe(0);
});

test('an editor sees the placeholder sentence on /users, and the API keeps users to administrators', async ({
  page,
  api,
  uid,
}) => {
  const username = usernameOf(uid('editor'));
  const created = await createUser(api, username, 'editor');
  const editor = await signInFirstTime(username, created.password);
  await useSession(page, editor);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(PLACEHOLDER, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  expect((await call('GET', '/api/users', editor.token)).status).toBe(403);
});
