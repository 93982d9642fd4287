import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { Api, login, type LoginAnswer } from './api.ts';
import { BASE_URL } from './env.ts';
import { followRequests } from './network-quiet.ts';

interface WorkerFixtures {
  /** One signed-in session per worker, made through POST /api/login. */
  session: LoginAnswer;
  /** Bearer-token API calls for seeding and checks. */
  api: Api;
}

interface TestFixtures {
  /** A name no other test uses: every created record carries one. */
  uid: (label: string) => string;
  /** True on the 375 px projects. */
  isMobile: boolean;
}

let sequence = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  session: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern
    async ({}, use) => {
      await use(await login());
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ session }, use) => {
      const api = await Api.open(session.token);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  // Signed in by default: the session sits in localStorage under 'user' and 'token'.
  storageState: async ({ session }, use) => {
    await use({
      cookies: [],
      origins: [
        {
          origin: BASE_URL,
          localStorage: [
            { name: 'user', value: JSON.stringify(session.user) },
            { name: 'token', value: session.token },
          ],
        },
      ],
    });
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  uid: async ({}, use, testInfo: TestInfo) => {
    const tag = `${testInfo.project.name.slice(0, 1)}${testInfo.workerIndex}`;
    await use((label: string) => {
      sequence += 1;
      return `${label} ${tag}-${Date.now().toString(36)}${sequence}`;
    });
  },
  // followed from the start, so a wait for the network to be quiet knows what is in flight (network-quiet.ts)
  page: async ({ page }, use) => {
    followRequests(page);
    await use(page);
  },
  isMobile: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 768);
  },
});

export { expect };

/** Tests that start signed out. */
export const signedOut = { storageState: { cookies: [], origins: [] } };

/** The toast region; only one toast is shown at a time. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
}

/** Expects a toast with this title (and description), letter for letter. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = toasts(page).filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(toast.getByText(description, { exact: true })).toBeVisible();
}

/** Opens a navigation item: the sidebar on desktop, the sheet on mobile. */
export async function navigate(page: Page, isMobile: boolean, label: string): Promise<void> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: label, exact: true }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByRole('complementary').getByRole('link', { name: label, exact: true }).click();
  }
}
