import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    name: 'website',
    maxWorkers: testWorkers,
    include: ['test/**/*.test.ts'],
    // the tests render the built website, as `npm start` serves it
    globalSetup: ['test/build.ts'],
    // each file starts a real Bursary (a few seconds on a loaded machine)
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
