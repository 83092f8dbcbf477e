import { z } from 'zod';
import { idParam, isId } from '../ids.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import { storedFile } from '../people.js';
import { attachBody, transaction, transactionPkParams } from '../transactions.js';
import { messages } from '../messages.js';
import { storageUsage } from '../storage-usage.js';

/**
 * A file's bytes, streamed as they are read: documented as binary in OpenAPI;
 * the server sends it as a stream, never through a JSON serializer.
 */
export const binaryAnswer = z.unknown().meta({ type: 'string', format: 'binary' });

/** `?pks=1,2,3`: the selected transactions, at most 1,000. */
export const attachmentsZipQuery = z.object({
  pks: z
    .string({ error: messages.required('Transactions') })
    .regex(/^\d+(,\d+)*$/, { error: messages.notValid('Transactions') })
    .transform((s) => s.split(',').map(Number))
    .refine((a) => a.length <= 1000 && a.every(isId), { error: messages.notValid('Transactions') }),
});

const storage = ['storage'];
const attachments = ['attachments'];

/** Uploaded files (a multipart body the handler reads itself, so no body schema) and a transaction's attachments. */
export const fileEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'storage/file/create/',
    tags: storage,
    summary: 'Upload a file (multipart field `file`, optional `client_company`)',
    responses: { 201: storedFile },
  }),
  retrieve: endpoint({
    method: 'GET',
    path: 'storage/file/retrieve/{pk}/',
    tags: storage,
    summary: 'Download a file the user may see',
    params: pkParams,
    responses: { 200: binaryAnswer },
  }),
  delete: endpoint({ method: 'DELETE', path: 'storage/file/delete/{pk}/', tags: storage, summary: 'Delete a file', params: pkParams, responses: { 204: noContent } }),
  attach: endpoint({
    method: 'POST',
    path: 'accounting/transaction/{transactionPk}/attachments/',
    tags: attachments,
    summary: 'Attach an uploaded file (storage/file/create/ with client_company) to a transaction',
    params: transactionPkParams,
    body: attachBody,
    responses: { 200: transaction },
  }),
  detach: endpoint({
    method: 'DELETE',
    path: 'accounting/transaction/{transactionPk}/attachments/{pk}/',
    tags: attachments,
    summary: 'Remove an attachment',
    params: transactionPkParams.extend({ pk: idParam }),
    responses: { 204: noContent },
  }),
  usage: endpoint({
    method: 'GET',
    path: 'accounting/accountant/firm-settings/storage/',
    tags: ['firm settings'],
    summary: 'How much storage the firm uses and its limit (firm users)',
    responses: { 200: storageUsage },
  }),
  attachmentsZip: endpoint({
    method: 'GET',
    path: 'accounting/accountant/client-company/{pk}/transactions/attachments/zip/',
    tags: attachments,
    summary: 'A zip of the selected transactions’ attachments (?pks=1,2,3), streamed',
    params: pkParams,
    query: attachmentsZipQuery,
    responses: { 200: binaryAnswer },
  }),
};
