import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({ test: { name: 'shared', include: ['test/**/*.test.ts'], maxWorkers: testWorkers } });
