import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database copy, so files can run side by side.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
