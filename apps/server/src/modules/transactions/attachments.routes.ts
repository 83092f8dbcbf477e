import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fileEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { attachFile, attachmentsZip, detachFile, type AttachmentsZip } from './attachments.js';

/** Streams the zip as it is built, as a download named after the company. */
const sendZip = (reply: FastifyReply, zip: AttachmentsZip) =>
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="attachments-${zip.companyPk}.zip"`).send(zip.stream);

/** A transaction's attachments, as the contract's route table declares them. */
export const attachmentRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db, storage } = app.deps;

  serveEndpoint(app, e.attach, (r) => attachFile(db, r.actor, r.params.transactionPk, r.body.file));
  serveEndpoint(app, e.detach, (r) => detachFile(db, r.actor, r.params.transactionPk, r.params.pk));
  serveEndpoint(app, e.attachmentsZip, async (r, reply) => sendZip(reply, await attachmentsZip(db, storage, r.actor, r.params.pk, r.query.pks)));
};
