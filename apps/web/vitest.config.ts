import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { buildDefines } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  define: buildDefines(),
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'src-sw/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // Files share one module cache per worker: antd, React and the app are loaded once, not once per
    // file (most of the CPU of a run of small files). Each test still gets a fresh DOM, query client and fake API
    // (test/setup.ts cleans up); a module a test must mock is mocked in test/setup.ts.
    isolate: false,
    // antd renders a lot into jsdom; the default 5 s is tight on a busy machine.
    // antd screens in jsdom are slow on a 2-core machine under load; a slow test is not a failing one.
    testTimeout: 60_000,
    // Dates shown as calendar days ("Mar 2, 2026") must not depend on the machine's zone.
    env: { TZ: 'UTC' },
  },
});
