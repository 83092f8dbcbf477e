import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One run for every workspace: the server's API tests in Node, the web's component tests in jsdom. */
export default defineConfig({
  test: {
    projects: ['packages/simulators/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
    // Vitest keeps one core for itself by default, which on a two-core machine means one worker.
    // Its own process mostly waits, so a worker per core runs the files side by side: the web's
    // component tests took 388 s with one worker and 225 s with two on such a machine.
    maxWorkers: availableParallelism(),
  },
});
