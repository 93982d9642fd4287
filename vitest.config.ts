import { defineConfig } from 'vitest/config';

// CI asks for a machine-readable report to sum every suite into one closing line.
const reportDir = process.env.BURSARY_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/client', 'apps/server', 'apps/console'],
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]] : ['default'],
  },
});
