import { defineConfig, type ReporterDescription } from '@playwright/test';
import { BASE_URL } from './e2e/support/env.ts';

/** Debian's Chromium (the CI installs it with apt-get): Playwright's browsers are not downloaded. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
const desktop = { width: 1280, height: 800 };
const mobile = { width: 375, height: 800 };
/**
 * Tests that add a second language: with two languages every edit screen shows the 'Language' switcher and lists
 * badge missing languages, so they run in stages of their own, one test at a time, and never beside another test:
 * first, on the data the server starts with, as each was written against.
 */
const languageSpecs = [/languages\.spec\.ts$/, /french-everywhere\.spec\.ts$/, /language-edits\.spec\.ts$/];
const functionalIgnore = [/screens\.spec\.ts$/, /dashboard-logs\.spec\.ts$/, /security\//, ...languageSpecs];
/** Specs that set both widths themselves: the desktop project runs them, and the mobile one would repeat them. */
const bothWidthsSpecs = [/users-layout\.spec\.ts$/, /pinned-list-columns\.spec\.ts$/];

// CI sums every suite's JSON report into one closing line; each stage of `npm run test:e2e` writes its own.
const reportDir = process.env.BURSARY_REPORT_DIR;
const reporter: ReporterDescription[] = [['list']];
if (reportDir)
  reporter.push(['json', { outputFile: `${reportDir}/${process.env.E2E_REPORT_NAME || 'playwright'}.json` }]);

/**
 * One server for the whole run. The projects run one after another (desktop, then mobile, then the
 * screen tour, then the audit-log check) so that the one record of a single-record section is never
 * edited by two projects at once; within a project two workers share the files. `npm run test:e2e`
 * (e2e/support/run-in-stages.ts) runs them stage by stage in the order of their dependencies, so that a
 * failure does not skip the later projects as Playwright's own dependencies do; it starts the server itself.
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
    colorScheme: 'light',
    // traces on demand (--trace on); the worker's seeding API context and tracing do not mix well
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'languages-desktop',
      testMatch: languageSpecs,
      workers: 1,
      use: { viewport: desktop },
    },
    {
      name: 'languages-mobile',
      testMatch: languageSpecs,
      workers: 1,
      use: { viewport: mobile, hasTouch: true },
      dependencies: ['languages-desktop'],
    },
    {
      name: 'desktop',
      testIgnore: functionalIgnore,
      use: { viewport: desktop },
      dependencies: ['languages-mobile'],
    },
    {
      name: 'mobile',
      testIgnore: [...functionalIgnore, ...bothWidthsSpecs],
      use: { viewport: mobile, hasTouch: true },
      dependencies: ['desktop'],
    },
    { name: 'seed', testMatch: /seed\.setup\.ts$/, dependencies: ['mobile'] },
    // every route in the light and the dark theme, with axe-core (the theme switches inside each test)
    { name: 'screens-desktop', testMatch: /screens\.spec\.ts$/, use: { viewport: desktop }, dependencies: ['seed'] },
    {
      name: 'screens-mobile',
      testMatch: /screens\.spec\.ts$/,
      use: { viewport: mobile, hasTouch: true },
      dependencies: ['seed'],
    },
    // alone at the end, so no other test writes a log row between its actions and its check
    {
      name: 'audit-log',
      testMatch: /dashboard-logs\.spec\.ts$/,
      use: { viewport: desktop },
      dependencies: ['screens-desktop', 'screens-mobile'],
    },
    // stored XSS and SVG checks write hostile content into every section, so they run last
    { name: 'security', testMatch: /security\/.*\.spec\.ts$/, use: { viewport: desktop }, dependencies: ['audit-log'] },
  ],
  webServer: process.env.E2E_SERVER_STARTED
    ? undefined
    : {
        command: 'node e2e/support/start-server.ts',
        url: `${BASE_URL}/api/health`,
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
