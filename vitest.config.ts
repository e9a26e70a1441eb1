import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Each workspace is a project with its own environment. `npm test` runs two of these side by side: the browser
// tests (one file at a time, mostly waiting on Chromium and the server) beside every other project, which
// fill the cores; one after the other they took 12 of CI's 20 minutes.
// CI asks for a JSON report of each run in TEST_REPORT_DIR, named after the npm script that ran it.
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = (process.env.npm_lifecycle_event ?? 'vitest').replace(/[^\w-]/g, '-');

export default defineConfig({
  test: {
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which left the second
    // core idle while the files waited on PostgreSQL and Chromium. The browser tests still run one at a time.
    maxWorkers: 2,
    projects: [
      // The packages: the contracts and the sellers' API client.
      { test: { name: 'contracts', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app on its own database, and no server test mocks a module, so the files of
          // a worker share one module graph: importing the whole server once per file was 4–5 s each.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
