import { z } from 'zod';
import { endpoint, pkParams } from '../endpoint.js';
import { csvImportResult } from '../transactions.js';

export const refListImportResult = z.object({ imported: z.number(), updated: z.number(), errors: z.array(z.object({ row: z.number(), message: z.string() })) });
export type RefListImportResult = z.infer<typeof refListImportResult>;

/** Imports from CSV files: multipart bodies (field `file`, and `list` for reference lists) the handler reads itself, so no body schema. */
export const importEndpoints = {
  bankCsv: endpoint({
    method: 'POST',
    path: 'accounting/accountant/client-company/{pk}/transactions/import-csv/',
    tags: ['transactions (accountant)'],
    summary: 'Import a bank CSV (multipart `file`): date, description, amount or debit/credit, optional payee/account/reference',
    params: pkParams,
    responses: { 200: csvImportResult },
  }),
  refList: endpoint({
    method: 'POST',
    path: 'accounting/accountant/client-company/{pk}/reference-lists/import-csv/',
    tags: ['selects'],
    summary: 'Import a reference list from CSV (multipart `file` and `list`: ACCOUNT, VENDOR, CUSTOMER, CLASS, LOCATION, TAX, ITEM, PAYMENT_METHOD)',
    params: pkParams,
    responses: { 200: refListImportResult },
  }),
};
