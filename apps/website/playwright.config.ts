import { defineConfig, type ReporterDescription } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/demo.ts';

const chromium = { executablePath: CHROMIUM, args: CHROMIUM_FLAGS };

// CI sums every suite's JSON report into one closing line
const reportDir = process.env.BURSARY_REPORT_DIR;
const reporter: ReporterDescription[] = [['list']];
if (reportDir) reporter.push(['json', { outputFile: `${reportDir}/website-e2e.json` }]);

/**
 * The built website in a real browser, at a phone's and a desktop's width, light and dark, with JavaScript on and
 * off, against a real Bursary with the demo's content (e2e/servers.ts starts both for the run).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter,
  globalSetup: './e2e/servers.ts',
  use: {
    baseURL: process.env.WEBSITE_E2E_URL,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    { name: 'phone-light', use: { viewport: { width: 375, height: 812 }, colorScheme: 'light', hasTouch: true } },
    {
      name: 'phone-dark-no-js',
      use: { viewport: { width: 375, height: 812 }, colorScheme: 'dark', javaScriptEnabled: false },
    },
    {
      name: 'desktop-light-no-js',
      use: { viewport: { width: 1280, height: 800 }, colorScheme: 'light', javaScriptEnabled: false },
    },
    { name: 'desktop-dark', use: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
  ],
});
