import { deletedRecord, liveRecord, type LedgerHistoryRecord, type LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import type { XeroLookups } from './xero-lookups.js';
import { idOfRow, isGone, linesOf, mapXeroTransaction, trackingOf, type XeroEntity } from './xero-transaction-map.js';
import { idOf, text, xeroCents, xeroDay, xeroVersion, type XeroObject } from './xero-values.js';

/** Herd keeps a Xero object as `<entity>:<its id>`: the same id never names two kinds of object. */
export const xeroExternalId = (entity: XeroEntity, id: string) => `${entity}:${id}`;
export const xeroIdOf = (entity: XeroEntity, externalId: string) => externalId.slice(entity.length + 1);

/** Money spent or received with a contact: what a payee's category is learnt from (journals, quotes and orders teach nothing). */
const teaches = (entity: XeroEntity, row: XeroObject) => entity === 'BankTransaction' || (entity === 'Invoice' && ['ACCPAY', 'ACCREC'].includes(text(row.Type)));
const isDeposit = (row: XeroObject) => text(row.Type).startsWith('RECEIVE') || text(row.Type) === 'ACCREC';

/** The categorization history of a categorized object: each line on an income or expense account, with its contact and first tracking option. */
const historyOf = (entity: XeroEntity, row: XeroObject, lookups: XeroLookups): LedgerHistoryRecord[] => {
  if (!teaches(entity, row)) return [];
  const lines = linesOf(entity, row);
  const contact = idOf(row.Contact, 'ContactID');
  const deposit = isDeposit(row);
  const common = {
    date: xeroDay(row),
    payee: text((row.Contact as XeroObject | undefined)?.Name),
    description: text(row.Reference) || text(lines[0]?.Description),
    deposit,
  };
  const out: LedgerHistoryRecord[] = [];
  for (const line of lines) {
    const account = lookups.accountOf(line);
    if (!account || !lookups.isCategory(account)) continue;
    out.push({
      ...common,
      lineNumber: out.length,
      amountCents: Math.abs(xeroCents(line.LineAmount)),
      categoryExternalId: account,
      vendorExternalId: deposit ? null : contact,
      customerExternalId: deposit ? contact : null,
      classExternalId: trackingOf(line, lookups)[0],
    });
  }
  return out;
};

/**
 * One Xero object as the port's record: deleted or voided, waiting on a watched account, or
 * categorized in Xero (with the history it teaches). Xero keeps no version number: when it last
 * changed the object (`UpdatedDateUTC`) orders its edits instead.
 */
export const xeroRecordOf = (entity: XeroEntity, row: XeroObject, lookups: XeroLookups): LedgerRecord => {
  const externalId = xeroExternalId(entity, idOfRow(entity, row));
  // An object without a stamp (a repeating invoice) has no version: Herd cannot tell whether its copy
  // is newer than the client's answer, so the answer stands (an empty version would count as newer every time).
  const version = xeroVersion(row) || null;
  if (isGone(row)) return deletedRecord(externalId, version);
  return liveRecord(externalId, version, row, mapXeroTransaction(entity, row, lookups), () => historyOf(entity, row, lookups));
};
