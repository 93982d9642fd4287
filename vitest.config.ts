import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI asks for a machine-readable report to sum every suite into one closing line.
const reportDir = process.env.BURSARY_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/client', 'apps/server', 'apps/console'],
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]] : ['default'],
    // Vitest's default (one worker fewer than the cores) runs the files one by one on 2 cores, while the
    // server's files spend much of their time waiting on fsync and PostgreSQL: one worker more than the
    // cores keeps them busy (2,088 s → 833 s for `npm test` on 2 cores). Capped so that the PostgreSQL
    // suites' connection pools stay well inside the server's default limit of 100 connections.
    maxWorkers: Math.min(4, availableParallelism() + 1),
  },
});
