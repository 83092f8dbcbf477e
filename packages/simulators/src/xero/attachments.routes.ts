import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpointNamed, type EndpointSpec } from './endpoints.js';
import { envelope } from './envelope.js';
import { badRequest, notFound } from './errors.js';
import { orgOf } from './gateway.js';
import { idempotentWrite } from './idempotent-write.js';
import type { XeroState } from './state.js';
import type { OrgStore, StoredAttachment } from './store.js';
import { attachmentMimeType } from './mime-types.js';
import type { JsonObject } from './types.js';

/** Xero's attachment size limit is UNCONFIRMED; 25 MB is the figure its help pages give for files. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

interface Params {
  endpoint: string;
  id: string;
  file?: string;
}

/** The record an attachment path names; only endpoints that take attachments, and records that exist. */
function owner(request: FastifyRequest): { org: OrgStore; endpoint: EndpointSpec; key: string } {
  const { endpoint: segment, id } = request.params as Params;
  const endpoint = endpointNamed(segment);
  if (!endpoint?.attachments) throw notFound(`${segment} does not take attachments`);
  const org = orgOf(request);
  const record = org.get(endpoint.name, id);
  if (!record) throw notFound(`${endpoint.name} ${id} was not found`);
  return { org, endpoint, key: `${endpoint.name}/${record.id}` };
}

function describe(request: FastifyRequest, endpoint: EndpointSpec, recordId: string, file: StoredAttachment): JsonObject {
  const mount = request.url.slice(0, request.url.indexOf('/api.xro/2.0/'));
  const url = `${request.protocol}://${request.host}${mount}/api.xro/2.0/${endpoint.name}/${recordId}/Attachments/${encodeURIComponent(file.FileName)}`;
  return {
    AttachmentID: file.AttachmentID,
    FileName: file.FileName,
    Url: url,
    MimeType: file.MimeType,
    ContentLength: file.bytes.length,
    IncludeOnline: file.IncludeOnline,
  };
}

/**
 * `GET /{Endpoint}/{Guid}/Attachments`, `GET …/Attachments/{FileName|AttachmentID}` (the bytes),
 * and `PUT`/`POST …/Attachments/{FileName}` with the raw file as the body. Both writes replace a
 * file of the same name (Xero's rule for a repeated name is UNCONFIRMED).
 */
export function attachmentRoutes(state: XeroState) {
  return async (app: FastifyInstance): Promise<void> => {
    // Any content type is a file here, its bytes as they came (the contract judges only their content type).
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES }, (_request, body, done) => done(null, body));

    app.get('/:endpoint/:id/Attachments', async (request) => {
      const { org, endpoint, key } = owner(request);
      const recordId = key.split('/')[1] ?? '';
      return envelope(
        'Attachments',
        (org.attachments.get(key) ?? []).map((file) => describe(request, endpoint, recordId, file)),
      );
    });

    app.get('/:endpoint/:id/Attachments/:file', async (request, reply) => {
      const { org, key } = owner(request);
      const wanted = (request.params as Params).file ?? '';
      const file = (org.attachments.get(key) ?? []).find((row) => row.FileName === wanted || row.AttachmentID === wanted.toLowerCase());
      if (!file) throw notFound(`No attachment ${wanted}`);
      return reply
        .type(file.MimeType)
        .header('content-disposition', `attachment; filename="${file.FileName.replace(/"/g, '')}"`)
        .send(file.bytes);
    });

    const upload = async (request: FastifyRequest, reply: FastifyReply) => {
      const { org, endpoint, key } = owner(request);
      const recordId = key.split('/')[1] ?? '';
      return idempotentWrite(state, org, request, reply, () => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : undefined;
        if (!bytes || bytes.length === 0) throw badRequest('The attachment body is empty');
        const fileName = (request.params as Params).file ?? '';
        const includeOnline = (request.query as Record<string, string | undefined>).IncludeOnline?.toLowerCase() === 'true';
        const files = (org.attachments.get(key) ?? []).filter((row) => row.FileName !== fileName);
        const file: StoredAttachment = {
          AttachmentID: org.newId(),
          FileName: fileName,
          MimeType: attachmentMimeType(fileName, request.headers['content-type']),
          IncludeOnline: includeOnline && endpoint.name === 'Invoices',
          bytes,
        };
        org.attachments.set(key, [...files, file]);
        return { status: 200, body: envelope('Attachments', [describe(request, endpoint, recordId, file)]) };
      });
    };
    app.put('/:endpoint/:id/Attachments/:file', upload);
    app.post('/:endpoint/:id/Attachments/:file', upload);
  };
}
