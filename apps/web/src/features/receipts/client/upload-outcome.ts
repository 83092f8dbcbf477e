import { RECEIPT_UPLOAD_MAX_FILES } from '@herd/contract';
import { normaliseError } from '../../../lib/api-errors';

/** Where one chosen file stands in its upload. */
export type UploadState = { kind: 'sending' } | { kind: 'sent' } | { kind: 'waiting' } | { kind: 'refused'; reason: string } | { kind: 'held'; reason: string };

export interface UploadItem {
  id: number;
  file: File;
  state: UploadState;
  /** The capture the file was taken in (capture-queue.ts): its files are sent, and kept, together. */
  captureKey: string;
}

export const TOO_MANY_FILES = `Choose at most ${RECEIPT_UPLOAD_MAX_FILES} files at a time.`;
export const ONLY_PHOTOS_JOIN = 'Only photos can be joined into one long receipt: choose photos alone, or untick “one long receipt”.';
export const JOIN_FAILED = 'These photos could not be joined on this device. Send them as separate receipts instead.';
export const HELD_BACK = 'Not sent: another file of this upload was refused. Send again without it.';

/**
 * The server refuses the whole upload when one file is bad, with one message per bad file that
 * starts with that file's name. Each file gets its own refusal; the good ones are marked as held
 * back, so the person can send them again without the bad ones.
 */
export const refusalsByFile = (items: readonly UploadItem[], error: unknown): UploadItem[] => {
  const apiError = normaliseError(error);
  const messages = apiError.fields.file ?? [];
  const named = (item: UploadItem) => messages.find((message) => message.startsWith(`${item.file.name} `));
  const general = messages.length === 0 ? (apiError.detail ?? Object.values(apiError.fields)[0]?.[0] ?? apiError.message) : null;
  return items.map((item) => {
    const reason = named(item);
    if (reason) return { ...item, state: { kind: 'refused', reason } };
    // A refusal that names no file (the company, the network) is every file's.
    if (general) return { ...item, state: { kind: 'refused', reason: general } };
    return { ...item, state: { kind: 'held', reason: HELD_BACK } };
  });
};
