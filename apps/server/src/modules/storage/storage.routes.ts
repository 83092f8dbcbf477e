import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedFile } from '@herd/contract';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import { readUpload } from '../../lib/uploads.js';
import { requireActor } from '../../plugins/auth.js';
import { deleteFile, openFile, storeUpload } from './storage.service.js';

const tags = ['storage'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });
/** Browsers may show these in place; anything else downloads. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  app.addHook('preHandler', requireActor);

  app.post(
    '/storage/file/create/',
    {
      schema: {
        tags,
        summary: 'Upload a file (multipart field `file`, optional `client_company`)',
        consumes: ['multipart/form-data'],
        response: { 201: storedFile },
      },
    },
    async (request, reply) => {
      const { bytes, fileName, fields } = await readUpload(request, config.maxUploadBytes);
      const clientCompanyPk = fields.client_company ? Number(fields.client_company) : null;
      if (clientCompanyPk !== null && !(Number.isInteger(clientCompanyPk) && clientCompanyPk > 0)) {
        throw ValidationError.field('client_company', 'Client company is not valid.');
      }
      const file = await storeUpload(db, storage, request.actor, { bytes, fileName, clientCompanyPk });
      return reply.status(201).send(file);
    },
  );

  app.get(
    '/storage/file/retrieve/:pk/',
    { schema: { tags, summary: 'Download a file the user may see', params: pkParams } },
    async (request, reply) => {
      const { row, stream } = await openFile(db, storage, request.actor, request.params.pk);
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
    },
  );

  app.delete(
    '/storage/file/delete/:pk/',
    { schema: { tags, summary: 'Delete a file', params: pkParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteFile(db, storage, request.actor, request.params.pk);
      return reply.status(204).send(null);
    },
  );
};
