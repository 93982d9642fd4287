import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    name: 'client',
    maxWorkers: testWorkers,
    include: ['test/**/*.test.ts'],
    // each file starts a real server (start-up is a few seconds on a loaded machine)
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
