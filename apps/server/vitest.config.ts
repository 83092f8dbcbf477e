import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    // The benchmark's own client (its sign-in) is tested against the real app here too.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../bench/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A test fails when a message it caused was outside a service's published contract.
    setupFiles: ['../../packages/simulators/src/contract-check/fail-on-violations.ts'],
    // Each worker has a database of its own, put back to the template's state between its files, so
    // files can run side by side.
    pool: 'forks',
    // A worker imports the server once and runs its files one after the other, instead of
    // importing it again for every file (that import was a third of the CPU of a run). Nothing
    // a file changes outlives it: each gets the template's state and its own app, no server module keeps
    // state between apps beyond caches, and no test mocks a module or changes the environment.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
