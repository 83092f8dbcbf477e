import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createEntity } from './entity-service.js';
import { recordContractViolation } from '../contract-check/index.js';
import { qboSchema } from '../qbo-schema/index.js';
import { invalidRequest, requiredParamMissing, unsupportedProperties } from './faults.js';
import { QBO_CONTRACT } from './schema-check.js';
import type { CompanyStore } from './store.js';
import { isJsonObject, type JsonObject, type QboEntity } from './types.js';

const METADATA_PREFIX = 'file_metadata_';
const CONTENT_PREFIX = 'file_content_';

interface ContentPart {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * POST /upload (§1.9). Parts pair up by the suffix after `file_metadata_` / `file_content_`.
 * A content part without metadata makes an unlinked Attachable, which node-quickbooks then links
 * with an ordinary Attachable update; both flows end in the same stored object.
 */
export async function handleUpload(request: FastifyRequest, store: CompanyStore, baseUrl: string): Promise<QboEntity[]> {
  if (!request.isMultipart()) throw invalidRequest('Content-Type must be multipart/form-data');
  const metadata = new Map<string, JsonObject>();
  const contents = new Map<string, ContentPart>();
  for await (const part of request.parts()) {
    if (part.fieldname.startsWith(METADATA_PREFIX)) {
      const text = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
      metadata.set(part.fieldname.slice(METADATA_PREFIX.length), checkedMetadata(parseMetadata(text)));
    } else if (part.fieldname.startsWith(CONTENT_PREFIX) && part.type === 'file') {
      contents.set(part.fieldname.slice(CONTENT_PREFIX.length), {
        fileName: part.filename,
        contentType: part.mimetype,
        bytes: await part.toBuffer(),
      });
    } else if (part.type === 'file') {
      // Unknown file parts must still be drained or the request never finishes.
      await part.toBuffer();
    }
  }
  if (contents.size === 0) throw requiredParamMissing(`${CONTENT_PREFIX}<id>`);
  const created: QboEntity[] = [];
  for (const [suffix, content] of contents) {
    const meta = metadata.get(suffix) ?? {};
    const fileName = typeof meta.FileName === 'string' ? meta.FileName : content.fileName;
    const contentType = typeof meta.ContentType === 'string' ? meta.ContentType : content.contentType;
    const row = createEntity(store, 'Attachable', { ...meta, FileName: fileName, ContentType: contentType, Size: content.bytes.length });
    // The download URIs name the new id, so they are filled in right after the insert.
    row.FileAccessUri = `/v3/company/${store.realmId}/download/${row.Id}`;
    // Like Intuit's pre-signed links, unguessable: whoever has the link has the file, nobody else.
    const key = randomBytes(16).toString('hex');
    row.TempDownloadUri = `${baseUrl}/sim-files/${store.realmId}/${row.Id}/${key}`;
    store.files.set(row.Id, { fileName, contentType, bytes: content.bytes, key });
    created.push(row);
  }
  return created;
}

function parseMetadata(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    if (isJsonObject(value)) return value;
  } catch {
    // Reported below as QBO does for any unreadable metadata part.
  }
  throw invalidRequest('file_metadata is not an Attachable JSON object');
}

/** A metadata part is an Attachable as the schema writes it; QuickBooks refuses the upload when it is not. */
function checkedMetadata(attachable: JsonObject): JsonObject {
  const problems = qboSchema().checkElement('Attachable', attachable);
  if (problems.length === 0) return attachable;
  recordContractViolation({ contract: QBO_CONTRACT, direction: 'request', message: 'POST /upload (file_metadata)', problems });
  throw unsupportedProperties(problems);
}
