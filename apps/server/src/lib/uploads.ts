import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors.js';

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The one file of a multipart request, with its other fields. */
export interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/** The one file of a multipart request, with its other fields; field errors for a missing or oversized file. */
export const readUpload = async (request: Pick<FastifyRequest, 'isMultipart' | 'file'>, maxBytes: number): Promise<Upload> => {
  if (!request.isMultipart()) throw ValidationError.field('file', 'File is required.');
  const part = await request.file();
  if (!part) throw ValidationError.field('file', 'File is required.');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw ValidationError.field('file', `File is larger than the ${formatBytes(maxBytes)} limit.`);
    }
    throw err;
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && 'value' in field) fields[name] = String(field.value);
  }
  return { bytes, fileName: part.filename, fields };
};
