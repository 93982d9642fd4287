import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/env.ts';
import { expect, expectToast, signedOut, test } from './support/fixtures.ts';

test.describe('sign-in', () => {
  test.use(signedOut);

  test('shows the card, the footer and the validation messages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeVisible();
    await expect(page.getByText('Enter your credentials to access your account')).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} Bursary. All rights reserved.`)).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('placeholder', 'your_username');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required', { exact: true })).toBeHidden();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a wrong password shows the failure toast with the server text and keeps the visitor signed out', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill('not the right password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const { error } = (await response.json()) as { error: string };
    expect(error).toBeTruthy();
    await expectToast(page, 'Login failed', error);
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
  });

  test('success shows the welcome toast, stores the session and goes to the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login successful', `Welcome back, ${ADMIN_USERNAME}!`);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Welcome to your Bursary CMS dashboard')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
  });

  test('the guard sends a signed-out visitor to / and replaces the history entry', async ({ page }) => {
    await page.goto('/faqs');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
    await page.goto('/settings');
    await expect(page).toHaveURL('/');
  });

  test('the 404 page offers a way home', async ({ page }) => {
    await page.goto('/no-such-page/anywhere');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('an authenticated visit to / goes on to the dashboard', async ({ page, session }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: `Hello ${session.user.name}` })).toBeVisible();
  });

  test('the 404 page shows for a signed-in editor too', async ({ page }) => {
    await page.goto('/definitely-not-a-route/x/y');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});

test.describe('logout', () => {
  test.use(signedOut);

  test('ends the session with the toast and returns to /', async ({ page, isMobile }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));

    if (isMobile) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    } else {
      await page.getByRole('button', { name: 'Logout' }).click();
    }
    await expectToast(page, 'Logged out', 'You have been successfully logged out.');
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);

    // the token is revoked on the server, not only forgotten by the browser
    const logs = await page.request.get('/api/logs', { headers: { authorization: `Bearer ${token}` } });
    expect(logs.status()).toBe(401);

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/');
  });
});
