import { idParam } from '../ids.js';
import { endpoint, pkParams } from '../endpoint.js';
import { csvExportBatch, csvExportBody, csvExportListQuery, csvExportPage, csvExportPreview, csvExportPreviewQuery } from '../csv-exports.js';
import { binaryAnswer } from './files.js';

const EXPORTS = 'accounting/accountant/client-company/{pk}/csv-exports';
const tags = ['csv export'];
export const csvExportParams = pkParams.extend({ batchPk: idParam });

/** A CSV company's published answers leaving Herd as CSV files, each export kept as a batch that can be downloaded again. */
export const csvExportEndpoints = {
  preview: endpoint({
    method: 'GET',
    path: `${EXPORTS}/preview/`,
    tags,
    summary: 'How many transactions and lines an export with these filters would hold',
    params: pkParams,
    query: csvExportPreviewQuery,
    responses: { 200: csvExportPreview },
  }),
  create: endpoint({
    method: 'POST',
    path: `${EXPORTS}/create/`,
    tags,
    summary: 'Export published transactions (by default only those no export carried yet) as a new batch',
    params: pkParams,
    body: csvExportBody,
    responses: { 201: csvExportBatch },
    idempotent: true,
    // A firm whose subscription lapsed may still take its answers out; an export records what it carried and changes nothing else.
    whileReadOnly: true,
  }),
  list: endpoint({
    method: 'GET',
    path: `${EXPORTS}/list/`,
    tags,
    summary: 'Past exports, newest first',
    params: pkParams,
    query: csvExportListQuery,
    responses: { 200: csvExportPage },
  }),
  download: endpoint({
    method: 'GET',
    path: `${EXPORTS}/{batchPk}/download/`,
    tags,
    summary: 'The file of a past export, exactly as first sent (text/csv)',
    params: csvExportParams,
    responses: { 200: binaryAnswer },
  }),
};
