import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'simulators',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    // A test fails when a message it caused was outside a service's published contract.
    setupFiles: ['src/contract-check/fail-on-violations.ts'],
  },
});
