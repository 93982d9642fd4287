import { defineConfig, type ReporterDescription } from '@playwright/test';
import { BASE_URL } from './e2e/support/env.ts';

/** Debian's Chromium: browsers are not downloaded (DEVELOPERS.md). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run',
  ],
};
const desktop = { width: 1280, height: 800 };
const mobile = { width: 375, height: 800 };

// CI sums every suite's JSON report into one closing line.
const reportDir = process.env.BURSARY_REPORT_DIR;
const reporter: ReporterDescription[] = [['list']];
if (reportDir) reporter.push(['json', { outputFile: `${reportDir}/playwright.json` }]);

/**
 * One server for the whole run. The projects run one after another (desktop, then mobile, then the
 * dark theme, then the audit-log check) so that the one record of a single-record section is never
 * edited by two projects at once; within a project two workers share the files.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: Number(process.env.E2E_WORKERS || 2),
  reporter,
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: ['**/dashboard-logs.spec.ts'],
      use: { viewport: desktop, colorScheme: 'light' },
    },
    {
      name: 'mobile',
      testIgnore: ['**/dashboard-logs.spec.ts'],
      use: { viewport: mobile, colorScheme: 'light', hasTouch: true },
      dependencies: ['desktop'],
    },
    {
      name: 'desktop-dark',
      testMatch: ['**/screens.spec.ts'],
      use: { viewport: desktop, colorScheme: 'dark' },
      dependencies: ['mobile'],
    },
    {
      name: 'mobile-dark',
      testMatch: ['**/screens.spec.ts'],
      use: { viewport: mobile, colorScheme: 'dark', hasTouch: true },
      dependencies: ['mobile'],
    },
    {
      // alone at the end, so no other test writes a log row between its actions and its check
      name: 'audit-log',
      testMatch: ['**/dashboard-logs.spec.ts'],
      use: { viewport: desktop, colorScheme: 'light' },
      dependencies: ['desktop-dark', 'mobile-dark'],
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
