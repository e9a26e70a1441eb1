import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component and unit tests of the web shell, in jsdom. `npx vitest run --project web` from the root.
export default defineProject({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
