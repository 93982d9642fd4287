import { Secret, TOTP } from 'otpauth';
import type { CreatedUserResponse } from '@bursary/shared';
import type { Page } from '@playwright/test';
import { expect, expectToast, navigate, signedOut, test } from './support/fixtures.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/env.ts';
import { expectNoSeriousViolationsInBothThemes } from './support/axe.ts';

/**
 * An administrator adds an editor; the editor signs in with the temporary
 * password, chooses a new one, turns on two-factor sign-in and signs in again with a code from the
 * app and with a recovery code.
 */
test.use({ ...signedOut, permissions: ['clipboard-read', 'clipboard-write'] });

const NEW_PASSWORD = 'a fresh e2e passphrase 2026';

async function submitPassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logout(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page).toHaveURL('/');
}

test('a new editor sets a password, turns on two-factor sign-in and signs in with codes', async ({
  page,
  uid,
  isMobile,
}, testInfo) => {
  // three sign-ins, a set-up and axe on four screens in two themes
  test.slow();
  const username = uid('editor').replace(/\s+/g, '-');

  // an administrator (the suite's first user) adds the editor on the Users page, then signs out
  await submitPassword(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await navigate(page, isMobile, 'Users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const panel = page.getByRole('dialog', { name: 'Add user' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByRole('textbox', { name: 'Name', exact: true }).fill('Eda Editor');
  await panel.getByRole('combobox', { name: 'Role' }).selectOption('editor');
  await panel.getByRole('button', { name: 'Add user' }).click();
  const shown = page.getByRole('alertdialog', { name: `Temporary password for "${username}"` });
  const temporary = await shown.getByLabel('Temporary password').inputValue();
  expect(temporary).not.toBe('');
  await shown.getByRole('button', { name: 'Done' }).click();
  await logout(page, isMobile);

  // first sign-in: the temporary password leads to 'Choose a new password', not the dashboard
  await submitPassword(page, username, temporary);
  await expect(page).toHaveURL('/account/setup');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'choose a new password');
  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password changed', 'Password changed. Your other sessions have been signed out.');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello Eda Editor' })).toBeVisible();

  // Account, from the sidebar footer (the sheet on mobile): set up two-factor sign-in
  await navigate(page, isMobile, 'Account');
  await expect(page).toHaveURL('/account');
  const thisDevice = page
    .getByRole('list', { name: 'Signed-in devices' })
    .getByRole('listitem')
    .filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByText(/^Chrome on /)).toBeVisible();
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Bursary to your authenticator app' })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'two-factor set-up');
  const key = (await page.getByRole('definition').innerText()).replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'recovery codes');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Recovery codes copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes.join('\n'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('bursary-recovery-codes.txt');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await logout(page, isMobile);

  // signing in now asks for a code on the same card: first a recovery code
  await submitPassword(page, username, NEW_PASSWORD);
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeVisible();
  await expectNoSeriousViolationsInBothThemes(page, testInfo, 'sign-in code step');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
  await expect(page).toHaveURL('/dashboard');
  await logout(page, isMobile);

  // then a code from the app: the server takes one step either side, and a step once, so the next one is fresh
  await submitPassword(page, username, NEW_PASSWORD);
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Hello Eda Editor' })).toBeVisible();
});

test('a used recovery code is refused and the code step says so', async ({ page, api, uid }) => {
  const username = uid('coder').replace(/\s+/g, '-');
  const created = await api.ctx.post('/api/users', { data: { username, name: 'Cody', role: 'viewer' } });
  const { temporary_password: temporary } = (await created.json()) as CreatedUserResponse;
  // the account is finished through the API, as the first test does it through the screens
  const signIn = await api.ctx.post('/api/login', { data: { username, password: temporary } });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  expect(
    (
      await api.ctx.put('/api/me/password', {
        headers: auth,
        data: { current_password: temporary, new_password: NEW_PASSWORD },
      })
    ).status(),
  ).toBe(200);
  const { secret } = (await (await api.ctx.post('/api/me/totp', { headers: auth })).json()) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const confirm = await api.ctx.put('/api/me/totp', { headers: auth, data: { code: totp.generate() } });
  const { recovery_codes: codes } = (await confirm.json()) as { recovery_codes: string[] };
  const challenge = await api.ctx.post('/api/login', { data: { username, password: NEW_PASSWORD } });
  const { mfa_token: mfaToken } = (await challenge.json()) as { mfa_token: string };
  expect((await api.ctx.post('/api/login/totp', { data: { mfa_token: mfaToken, code: codes[0] } })).status()).toBe(200);

  await submitPassword(page, username, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login failed', 'The code is not correct');
  await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/');
});
