import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfig } from '@herd/contract';

/**
 * Settings the web app reads at start, so one build runs in any deployment:
 * error reporting and the tag manager stay off unless their ids are set.
 */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/generic/client-config/',
    { schema: { tags: ['generic'], summary: 'Runtime settings of the web app', response: { 200: clientConfig } } },
    async () => ({
      sentry_dsn: app.deps.config.sentryDsn,
      gtm_id: app.deps.config.gtmId,
      environment: app.deps.config.environment,
    }),
  );
};
