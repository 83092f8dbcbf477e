import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachBody, transaction, transactionPkParams } from '@herd/contract';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import { attachFile, attachmentsZip, detachFile } from './attachments.js';
import { companyAccess } from '../access/company-access.js';

const tags = ['attachments'];

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db, storage } = app.deps;

  app.post(
    '/accounting/transaction/:transactionPk/attachments/',
    { schema: { tags, summary: 'Attach an uploaded file (storage/file/create/ with client_company) to a transaction', params: transactionPkParams, body: attachBody, response: { 200: transaction } } },
    async (request) => attachFile(db, request.actor, request.params.transactionPk, request.body.file),
  );
  app.delete(
    '/accounting/transaction/:transactionPk/attachments/:pk/',
    { schema: { tags, summary: 'Remove an attachment', params: transactionPkParams.extend({ pk: z.coerce.number().int().positive() }), response: { 204: z.null() } } },
    async (request, reply) => {
      await detachFile(db, request.actor, request.params.transactionPk, request.params.pk);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/accounting/accountant/client-company/:pk/transactions/attachments/zip/',
    {
      schema: {
        tags,
        summary: 'A zip of the selected transactions’ attachments (?pks=1,2,3), streamed',
        params: z.object({ pk: z.coerce.number().int().positive() }),
        querystring: z.object({
          pks: z
            .string({ error: 'Transactions is required.' })
            .regex(/^\d+(,\d+)*$/, { error: 'Transactions is not valid.' })
            .transform((s) => s.split(',').map(Number))
            .refine((a) => a.length <= 1000, { error: 'Transactions is not valid.' }),
        }),
      },
    },
    async (request, reply) => {
      const scope = await companyAccess(db, request.actor, request.params.pk, 'accountant');
      const stream = await attachmentsZip(db, storage, scope, request.query.pks);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="attachments-${scope.company.pk}.zip"`)
        .send(stream);
    },
  );
};
