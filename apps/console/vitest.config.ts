import { defineProject, mergeConfig } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'console',
      maxWorkers: testWorkers,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts', './src/app/test-setup.ts'],
      // One worker runs file after file with the modules it has loaded and compiled: a fresh worker per file
      // re-imports React, the router and every screen and runs them cold, which made each file's first test
      // cost four times the others (1.2 s of CPU against 0.3 s), past the 5-second limit on a busy machine.
      // The set-up files still run for every file and reset what a test leaves (DOM, session, toasts, storage).
      isolate: false,
    },
  }),
);
