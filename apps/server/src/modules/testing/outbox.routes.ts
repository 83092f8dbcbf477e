import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

/**
 * For end-to-end tests only, registered only when HERD_E2E_OUTBOX=1: the
 * newest email to an address, so a browser test can follow an invitation or
 * sign-in link the way a person would from their inbox. Never enable it on a
 * real deployment: it hands out sign-in links.
 */
export const testingOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/testing/outbox/',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string().min(1) }),
        response: { 200: z.object({ subject: z.string(), template: z.string(), text: z.string() }) },
      },
    },
    async (request) => {
      const [row] = await app.deps.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, request.query.to.toLowerCase()))
        .orderBy(desc(outbox.pk))
        .limit(1);
      if (!row) throw new NotFoundError();
      return { subject: row.subject, template: row.template, text: row.textBody };
    },
  );
};
