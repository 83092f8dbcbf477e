import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvImportResult } from '@herd/contract';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import { readUpload } from '../../lib/uploads.js';
import { requireActor } from '../../plugins/auth.js';

import { importBankCsv } from './csv-import.service.js';
import { IMPORTABLE_LISTS, importRefList } from './ref-lists-import.service.js';
import { companyAccess } from '../access/company-access.js';

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
      const scope = await companyAccess(db, request.actor, request.params.pk, 'accountant');
      const { bytes } = await readUpload(request, app.deps.config.maxUploadBytes);
      return importBankCsv(db, scope, bytes.toString('utf8'));
    },
  );
  app.post(
    '/accounting/accountant/client-company/:pk/reference-lists/import-csv/',
    {
      schema: {
        tags: ['selects'],
        summary: 'Import a reference list from CSV (multipart `file` and `list`: ACCOUNT, VENDOR, CUSTOMER, CLASS, LOCATION, TAX, ITEM, PAYMENT_METHOD)',
        consumes: ['multipart/form-data'],
        params: z.object({ pk: z.coerce.number().int().positive() }),
        response: { 200: z.object({ imported: z.number(), updated: z.number(), errors: z.array(z.object({ row: z.number(), message: z.string() })) }) },
      },
    },
    async (request) => {
      const scope = await companyAccess(db, request.actor, request.params.pk, 'accountant');
      const { bytes, fields } = await readUpload(request, app.deps.config.maxUploadBytes);
      const list = IMPORTABLE_LISTS.find((l) => l === fields.list);
      if (!list) throw ValidationError.field('list', fields.list ? 'List is not valid.' : 'List is required.');
      return importRefList(db, scope, list, bytes.toString('utf8'));
    },
  );
};
