import { defineProject } from 'vitest/config';

// Browser tests against the real server with demo data (see global-setup.ts). One file at a time:
// the machine is small and every file drives its own Chromium.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
