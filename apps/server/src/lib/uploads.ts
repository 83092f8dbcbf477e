import type { FastifyRequest } from 'fastify';
import { labelOf, messages } from '@herd/contract';
import { AppError, ValidationError } from './errors.js';
import { hasForbiddenCharacters } from './text-guard.js';

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The one file of a multipart request, with its other fields. */
export interface Upload {
  bytes: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/** What a body the multipart parser cannot read (no boundary, another boundary, cut short) is answered. */
export const MALFORMED_UPLOAD = 'The upload could not be read: the form data is incomplete or malformed. Choose the file and send it again.';

/**
 * Runs a reader of the request's multipart body, answering 400 for anything the parser throws that is
 * not already one of our answers: busboy's "Boundary not found", "Unexpected end of form" and the like
 * are the client's malformed body, never a fault of the server.
 */
const readingMultipart = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw ValidationError.detail(MALFORMED_UPLOAD);
  }
};

/** The one file of a multipart request, with its other fields; field errors for a missing or oversized file. */
export const readUpload = (request: Pick<FastifyRequest, 'isMultipart' | 'file'>, maxBytes: number): Promise<Upload> =>
  readingMultipart(() => readOneUpload(request, maxBytes));

const readOneUpload = async (request: Pick<FastifyRequest, 'isMultipart' | 'file'>, maxBytes: number): Promise<Upload> => {
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

/** Every file of a multipart request (field `file`, repeated), with its other fields. */
export interface MultiUpload {
  files: { bytes: Buffer; fileName: string }[];
  fields: Record<string, string>;
}

const isCode = (err: unknown, code: string) => (err as { code?: string } | null)?.code === code;

/**
 * Several files in one request, read whole up to `maxBytes` each and at most
 * `maxFiles`: field errors for an oversized file (naming it), too many files,
 * a missing or unusable name. An empty file is read as it is: what it may be
 * is the caller's rule. The whole request fails on the first file refused
 * (`readUploadsEach` keeps the others).
 */
export const readUploads = async (request: Pick<FastifyRequest, 'isMultipart' | 'parts'>, maxBytes: number, maxFiles: number): Promise<MultiUpload> => {
  const { files, fields } = await readUploadsEach(request, maxBytes, maxFiles);
  const refused = files.find((file) => 'refused' in file);
  if (refused && 'refused' in refused) {
    throw ValidationError.field('file', refused.tooLarge ? `${refused.fileName || 'A file'} is larger than the ${formatBytes(maxBytes)} limit.` : refused.refused);
  }
  return { files: files.flatMap((file) => ('bytes' in file ? [{ bytes: file.bytes, fileName: file.fileName }] : [])), fields };
};

/** One file of a multipart request read on its own: its bytes, or why it cannot be taken (the others still can). */
export type UploadedFile = { index: number; fileName: string; bytes: Buffer } | { index: number; fileName: string; refused: string; tooLarge?: true };

/**
 * Several files in one request, each judged on its own: a file over `maxBytes` (read no further than the
 * limit) or without a usable name is reported beside the others instead of failing the request, so a
 * caller can keep what it can and say why the rest was not kept. The request as a whole still fails for
 * more than `maxFiles` files, a bad field, no file at all or a malformed body.
 */
export const readUploadsEach = (
  request: Pick<FastifyRequest, 'isMultipart' | 'parts'>,
  maxBytes: number,
  maxFiles: number,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> => readingMultipart(() => readEachUpload(request, maxBytes, maxFiles));

const readEachUpload = async (request: Pick<FastifyRequest, 'isMultipart' | 'parts'>, maxBytes: number, maxFiles: number) => {
  if (!request.isMultipart()) throw ValidationError.field('file', 'File is required.');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    // Without throwFileSizeLimit a file over the limit is cut short and flagged `truncated`, and the parts after it are still read
    // (`parts()` takes the option at run time; its types leave it out).
    const options = { limits: { files: maxFiles, fileSize: maxBytes, fields: 10 }, throwFileSizeLimit: false } as Parameters<typeof request.parts>[0];
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        const index = files.length;
        const fileName = part.filename ?? '';
        const bytes = await part.toBuffer();
        if (part.file.truncated) files.push({ index, fileName, refused: `“${fileName}” is larger than the ${formatBytes(maxBytes)} limit.`, tooLarge: true });
        else if (!fileName.trim()) files.push({ index, fileName, refused: messages.required('File name') });
        else if (hasForbiddenCharacters(fileName)) files.push({ index, fileName: '', refused: messages.badCharacters('File name') });
        else files.push({ index, fileName, bytes });
      } else {
        const value = String(part.value);
        if (hasForbiddenCharacters(value) || hasForbiddenCharacters(part.fieldname))
          throw ValidationError.field(part.fieldname, messages.badCharacters(labelOf([part.fieldname])));
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (isCode(err, 'FST_FILES_LIMIT')) throw ValidationError.field('file', `At most ${maxFiles} files can be uploaded at once.`);
    if (isCode(err, 'FST_FIELDS_LIMIT') || isCode(err, 'FST_PARTS_LIMIT')) throw ValidationError.detail('The upload has too many fields.');
    throw err;
  }
  if (files.length === 0) throw ValidationError.field('file', 'File is required.');
  return { files, fields };
};
