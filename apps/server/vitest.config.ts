import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    name: 'server',
    maxWorkers: testWorkers,
    include: ['test/**/*.test.ts'],
    // closes the test apps each file built (test/helper.ts)
    setupFiles: ['test/setup.ts'],
    // migrates one SQLite file that every test app starts from as a copy
    globalSetup: ['test/sqlite-template.ts'],
    // cheap password hashes for the apps the tests build; auth-password and sign-in-flood turn the real cost back on
    env: { BURSARY_CHEAP_TEST_HASHES: 'true' },
    // each file builds real apps on real databases; PostgreSQL suites add round trips
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
