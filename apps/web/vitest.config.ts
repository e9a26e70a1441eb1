import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component and unit tests of the web shell, in jsdom. `npx vitest run --project web` from the root.
export default defineProject({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  resolve: {
    alias: [
      { find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' },
      // Tests load 'antd' as Node resolves it, its CommonJS build: a module of its ES build imported by path
      // (the shell's lazy App context, components/feedback) is taken from the same build, or its React context
      // would be another one than `App.useApp()` reads.
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
    ],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    // antd's icons pre-bundled once per run (Vite's optimizer) instead of ~800 small modules loaded in each
    // file's fresh worker: about a quarter of a screen test file's import time. Only the icons: they hold no
    // state another package shares (antd, dayjs and ECharts bundled this way were loaded twice, once as an entry
    // and once as a chunk, and dayjs's Russian locale went to the other copy). Read from their ES build: the
    // CommonJS entry's re-exports are invisible to the bundler.
    deps: { optimizer: { client: { enabled: true, include: ['@ant-design/icons/es'] } } },
  },
});
