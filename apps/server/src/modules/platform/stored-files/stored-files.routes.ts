import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fileEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { readUpload } from '../../../lib/uploads.js';
import { requireActor } from '../../../plugins/auth.js';
import { getStorageUsage } from './storage-quota.service.js';
import { deleteFile, openFile, storeUpload, type OpenedFile } from './stored-files.service.js';

/** Browsers may show these in place; anything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/** Streams the file with the headers a browser needs to show or save it under its own name. */
const sendFile = (reply: FastifyReply, { row, stream }: OpenedFile) => {
  const disposition = INLINE.test(row.contentType) ? 'inline' : 'attachment';
  // A header value must be plain ASCII; the exact name travels in filename* (RFC 6266).
  const asciiName = row.name.replace(/[^\x20-\x7e]/g, '_');
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', String(row.size))
    .header('Content-Disposition', `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600')
    .send(stream);
};

/** Uploaded files, as the contract's route table declares them. */
export const storageRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { config } = deps;
  app.addHook('preHandler', requireActor);

  // Multipart: the handler reads the file (within the upload limit) and hands it to the service.
  serveEndpoint(app, e.create, async (r) => storeUpload(deps, r.actor, await readUpload(r, config.maxUploadBytes)));
  serveEndpoint(app, e.retrieve, async (r, reply) => sendFile(reply, await openFile(deps, r.actor, { filePk: r.params.pk })));
  serveEndpoint(app, e.delete, (r) => deleteFile(deps, r.actor, { filePk: r.params.pk }));
  serveEndpoint(app, e.usage, (r) => getStorageUsage(deps, r.actor, {}));
};
