import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './vitest.sequencer.ts';

// CI asks for a machine-readable report to sum every suite into one closing line.
const reportDir = process.env.BURSARY_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/client', 'apps/server', 'apps/console', 'apps/website'],
    sequence: { sequencer: LongFilesFirst },
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]] : ['default'],
  },
});
