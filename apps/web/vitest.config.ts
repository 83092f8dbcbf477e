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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    isolate: false,
    // antd renders a lot into jsdom; the default 5 s is tight on a busy machine.
    // antd screens in jsdom are slow on a 2-core machine under load; a slow test is not a failing one.
    testTimeout: 60_000,
    // Dates shown as calendar days ("Mar 2, 2026") must not depend on the machine's zone.
    env: { TZ: 'UTC' },
  },
});
