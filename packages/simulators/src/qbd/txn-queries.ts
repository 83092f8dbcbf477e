import type { QbdCompany } from './company-store.js';
import type { IteratorRegistry } from './iterators.js';
import { parseQbdInstant } from './qbd-time.js';
import type { RequestOutcome } from './qbxml-status.js';
import { answerQuery, type QueryMatch } from './query-answer.js';
import { readRef } from './request-fields.js';
import { txnRet } from './ret-builders.js';
import type { Ref, Txn, TxnKind } from './types.js';
import { child, childText, childrenNamed, type XmlElement } from './xml-tree.js';

/**
 * `CheckQueryRq`, `DepositQueryRq`, … : TxnID* | RefNumber* | the filters, then IncludeLineItems
 * (INTEGRATIONS.md §3.4). Lines come back only with `IncludeLineItems` true, for every kind
 * including journal entries (whether QuickBooks always sends journal lines is UNCONFIRMED).
 */
export function answerTxnQuery(company: QbdCompany, iterators: IteratorRegistry, kind: TxnKind, request: XmlElement): RequestOutcome {
  const includeLines = childText(request, 'IncludeLineItems') === 'true';
  return answerQuery(
    request,
    iterators,
    () => matchTxns(company, kind, request),
    (id) => {
      const txn = company.getTxn(id);
      return txn ? txnRet(txn, includeLines) : undefined;
    },
  );
}

function matchTxns(company: QbdCompany, kind: TxnKind, request: XmlElement): QueryMatch {
  const txnIds = childrenNamed(request, 'TxnID').map((each) => each.text);
  if (txnIds.length > 0) {
    const found = txnIds.filter((id) => company.getTxn(id)?.kind === kind);
    return { ids: found, missingIds: txnIds.filter((id) => !found.includes(id)) };
  }
  const refNumbers = childrenNamed(request, 'RefNumber').map((each) => each.text);
  if (refNumbers.length > 0) {
    const found = company.txns(kind).filter((txn) => txn.refNumber !== undefined && refNumbers.includes(txn.refNumber));
    const foundRefs = new Set(found.map((txn) => txn.refNumber));
    return { ids: found.map((txn) => txn.txnId), missingIds: refNumbers.filter((ref) => !foundRefs.has(ref)) };
  }
  const tests = [modifiedTest(request), txnDateTest(request), entityTest(request), accountTest(request), paidStatusTest(request)];
  const matches = company.txns(kind).filter((txn) => tests.every((test) => test(txn)));
  return { ids: matches.map((txn) => txn.txnId), missingIds: [] };
}

type TxnTest = (txn: Txn) => boolean;

function modifiedTest(request: XmlElement): TxnTest {
  const filter = child(request, 'ModifiedDateRangeFilter');
  if (!filter) return () => true;
  const from = childText(filter, 'FromModifiedDate');
  const to = childText(filter, 'ToModifiedDate');
  const fromMs = from === undefined ? -Infinity : parseQbdInstant(from);
  const toMs = to === undefined ? Infinity : parseQbdInstant(to, true);
  return (txn) => txn.timeModified >= fromMs && txn.timeModified <= toMs;
}

function txnDateTest(request: XmlElement): TxnTest {
  const filter = child(request, 'TxnDateRangeFilter');
  if (!filter) return () => true;
  const from = childText(filter, 'FromTxnDate') ?? '0000-00-00';
  const to = childText(filter, 'ToTxnDate') ?? '9999-99-99';
  return (txn) => txn.txnDate >= from && txn.txnDate <= to;
}

function refMatches(ref: Ref | undefined, wanted: { listId?: string; fullName?: string }): boolean {
  if (!ref) return false;
  return wanted.listId !== undefined ? ref.listId === wanted.listId : ref.fullName.toLowerCase() === wanted.fullName?.toLowerCase();
}

function entityTest(request: XmlElement): TxnTest {
  const filter = child(request, 'EntityFilter');
  if (!filter) return () => true;
  const wanted = readRef(filter);
  return (txn) => refMatches(txn.payee, wanted);
}

/** AccountFilter matches the header account or any line's account. */
function accountTest(request: XmlElement): TxnTest {
  const filter = child(request, 'AccountFilter');
  if (!filter) return () => true;
  const wanted = readRef(filter);
  return (txn) =>
    [txn.account, ...txn.expenseLines.map((line) => line.account), ...txn.journalLines.map((line) => line.account), ...txn.depositLines.map((line) => line.account)].some(
      (account) => refMatches(account, wanted),
    );
}

/** BillQuery's PaidStatus: All (the default), PaidOnly or NotPaidOnly. */
function paidStatusTest(request: XmlElement): TxnTest {
  const status = childText(request, 'PaidStatus');
  if (status === 'PaidOnly') return (txn) => txn.isPaid === true;
  if (status === 'NotPaidOnly') return (txn) => txn.isPaid !== true;
  return () => true;
}
