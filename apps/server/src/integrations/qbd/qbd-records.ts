import { deletedRecord, liveRecord, type LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import type { QbdLookups } from './qbd-lookups.js';
import { mapQbdTransaction, qbdHistoryOf, type QbdTxnKind } from './qbd-transaction-map.js';
import { plainOf, textOf, type QbxmlElement } from './qbxml-xml.js';

/**
 * One Ret as the port's record. A TxnID is unique across every kind in a company file, so it is the
 * external id as is; EditSequence, which QuickBooks moves on every change and checks on every Mod,
 * is the version.
 */
export const qbdRecordOf = (kind: QbdTxnKind, ret: QbxmlElement, lookups: QbdLookups): LedgerRecord =>
  liveRecord(textOf(ret, 'TxnID'), textOf(ret, 'EditSequence') || null, plainOf(ret), mapQbdTransaction(kind, ret, lookups), () => qbdHistoryOf(kind, ret, lookups));

/** A transaction QuickBooks no longer has: deleted in the company file (qbXML has no void status to read here). */
export const qbdGoneRecord = (txnId: string): LedgerRecord => deletedRecord(txnId, null);
