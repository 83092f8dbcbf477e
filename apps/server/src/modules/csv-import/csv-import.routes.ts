import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvImportResult } from '@herd/contract';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import { requireActor } from '../../plugins/auth.js';
import { accountantTxScope } from '../transactions/transactions.scope.js';
import { importBankCsv } from './csv-import.service.js';

export const csvImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  app.post(
    '/accounting/accountant/client-company/:pk/transactions/import-csv/',
    {
      schema: {
        tags: ['transactions (accountant)'],
        summary: 'Import a bank CSV (multipart `file`): date, description, amount or debit/credit, optional payee/account/reference',
        consumes: ['multipart/form-data'],
        params: z.object({ pk: z.coerce.number().int().positive() }),
        response: { 200: csvImportResult },
      },
    },
    async (request) => {
      const scope = await accountantTxScope(db, request.actor, request.params.pk);
      const { bytes } = await readUpload(request, app.deps.config.maxUploadBytes);
      return importBankCsv(db, scope, bytes.toString('utf8'));
    },
  );
};
