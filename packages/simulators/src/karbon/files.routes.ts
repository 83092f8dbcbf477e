import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { badValue, notFound } from './errors.js';
import { tenantOf } from './gateway.js';
import type { KarbonFile } from './tenant.js';

const ENTITY_TYPES = ['WorkItem', 'Contact', 'Organization'];

/** What FileList says of a file (the reference's FileListItem): never its bytes. */
const describe = (file: KarbonFile, token: string) => ({
  FileContextKey: file.FileContextKey,
  FileName: file.FileName,
  FileSize: file.FileSize,
  MimeType: file.MimeType,
  DownloadUrl: `/V3/Files?token=${token}`,
  DateCreated: file.DateCreated,
});

/**
 * Files as the OpenAPI has them: `GET /v3/FileList/{EntityType}?EntityKey=` lists an entity's
 * files, `GET /v3/FileDetails/{key}/Download` redirects to a download URL carrying a token (valid
 * 15 minutes at Karbon; here until the simulator stops), and `GET /v3/Files?token=` answers the
 * bytes. Tokens are the simulator's own opaque strings (Karbon's are JWTs).
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const tokens = new Map<string, { tenant: string; key: string }>();
  const tokenFor = (tenant: string, key: string) => {
    const token = `eyJ${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { tenant, key });
    return token;
  };

  app.get<{ Params: { entityType: string }; Querystring: { EntityKey?: string } }>('/FileList/:entityType', async (request) => {
    const tenant = tenantOf(request);
    if (!ENTITY_TYPES.includes(request.params.entityType)) throw badValue('EntityType must be WorkItem, Contact or Organization.');
    const key = request.query.EntityKey;
    if (!key) throw badValue('EntityKey is required.');
    const attachments = [...tenant.files.values()].filter((f) => f.EntityType === request.params.entityType && f.EntityKey === key && !f.IsArchived);
    return { EntityKey: key, EntityType: request.params.entityType, Attachments: attachments.map((f) => describe(f, tokenFor(tenant.tenantKey, f.FileContextKey))) };
  });

  app.get<{ Params: { key: string } }>('/FileDetails/:key/Download', async (request, reply) => {
    const tenant = tenantOf(request);
    const file = tenant.files.get(request.params.key);
    if (!file) throw notFound('No File found for provided key');
    // The Location is absolute, on the address the request came to (a prefix included).
    const base = `${request.protocol}://${request.host}${request.url.slice(0, request.url.indexOf('/v3/'))}`;
    return reply.redirect(`${base}/v3/Files?token=${tokenFor(tenant.tenantKey, file.FileContextKey)}`, 302);
  });

  app.get<{ Querystring: { token?: string } }>('/Files', async (request, reply) => {
    const tenant = tenantOf(request);
    const found = request.query.token ? tokens.get(request.query.token) : undefined;
    const file = found && found.tenant === tenant.tenantKey ? tenant.files.get(found.key) : undefined;
    if (!file) throw badValue('Attachment token could not be validated.');
    return reply.type(file.MimeType).send(file.bytes);
  });
};
