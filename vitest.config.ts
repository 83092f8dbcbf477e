import { defineConfig } from 'vitest/config';

/** One run for every workspace: the server's API tests in Node, the web's component tests in jsdom. */
export default defineConfig({
  test: {
    projects: ['packages/simulators/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
