import type { LedgerHistoryRecord } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboEntity } from './qbo-api.js';
import type { Lookups } from './qbo-lookups.js';
import { detailOf, lineAccount, lineCustomerOf, payeeOf, refValue, toCents, type QboLine, type TransactionEntity } from './qbo-transaction-map.js';

/**
 * Journal entries are the accountant's adjustments (accruals, depreciation, reclassifications), not
 * a merchant's purchase or payment: they teach nothing about how a payee is filed.
 */
const HISTORY_ENTITIES: readonly TransactionEntity[] = ['Purchase', 'Deposit', 'Bill', 'VendorCredit', 'SalesReceipt'];

type Obj = Record<string, unknown>;

/** The payee's reference when it names a vendor or a customer (a Purchase's EntityRef says which by its type). */
const partyOf = (entity: TransactionEntity, raw: QboEntity): { vendor: string | null; customer: string | null } => {
  if (entity === 'Bill' || entity === 'VendorCredit') return { vendor: refValue(raw.VendorRef), customer: null };
  if (entity === 'SalesReceipt') return { vendor: null, customer: refValue(raw.CustomerRef) };
  if (entity === 'Purchase') {
    const type = String((raw.EntityRef as Obj | undefined)?.type ?? '');
    if (type === 'Vendor') return { vendor: refValue(raw.EntityRef), customer: null };
    if (type === 'Customer') return { vendor: null, customer: refValue(raw.EntityRef) };
  }
  return { vendor: null, customer: null };
};

/**
 * The categorization history one ledger transaction holds: each of its lines on an income or
 * expense account of the company's chart, when none of its lines waits on a watched account (a
 * transaction partly uncategorized is still a question, not an answer). Empty when it teaches
 * nothing: a journal entry, or no such line. (Whether its words name a merchant is Herd's to judge.)
 */
export const historyLinesOf = (entity: TransactionEntity, raw: QboEntity, lookups: Lookups): LedgerHistoryRecord[] => {
  if (!HISTORY_ENTITIES.includes(entity)) return [];
  const lines = ((raw.Line as QboLine[] | undefined) ?? []).filter((line) => line.DetailType !== 'SubTotalLineDetail');
  const accounts = lines.map((line) => lineAccount(line, lookups));
  if (accounts.some((account) => account !== null && lookups.watched.has(account))) return [];
  const payee = payeeOf(entity, raw, lines);
  const firstDescription = lines.map((line) => String(line.Description ?? '')).find((d) => d !== '') ?? '';
  const description = String(raw.PrivateNote ?? '') || firstDescription;
  const party = partyOf(entity, raw);
  const common = {
    date: String(raw.TxnDate ?? '').slice(0, 10),
    payee,
    description,
    deposit: entity === 'Deposit' || entity === 'SalesReceipt',
  };
  const out: LedgerHistoryRecord[] = [];
  lines.forEach((line, i) => {
    const account = accounts[i];
    if (!account || !lookups.isCategoryAccount(account)) return;
    const detail = detailOf(line);
    out.push({
      ...common,
      lineNumber: out.length,
      amountCents: Math.abs(toCents(line.Amount)),
      categoryExternalId: account,
      vendorExternalId: party.vendor,
      customerExternalId: lineCustomerOf(line) ?? party.customer,
      classExternalId: refValue(detail.ClassRef),
    });
  });
  return common.date === '' ? [] : out;
};
