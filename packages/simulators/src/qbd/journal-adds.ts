import type { QbdCompany } from './company-store.js';
import { readAmount } from './line-mods.js';
import { qbdDate } from './qbd-time.js';
import { closedPeriod, failed, invalidValue, missingElement, STATUS_OK, type QbxmlStatus, type RequestOutcome } from './qbxml-status.js';
import { isStatus, resolveRef } from './request-fields.js';
import { txnRet } from './ret-builders.js';
import type { JournalLine } from './types.js';
import { child, childText, type XmlElement } from './xml-tree.js';

const SIDES: Record<string, JournalLine['side']> = { JournalDebitLine: 'Debit', JournalCreditLine: 'Credit' };

/** One JournalDebitLine or JournalCreditLine as stored; the first bad field stops it with its status. */
function readLine(company: QbdCompany, element: XmlElement, side: JournalLine['side']): JournalLine | QbxmlStatus {
  const account = resolveRef(company, element, 'AccountRef', ['Account']);
  if (isStatus(account)) return account;
  // The schema lets a line leave its account out; QuickBooks cannot post one without it.
  if (!account) return missingElement(`${element.name}/AccountRef`);
  const entity = resolveRef(company, element, 'EntityRef', ['Customer', 'Vendor']);
  if (isStatus(entity)) return entity;
  const klass = resolveRef(company, element, 'ClassRef', ['Class']);
  if (isStatus(klass)) return klass;
  const amount = readAmount(element) ?? 0;
  if (isStatus(amount)) return amount;
  // A journal line's side says which way it goes; a minus sign would turn it around, which QuickBooks refuses.
  if (amount < 0) return invalidValue(childText(element, 'Amount') ?? '', `${element.name}/Amount`);
  const memo = childText(element, 'Memo');
  return {
    txnLineId: '',
    side,
    account,
    amountCents: amount,
    ...(memo !== undefined ? { memo } : {}),
    ...(entity ? { entity } : {}),
    ...(klass ? { class: klass } : {}),
  };
}

/**
 * `JournalEntryAddRq><JournalEntryAdd>`: its debit and credit lines in the order sent, each naming
 * accounts, names and classes the company has (3140). A journal whose debits do not equal its
 * credits is refused (3210, as the Mod's; the code QuickBooks answers is UNCONFIRMED), and so is one
 * dated on or before the company's closing date (3171). Without a TxnDate it is dated today. Nothing
 * is stored unless all of it holds; the answer is the new journal's Ret, lines included.
 */
export function answerJournalEntryAdd(company: QbdCompany, request: XmlElement): RequestOutcome {
  const add = child(request, 'JournalEntryAdd');
  if (!add) return failed(missingElement('JournalEntryAdd'));
  const journalLines: JournalLine[] = [];
  for (const element of add.children) {
    const side = SIDES[element.name];
    if (!side) continue;
    const line = readLine(company, element, side);
    if (isStatus(line)) return failed(line);
    journalLines.push(line);
  }
  const balance = journalLines.reduce((sum, line) => sum + (line.side === 'Debit' ? line.amountCents : -line.amountCents), 0);
  if (balance !== 0) return failed(invalidValue((balance / 100).toFixed(2), 'JournalEntryAdd (debits minus credits)'));
  const txnDate = childText(add, 'TxnDate') ?? qbdDate(company.now());
  if (company.closingDate !== null && txnDate <= company.closingDate) return failed(closedPeriod('add', 'JournalEntry'));
  const refNumber = childText(add, 'RefNumber');
  const memo = childText(add, 'Memo');
  const txn = company.addTxn({
    kind: 'JournalEntry',
    txnDate,
    ...(refNumber !== undefined ? { refNumber } : {}),
    ...(memo !== undefined ? { memo } : {}),
    expenseLines: [],
    itemLines: [],
    journalLines,
    depositLines: [],
  });
  return { status: STATUS_OK, rets: [txnRet(txn, true)] };
}
