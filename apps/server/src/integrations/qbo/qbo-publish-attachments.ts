import type { AttachRefusal, LedgerFile } from '../../modules/books/ledger/ledger-records.port.js';
import { isFault, type QboApi } from './qbo-api.js';
import type { TransactionEntity } from './qbo-transaction-map.js';

/**
 * Uploads a published transaction's files as Attachables linked to it (one request each:
 * QuickBooks' upload takes no batch). Each success is recorded at once through the file's
 * `uploaded`, so a retry uploads only what is still missing. A file QuickBooks refuses is the
 * row's error; the categorization itself stands.
 */
export const attachFiles = async (api: QboApi, entity: TransactionEntity, id: string, files: LedgerFile[]): Promise<AttachRefusal | null> => {
  for (const file of files) {
    try {
      const attachable = await api.attach(entity, id, { name: file.name, contentType: file.contentType, bytes: await file.read() });
      await file.uploaded(attachable.Id);
    } catch (err) {
      if (!isFault(err, 'validation')) throw err;
      return { code: err.code, message: `The categorization was published, but QuickBooks refused the file ${file.name}: ${err.ledgerMessage}` };
    }
  }
  return null;
};
