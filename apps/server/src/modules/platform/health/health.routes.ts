import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@herd/contract';
import { z } from 'zod';

/** For load balancers: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/healthcheck/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponse, 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
      },
    },
    async (request, reply) => {
      try {
        await app.deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'healthcheck: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'unreachable' });
      }
    },
  );
};
