import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RECEIPT_UPLOAD_MAX_FILES, receiptEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { readUploads } from '../../../lib/uploads.js';
import { requireActor } from '../../../plugins/auth.js';
import { receiptAddressesOf } from './receipt-address.service.js';
import { receiptTransactionDetails } from './receipt-details.service.js';
import { receiptReasons } from './receipt-reasons.service.js';
import { bulkMatchReceipts, findReceiptMatches, matchReceipt } from './receipt-match.service.js';
import { updateCompanyReceipts, updateInboxReceipts } from './receipt-update.service.js';
import { uploadReceipts } from './receipt-upload.service.js';
import { receiptsZip, type ReceiptsZip } from './receipt-zip.service.js';
import { listCompanyReceipts, listInbox, receiptChoices, receiptCounters, sendReceiptsBack, setReceiptsHidden } from './receipts.service.js';

/** Streams the zip as it is built, as a download. */
const sendZip = (reply: FastifyReply, zip: ReceiptsZip) =>
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="${zip.fileName}"`).send(zip.stream);

/** Receipts, as the contract's route table declares them. */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  const { config } = deps;

  // Multipart: the handler reads every file (each within the upload limit) and hands them to the service.
  serveEndpoint(app, e.create, async (r) => uploadReceipts(deps, r.actor, { upload: await readUploads(r, config.maxUploadBytes, RECEIPT_UPLOAD_MAX_FILES), log: r.log }));
  serveEndpoint(app, e.transactionDetails, (r) => receiptTransactionDetails(deps, r.actor, { receiptPk: r.params.receiptPk }));
  serveEndpoint(app, e.reasons, (r) => receiptReasons(deps, r.actor, { receiptPk: r.params.receiptPk }));
  serveEndpoint(app, e.address, (r) => receiptAddressesOf(deps, r.actor, {}));
  serveEndpoint(app, e.match, (r) => matchReceipt(deps, r.actor, r.body));
  serveEndpoint(app, e.bulkMatch, (r) => bulkMatchReceipts(deps, r.actor, { matches: r.body.matches }));
  serveEndpoint(app, e.findMatches, (r) => findReceiptMatches(deps, r.actor, { receiptPk: r.body.receipt }));

  serveEndpoint(app, e.accountantCounters, (r) => receiptCounters(deps, r.actor, { side: 'accountant', companyPk: r.params.pk }));
  serveEndpoint(app, e.accountantActive, (r) =>
    listCompanyReceipts(deps, r.actor, { side: 'accountant', list: 'active', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantCompleted, (r) =>
    listCompanyReceipts(deps, r.actor, { side: 'accountant', list: 'completed', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantHidden, (r) =>
    listCompanyReceipts(deps, r.actor, { side: 'accountant', list: 'hidden', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.accountantChoices, (r) => receiptChoices(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.accountantZip, async (r, reply) => sendZip(reply, await receiptsZip(deps, r.actor, { companyPk: r.params.pk, list: 'active' })));
  serveEndpoint(app, e.accountantCompletedZip, async (r, reply) => sendZip(reply, await receiptsZip(deps, r.actor, { companyPk: r.params.pk, list: 'completed' })));
  serveEndpoint(app, e.accountantUpdate, (r) => updateCompanyReceipts(deps, r.actor, { side: 'accountant', companyPk: r.params.pk, changes: r.body.receipts }));
  serveEndpoint(app, e.accountantHide, (r) => setReceiptsHidden(deps, r.actor, { side: 'accountant', companyPk: r.params.pk, pks: r.body.pks, hidden: true }));
  serveEndpoint(app, e.accountantUnhide, (r) => setReceiptsHidden(deps, r.actor, { side: 'accountant', companyPk: r.params.pk, pks: r.body.pks, hidden: false }));
  serveEndpoint(app, e.accountantBack, (r) => sendReceiptsBack(deps, r.actor, { companyPk: r.params.pk, pks: r.body.pks, message: r.body.message }));
  serveEndpoint(app, e.inbox, (r) => listInbox(deps, r.actor, { query: r.query, url: r.url }));
  serveEndpoint(app, e.inboxUpdate, (r) => updateInboxReceipts(deps, r.actor, { changes: r.body.receipts }));

  serveEndpoint(app, e.clientCounters, (r) => receiptCounters(deps, r.actor, { side: 'client', companyPk: r.params.pk }));
  serveEndpoint(app, e.clientActive, (r) => listCompanyReceipts(deps, r.actor, { side: 'client', list: 'active', companyPk: r.params.pk, query: r.query, url: r.url }));
  serveEndpoint(app, e.clientCompleted, (r) =>
    listCompanyReceipts(deps, r.actor, { side: 'client', list: 'completed', companyPk: r.params.pk, query: r.query, url: r.url }),
  );
  serveEndpoint(app, e.clientHidden, (r) => listCompanyReceipts(deps, r.actor, { side: 'client', list: 'hidden', companyPk: r.params.pk, query: r.query, url: r.url }));
  serveEndpoint(app, e.clientUpdate, (r) => updateCompanyReceipts(deps, r.actor, { side: 'client', companyPk: r.params.pk, changes: r.body.receipts }));
  serveEndpoint(app, e.clientHide, (r) => setReceiptsHidden(deps, r.actor, { side: 'client', companyPk: r.params.pk, pks: r.body.pks, hidden: true }));
  serveEndpoint(app, e.clientUnhide, (r) => setReceiptsHidden(deps, r.actor, { side: 'client', companyPk: r.params.pk, pks: r.body.pks, hidden: false }));
};
