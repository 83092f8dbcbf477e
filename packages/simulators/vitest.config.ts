import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'simulators',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
