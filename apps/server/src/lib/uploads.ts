import type { FastifyRequest } from 'fastify';
import { labelOf, messages } from '@herd/contract';
import { ValidationError } from './errors.js';
import { hasForbiddenCharacters } from './text-guard.js';

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
  // A multipart body skips the JSON check of text (text-guard.ts): its name and fields are checked here, as the guard would.
  if (!part.filename?.trim()) throw ValidationError.field('file', messages.required('File name'));
  if (hasForbiddenCharacters(part.filename)) throw ValidationError.field('file', messages.badCharacters('File name'));
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (!field || Array.isArray(field) || !('value' in field)) continue;
    const value = String(field.value);
    if (hasForbiddenCharacters(value) || hasForbiddenCharacters(name)) throw ValidationError.field(name, messages.badCharacters(labelOf([name])));
    fields[name] = value;
  }
  return { bytes, fileName: part.filename, fields };
};
