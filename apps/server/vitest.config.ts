import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // closes the test apps each file built (test/helper.ts)
    setupFiles: ['test/setup.ts'],
    // each file builds real apps on real databases; PostgreSQL suites add round trips
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
