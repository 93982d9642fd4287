import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    // each file starts a real server (start-up is a few seconds on a loaded machine)
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
