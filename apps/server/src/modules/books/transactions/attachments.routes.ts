import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fileEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { attachFile, attachmentsZip, detachFile, type AttachmentsZip } from './attachments.service.js';

/** Streams the zip as it is built, as a download named after the company. */
const sendZip = (reply: FastifyReply, zip: AttachmentsZip) =>
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="attachments-${zip.companyPk}.zip"`).send(zip.stream);

/** A transaction's attachments, as the contract's route table declares them. */
export const attachmentRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, e.attach, (r) => attachFile(deps, r.actor, { transactionPk: r.params.transactionPk, filePk: r.body.file }));
  serveEndpoint(app, e.detach, (r) => detachFile(deps, r.actor, { transactionPk: r.params.transactionPk, attachmentPk: r.params.pk }));
  serveEndpoint(app, e.attachmentsZip, async (r, reply) => sendZip(reply, await attachmentsZip(deps, r.actor, { companyPk: r.params.pk, pks: r.query.pks })));
};
