import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DOCUMENT_UPLOAD_MAX_FILES, documentEndpoints, documentTrashEndpoints, type DocumentEndpoints } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { readUploadsEach } from '../../../lib/uploads.js';
import { requireActor } from '../../../plugins/auth.js';
import type { Side } from '../../../kernel/company-access.js';
import { listDocumentTrash, restoreFromTrash } from './document-trash.service.js';
import { openDocument, zipDocuments, type OpenedDocument } from './document-files.service.js';
import { uploadDocuments } from './document-upload.service.js';
import { createFolder, deleteDocuments, listDocuments, listFolderChoices, moveDocuments, restoreDocuments, updateDocumentItem } from './documents.service.js';

/** Browsers may show these in place when asked to (`?inline=1`); anything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

const disposition = (kind: 'inline' | 'attachment', name: string) =>
  // A header value must be plain ASCII; the exact name travels in filename* (RFC 6266).
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const sendDocument = (reply: FastifyReply, file: OpenedDocument) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', disposition(file.inline && INLINE.test(file.contentType) ? 'inline' : 'attachment', file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600')
    .send(file.stream);

const sendZip = (reply: FastifyReply, zip: { fileName: string; stream: NodeJS.ReadableStream }) =>
  reply.header('Content-Type', 'application/zip').header('Content-Disposition', disposition('attachment', zip.fileName)).send(zip.stream);

/** One side's documents routes: the same services, told which side asks. */
const sideRoutes =
  (e: DocumentEndpoints, side: Side): FastifyPluginAsync =>
  async (app) => {
    app.addHook('preHandler', requireActor);
    const deps = app.deps;
    const { config } = deps;
    serveEndpoint(app, e.list, (r) => listDocuments(deps, r.actor, { companyPk: r.params.pk, side, ...r.query, url: r.url }));
    serveEndpoint(app, e.folders, (r) => listFolderChoices(deps, r.actor, { companyPk: r.params.pk, side }));
    serveEndpoint(app, e.createFolder, (r) => createFolder(deps, r.actor, { companyPk: r.params.pk, side, ...r.body }));
    serveEndpoint(app, e.upload, async (r) =>
      uploadDocuments(deps, r.actor, { companyPk: r.params.pk, side, upload: await readUploadsEach(r, config.maxUploadBytes, DOCUMENT_UPLOAD_MAX_FILES) }),
    );
    serveEndpoint(app, e.update, (r) => updateDocumentItem(deps, r.actor, { companyPk: r.params.pk, side, documentPk: r.params.documentPk, ...r.body }));
    serveEndpoint(app, e.move, (r) => moveDocuments(deps, r.actor, { companyPk: r.params.pk, side, ...r.body }));
    serveEndpoint(app, e.delete, (r) => deleteDocuments(deps, r.actor, { companyPk: r.params.pk, side, ...r.body }));
    serveEndpoint(app, e.restore, (r) => restoreDocuments(deps, r.actor, { companyPk: r.params.pk, side, ...r.body }));
    serveEndpoint(app, e.download, async (r, reply) =>
      sendDocument(reply, await openDocument(deps, r.actor, { companyPk: r.params.pk, side, documentPk: r.params.documentPk, inline: r.query.inline })),
    );
    serveEndpoint(app, e.zip, async (r, reply) => sendZip(reply, await zipDocuments(deps, r.actor, { companyPk: r.params.pk, side, pks: r.query.pks })));
  };

/** The firm's view of a company's trash. */
const trashRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;
  const e = documentTrashEndpoints;
  serveEndpoint(app, e.list, (r) => listDocumentTrash(deps, r.actor, { companyPk: r.params.pk, ...r.query, url: r.url }));
  serveEndpoint(app, e.restore, (r) => restoreFromTrash(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
};

/** A client company's documents, from the firm's side and from the client's (docs/documents.md). */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sideRoutes(documentEndpoints.accountant, 'accountant'));
  await app.register(sideRoutes(documentEndpoints.client, 'client'));
  await app.register(trashRoutes);
};
