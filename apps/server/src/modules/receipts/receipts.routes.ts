import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RECEIPT_UPLOAD_MAX_FILES, receiptEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { readUploads } from '../../lib/uploads.js';
import { requireActor } from '../../plugins/auth.js';
import { receiptAddressesOf } from './receipt-address.js';
import { receiptTransactionDetails } from './receipt-details.js';
import { receiptReasons } from './receipt-reasons.js';
import { bulkMatchReceipts, findReceiptMatches, matchReceipt } from './receipt-match.service.js';
import { updateCompanyReceipts, updateInboxReceipts } from './receipt-update.js';
import { uploadReceipts } from './receipt-upload.js';
import { receiptsZip, type ReceiptsZip } from './receipt-zip.js';
import { listCompanyReceipts, listInbox, receiptChoices, receiptCounters, sendReceiptsBack, setReceiptsHidden } from './receipts.service.js';

/** Streams the zip as it is built, as a download. */
const sendZip = (reply: FastifyReply, zip: ReceiptsZip) =>
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="${zip.fileName}"`).send(zip.stream);

/** Receipts, as the contract's route table declares them. */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db, storage, jobs, config } = app.deps;
  const intake = { db, storage, jobs, maxUploadBytes: config.maxUploadBytes };

  // Multipart: the handler reads every file (each within the upload limit) and hands them to the service.
  serveEndpoint(app, e.create, async (r) => uploadReceipts(intake, r.log, r.actor, await readUploads(r, config.maxUploadBytes, RECEIPT_UPLOAD_MAX_FILES)));
  serveEndpoint(app, e.transactionDetails, (r) => receiptTransactionDetails(db, r.actor, r.params.receiptPk));
  serveEndpoint(app, e.reasons, (r) => receiptReasons(db, r.actor, r.params.receiptPk));
  serveEndpoint(app, e.address, (r) => receiptAddressesOf(db, config, r.actor));
  serveEndpoint(app, e.match, (r) => matchReceipt({ db, jobs }, r.actor, r.body));
  serveEndpoint(app, e.bulkMatch, (r) => bulkMatchReceipts({ db, jobs }, r.actor, r.body.matches));
  serveEndpoint(app, e.findMatches, (r) => findReceiptMatches(db, r.actor, r.body.receipt));

  serveEndpoint(app, e.accountantCounters, (r) => receiptCounters(db, r.actor, 'accountant', r.params.pk));
  serveEndpoint(app, e.accountantActive, (r) => listCompanyReceipts(db, r.actor, 'accountant', 'active', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantCompleted, (r) => listCompanyReceipts(db, r.actor, 'accountant', 'completed', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantHidden, (r) => listCompanyReceipts(db, r.actor, 'accountant', 'hidden', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.accountantChoices, (r) => receiptChoices(db, r.actor, r.params.pk));
  serveEndpoint(app, e.accountantZip, async (r, reply) => sendZip(reply, await receiptsZip(db, storage, r.actor, r.params.pk, 'active')));
  serveEndpoint(app, e.accountantCompletedZip, async (r, reply) => sendZip(reply, await receiptsZip(db, storage, r.actor, r.params.pk, 'completed')));
  serveEndpoint(app, e.accountantUpdate, (r) => updateCompanyReceipts(db, jobs, r.actor, 'accountant', r.params.pk, r.body.receipts));
  serveEndpoint(app, e.accountantHide, (r) => setReceiptsHidden(db, r.actor, 'accountant', r.params.pk, r.body.pks, true));
  serveEndpoint(app, e.accountantUnhide, (r) => setReceiptsHidden(db, r.actor, 'accountant', r.params.pk, r.body.pks, false));
  serveEndpoint(app, e.accountantBack, (r) => sendReceiptsBack(db, r.actor, r.params.pk, r.body.pks, r.body.message));
  serveEndpoint(app, e.inbox, (r) => listInbox(db, r.actor, r.query, r.url));
  serveEndpoint(app, e.inboxUpdate, (r) => updateInboxReceipts(db, jobs, r.actor, r.body.receipts));

  serveEndpoint(app, e.clientCounters, (r) => receiptCounters(db, r.actor, 'client', r.params.pk));
  serveEndpoint(app, e.clientActive, (r) => listCompanyReceipts(db, r.actor, 'client', 'active', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.clientCompleted, (r) => listCompanyReceipts(db, r.actor, 'client', 'completed', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.clientHidden, (r) => listCompanyReceipts(db, r.actor, 'client', 'hidden', r.params.pk, r.query, r.url));
  serveEndpoint(app, e.clientUpdate, (r) => updateCompanyReceipts(db, jobs, r.actor, 'client', r.params.pk, r.body.receipts));
  serveEndpoint(app, e.clientHide, (r) => setReceiptsHidden(db, r.actor, 'client', r.params.pk, r.body.pks, true));
  serveEndpoint(app, e.clientUnhide, (r) => setReceiptsHidden(db, r.actor, 'client', r.params.pk, r.body.pks, false));
};
