import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MONEY_PATTERN } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { files, receipts } from '../../../db/schema/index.js';
import { insertFile } from '../../platform/stored-files/stored-files.face.js';
import { newStorageKey } from '../../platform/stored-files/stored-files.face.js';
import { queueReceiptMatch } from '../../../jobs/receipt-match-requests.js';
import { ReceiptReadingError, type ReadingHints } from './reading/reading.face.js';
import { installedReader, type ReadValue, type ReceiptReader, type ReceiptReading } from './receipt-reader.port.js';
import { findEarlierTwin, updateReceipt, type ReceiptRow } from './receipts.queries.js';

type JobDeps = Pick<AppDeps, 'db' | 'storage' | 'jobs'> & { log?: { warn: (details: object, message: string) => void } };

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/** Why a file failed when the reading library did not say (an engine crash, a lost thread). */
const UNREADABLE = 'The file could not be read.';

const clamp = (n: number) => Math.min(1, Math.max(0, n));
/** A value the engine gives is kept only when the column can hold it; a field a person set is never overwritten. */
const valid = {
  vendor: (v: string) => v.trim().length > 0 && v.length <= 200,
  date: (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  total: (v: string) => MONEY_PATTERN.test(v),
  currency: (v: string) => /^[A-Z]{3}$/.test(v),
};

const take = (read: ReadValue<string> | null, edited: boolean, ok: (v: string) => boolean) =>
  !edited && read && ok(read.value) ? { value: read.value, confidence: clamp(read.confidence) } : null;

/** What a reading changes on the receipt: the fields nobody set by hand. */
const fieldsFrom = (row: ReceiptRow, reading: ReceiptReading): Partial<typeof receipts.$inferInsert> => {
  const vendor = take(reading.vendor, row.vendorEdited, valid.vendor);
  const date = take(reading.date, row.dateEdited, valid.date);
  const total = take(reading.total, row.totalEdited, valid.total);
  const currency = take(reading.currency, row.currencyEdited, valid.currency);
  return {
    ...(vendor ? { vendor: vendor.value.trim(), vendorConfidence: vendor.confidence } : {}),
    ...(date ? { receiptDate: date.value, dateConfidence: date.confidence } : {}),
    ...(total ? { total: total.value, totalConfidence: total.confidence } : {}),
    ...(currency ? { currency: currency.value, currencyConfidence: currency.confidence } : {}),
  };
};

/**
 * What the email that brought a receipt says about it. Its note holds the
 * message's own words, or its subject when the message had none: a single
 * short line is read as a subject ("Your receipt from Adobe — $52.99 — Sep 18",
 * which names the vendor), anything longer as the body (never the vendor).
 */
const hintsOf = (row: ReceiptRow): ReadingHints => {
  const hints: ReadingHints = { receivedOn: row.createdAt };
  const note = row.note.trim();
  if (row.source !== 'EMAIL' || note === '') return hints;
  return note.length <= 200 && !note.includes('\n') ? { ...hints, emailSubject: note } : { ...hints, emailBody: note };
};

/**
 * The `receipt-read` job: reads the receipt's file with the reading engine,
 * keeps what it read, stores its thumbnail, then
 * flags the receipt when an earlier one of the same company has the same file
 * or the same vendor, date and total. A file the engine cannot read leaves the
 * read state FAILED, with why (`read_error`: "The pages of the PDF are
 * blank.", "Reading the file took longer than 30 s."), and the fields for a
 * person to fill. Then it queues the
 * receipt's matching. Running it twice does no harm: a READ receipt is not
 * read again.
 */
export const runReceiptRead = async (deps: JobDeps, receiptPk: number, reader: ReceiptReader = installedReader) => {
  const { db } = deps;
  const [found] = await db.select({ receipt: receipts, file: files }).from(receipts).innerJoin(files, eq(files.pk, receipts.fileId)).where(eq(receipts.pk, receiptPk));
  if (!found) return;
  let row = found.receipt;
  if (row.readState !== 'READ') {
    let reading: ReceiptReading | null = null;
    let failure = UNREADABLE;
    try {
      reading = await reader(await readAll(await deps.storage.get(found.file.storageKey)), found.file.contentType, {
        hints: hintsOf(row),
        onThumbnailFailure: (err) => deps.log?.warn({ err, receiptPk }, 'receipt thumbnail could not be made'),
      });
    } catch (err) {
      deps.log?.warn({ err, receiptPk }, 'receipt could not be read');
      // The reading library's own sentences are written for the sender; anything else (a crash) is not.
      if (err instanceof ReceiptReadingError) failure = err.message;
    }
    const changes: Partial<typeof receipts.$inferInsert> = reading
      ? { ...fieldsFrom(row, reading), readState: 'READ', readError: null }
      : { readState: 'FAILED', readError: failure };
    if (reading?.thumbnail && row.thumbnailFileId === null) {
      const key = newStorageKey();
      await deps.storage.put(key, reading.thumbnail.bytes, reading.thumbnail.contentType);
      const thumb = await insertFile(db, {
        firmId: row.firmId,
        clientCompanyId: row.clientCompanyId,
        storageKey: key,
        name: `thumbnail-${found.file.name}`.slice(0, 200),
        contentType: reading.thumbnail.contentType,
        size: reading.thumbnail.bytes.length,
        sha256: createHash('sha256').update(reading.thumbnail.bytes).digest('hex'),
        createdBy: row.uploadedBy,
      });
      changes.thumbnailFileId = thumb.pk;
    }
    await updateReceipt(db, row.firmId, row.pk, changes);
    row = { ...row, ...changes } as ReceiptRow;
  }
  if (row.duplicateOfId === null) {
    const twin = await findEarlierTwin(db, row, found.file.sha256);
    if (twin !== null) await updateReceipt(db, row.firmId, row.pk, { duplicateOfId: twin });
  }
  // Charges may already be waiting for it; matching reads the fields just stored.
  if (row.clientCompanyId !== null) await queueReceiptMatch(deps.jobs, row.pk);
};
